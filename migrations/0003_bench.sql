CREATE TABLE `bench_attempts` (
	`run_id` text NOT NULL,
	`item_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`status` text NOT NULL,
	`trajectory` text,
	`steps` integer NOT NULL,
	`tool_calls` integer NOT NULL,
	`model_ms` integer NOT NULL,
	`tool_ms` integer NOT NULL,
	`total_ms` integer NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer NOT NULL,
	PRIMARY KEY(`run_id`, `item_id`, `attempt`)
);
--> statement-breakpoint
CREATE TABLE `bench_gold` (
	`run_id` text NOT NULL,
	`task_id` text NOT NULL,
	`ok` integer NOT NULL,
	`reason` text,
	`run` text NOT NULL,
	`ms` integer NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`run_id`, `task_id`)
);
--> statement-breakpoint
CREATE TABLE `bench_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`suite` text NOT NULL,
	`label` text NOT NULL,
	`model` text NOT NULL,
	`endpoint` text NOT NULL,
	`params` text NOT NULL,
	`mode` text NOT NULL,
	`snapshot` text,
	`now` integer NOT NULL,
	`status` text NOT NULL,
	`items` text NOT NULL,
	`attempts_planned` integer NOT NULL,
	`attempts_done` integer NOT NULL,
	`summary` text,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `bench_runs_team` ON `bench_runs` (`team_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `bench_scores` (
	`run_id` text NOT NULL,
	`item_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`scorable` integer NOT NULL,
	`pass` integer NOT NULL,
	`error_type` text,
	`detail` text NOT NULL,
	`scored_at` integer NOT NULL,
	PRIMARY KEY(`run_id`, `item_id`, `attempt`)
);
--> statement-breakpoint
CREATE TABLE `bench_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`shape` text NOT NULL,
	`level` integer NOT NULL,
	`providers` text NOT NULL,
	`request_ko` text NOT NULL,
	`gold_calls` integer NOT NULL,
	`task` text NOT NULL,
	`hash` text NOT NULL,
	`synced_at` integer NOT NULL
);
