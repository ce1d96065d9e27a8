CREATE TABLE `claim_photos` (
	`id` integer PRIMARY KEY NOT NULL,
	`claim_id` integer NOT NULL,
	`file` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` integer NOT NULL,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claim_photos_file_unique` ON `claim_photos` (`file`);--> statement-breakpoint
CREATE INDEX `claim_photos_claim_idx` ON `claim_photos` (`claim_id`);--> statement-breakpoint
CREATE TABLE `claim_types` (
	`id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`success` text DEFAULT '' NOT NULL,
	`fail` text DEFAULT '' NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claim_types_code_unique` ON `claim_types` (`code`);--> statement-breakpoint
CREATE TABLE `claims` (
	`id` integer PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`shop_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`type_id` integer NOT NULL,
	`document_number` text NOT NULL,
	`note` text NOT NULL,
	`user_id` integer,
	`session_hash` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`type_id`) REFERENCES `claim_types`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claims_number_unique` ON `claims` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `claims_idempotency_idx` ON `claims` (`session_hash`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `claims_open_idx` ON `claims` (`closed_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `claims_order_idx` ON `claims` (`order_id`);