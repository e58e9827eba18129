CREATE TABLE `imported_tools` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`provider` text NOT NULL,
	`provider_info` text NOT NULL,
	`host` text NOT NULL,
	`search` text NOT NULL,
	`spec` text NOT NULL,
	`replica` text NOT NULL,
	`hash` text NOT NULL,
	`import_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `imported_tools_provider` ON `imported_tools` (`provider`);--> statement-breakpoint
CREATE INDEX `imported_tools_updated` ON `imported_tools` (`updated_at`);--> statement-breakpoint
CREATE TABLE `imported_tool_versions` (
	`name` text NOT NULL,
	`version` integer NOT NULL,
	`spec` text NOT NULL,
	`hash` text NOT NULL,
	`import_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`name`, `version`)
);
--> statement-breakpoint
CREATE TABLE `catalog_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`documents` integer NOT NULL,
	`operations` integer NOT NULL,
	`added` integer NOT NULL,
	`changed` integer NOT NULL,
	`unchanged` integer NOT NULL,
	`rejected` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `catalog_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`generation` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `graph_evidence` ADD `against` text DEFAULT 'unknown' NOT NULL;
