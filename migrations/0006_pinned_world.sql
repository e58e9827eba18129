ALTER TABLE `snapshots` ADD `at` integer;--> statement-breakpoint
ALTER TABLE `snapshots` ADD `catalog_version` text;--> statement-breakpoint
ALTER TABLE `snapshots` ADD `task_set` text;--> statement-breakpoint
ALTER TABLE `bench_runs` ADD `catalog_version` text;--> statement-breakpoint
ALTER TABLE `bench_runs` ADD `task_set` text;--> statement-breakpoint
ALTER TABLE `bench_runs` ADD `world` text;
