ALTER TABLE `snapshots` ADD `team_id` text;--> statement-breakpoint
ALTER TABLE `snapshots` ADD `shared` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `snapshots` ADD `verified` integer DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE `snapshots` SET `shared` = true, `verified` = false WHERE `team_id` IS NULL;--> statement-breakpoint
DROP INDEX `snapshots_name_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `snapshots_team_name` ON `snapshots` (`team_id`,`name`);--> statement-breakpoint
CREATE TABLE `web_sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `web_sessions_team` ON `web_sessions` (`team_id`);--> statement-breakpoint
CREATE INDEX `web_sessions_expires` ON `web_sessions` (`expires_at`);
