ALTER TABLE `graph_edges` ADD `candidate_bindings` text;--> statement-breakpoint
ALTER TABLE `graph_edges` ADD `basis` text;--> statement-breakpoint
ALTER TABLE `graph_evidence` ADD `basis` text;--> statement-breakpoint
ALTER TABLE `graph_evidence` ADD `trials` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `graph_evidence` ADD `skipped` text DEFAULT '[]' NOT NULL;
