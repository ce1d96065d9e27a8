CREATE TABLE `seller_messages` (
	`id` integer PRIMARY KEY NOT NULL,
	`seller_id` integer NOT NULL,
	`product_id` integer,
	`kind` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `seller_messages_seller_idx` ON `seller_messages` (`seller_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `sellers` ADD `email` text;