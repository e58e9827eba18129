CREATE TABLE `synth_examples` (
	`id` text PRIMARY KEY NOT NULL,
	`job_id` text NOT NULL,
	`shape` text NOT NULL,
	`kept` integer NOT NULL,
	`rejection` text,
	`signature` text NOT NULL,
	`example` text NOT NULL,
	`calls` integer NOT NULL,
	`upstream_calls` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `synth_examples_job` ON `synth_examples` (`job_id`,`kept`);--> statement-breakpoint
CREATE INDEX `synth_examples_signature` ON `synth_examples` (`job_id`,`signature`);--> statement-breakpoint
CREATE TABLE `synth_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`status` text NOT NULL,
	`params` text NOT NULL,
	`progress` text NOT NULL,
	`graph_version` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
