CREATE TABLE `graph_drift` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tool` text NOT NULL,
	`at` integer NOT NULL,
	`before` text NOT NULL,
	`after` text NOT NULL,
	`added` text NOT NULL,
	`removed` text NOT NULL,
	`retyped` text NOT NULL,
	`stale_edges` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `graph_edges` (
	`id` text PRIMARY KEY NOT NULL,
	`from_tool` text NOT NULL,
	`to_tool` text NOT NULL,
	`bindings` text NOT NULL,
	`score_pct` integer NOT NULL,
	`reasons` text NOT NULL,
	`status` text NOT NULL,
	`status_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`checked_at` integer
);
--> statement-breakpoint
CREATE INDEX `graph_edges_status` ON `graph_edges` (`status`);--> statement-breakpoint
CREATE INDEX `graph_edges_from` ON `graph_edges` (`from_tool`);--> statement-breakpoint
CREATE INDEX `graph_edges_to` ON `graph_edges` (`to_tool`);--> statement-breakpoint
CREATE TABLE `graph_evidence` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`edge_id` text NOT NULL,
	`at` integer NOT NULL,
	`verdict` text NOT NULL,
	`tries` integer NOT NULL,
	`outcomes` text NOT NULL,
	`samples` text NOT NULL,
	`fingerprints` text NOT NULL,
	`upstream_calls` integer NOT NULL,
	`graph_version` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `graph_evidence_edge` ON `graph_evidence` (`edge_id`,`at`);--> statement-breakpoint
CREATE TABLE `graph_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`team_id` text NOT NULL,
	`params` text NOT NULL,
	`progress` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	`error` text
);
--> statement-breakpoint
CREATE TABLE `graph_tools` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`shape` text,
	`shape_hash` text,
	`probed_at` integer
);
--> statement-breakpoint
CREATE TABLE `graph_versions` (
	`version` integer PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`verified` integer NOT NULL,
	`edges` text NOT NULL,
	`change` text NOT NULL
);
