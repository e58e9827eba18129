CREATE TABLE `calls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`team_id` text NOT NULL,
	`tool` text NOT NULL,
	`provider` text,
	`fingerprint` text NOT NULL,
	`cache` text NOT NULL,
	`upstream` integer NOT NULL,
	`upstream_status` integer,
	`error_code` text,
	`latency_ms` integer NOT NULL,
	`upstream_ms` integer,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `calls_team_tool` ON `calls` (`team_id`,`tool`);--> statement-breakpoint
CREATE INDEX `calls_at` ON `calls` (`at`);--> statement-breakpoint
CREATE TABLE `responses` (
	`fingerprint` text PRIMARY KEY NOT NULL,
	`tool` text NOT NULL,
	`tool_version` integer NOT NULL,
	`result` text NOT NULL,
	`fetched_at` integer NOT NULL,
	`fresh_until` integer NOT NULL,
	`stale_until` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `responses_tool` ON `responses` (`tool`);--> statement-breakpoint
CREATE TABLE `snapshot_entries` (
	`snapshot_id` text NOT NULL,
	`fingerprint` text NOT NULL,
	`tool` text NOT NULL,
	`tool_version` integer NOT NULL,
	`result` text NOT NULL,
	`fetched_at` integer NOT NULL,
	PRIMARY KEY(`snapshot_id`, `fingerprint`),
	FOREIGN KEY (`snapshot_id`) REFERENCES `snapshots`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `snapshots` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`entry_count` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `snapshots_name_unique` ON `snapshots` (`name`);--> statement-breakpoint
CREATE TABLE `team_keys` (
	`team_id` text NOT NULL,
	`key_secret` text NOT NULL,
	`ciphertext` text NOT NULL,
	`key_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`team_id`, `key_secret`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `teams_name_unique` ON `teams` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `teams_token_hash_unique` ON `teams` (`token_hash`);