CREATE TABLE `catalog_import_rows` (
	`import_id` integer NOT NULL,
	`row` integer NOT NULL,
	`data` text NOT NULL,
	PRIMARY KEY(`import_id`, `row`),
	FOREIGN KEY (`import_id`) REFERENCES `catalog_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `catalog_imports` (
	`id` integer PRIMARY KEY NOT NULL,
	`staff_id` integer,
	`file_name` text NOT NULL,
	`dry_run` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`rows_done` integer DEFAULT 0 NOT NULL,
	`rows_total` integer DEFAULT 0 NOT NULL,
	`error_count` integer DEFAULT 0 NOT NULL,
	`errors` text DEFAULT '[]' NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE no action
);
