CREATE TABLE `withdrawal_items` (
	`id` integer PRIMARY KEY NOT NULL,
	`withdrawal_id` integer NOT NULL,
	`product_id` integer,
	`name` text NOT NULL,
	`unit_price` integer NOT NULL,
	`quantity` integer NOT NULL,
	FOREIGN KEY (`withdrawal_id`) REFERENCES `withdrawals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `withdrawal_items_withdrawal_idx` ON `withdrawal_items` (`withdrawal_id`);--> statement-breakpoint
CREATE TABLE `withdrawals` (
	`id` integer PRIMARY KEY NOT NULL,
	`public_id` text NOT NULL,
	`order_id` integer NOT NULL,
	`token` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`locale` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawals_public_id_unique` ON `withdrawals` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawals_token_unique` ON `withdrawals` (`token`);--> statement-breakpoint
CREATE INDEX `withdrawals_order_idx` ON `withdrawals` (`order_id`);