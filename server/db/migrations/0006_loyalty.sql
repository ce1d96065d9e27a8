CREATE TABLE `cart_vouchers` (
	`cart_id` integer PRIMARY KEY NOT NULL,
	`voucher_id` integer NOT NULL,
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`voucher_id`) REFERENCES `vouchers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `point_entries` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`value` integer NOT NULL,
	`item_type` text NOT NULL,
	`item_id` integer DEFAULT 0 NOT NULL,
	`sign` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `point_entries_user_idx` ON `point_entries` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `point_entries_once_idx` ON `point_entries` (`item_type`,`item_id`,`user_id`,`sign`) WHERE item_type IN ('purchase', 'registration', 'referral');--> statement-breakpoint
CREATE TABLE `point_items` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`image` text,
	`price` integer NOT NULL,
	`kind` text NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`stock` integer,
	`once_per_user` integer DEFAULT false NOT NULL,
	`voucher_type` integer,
	`voucher_value` integer,
	`voucher_amount_from` integer,
	`voucher_days` integer
);
--> statement-breakpoint
CREATE TABLE `vouchers` (
	`id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`type` integer NOT NULL,
	`value` integer DEFAULT 0 NOT NULL,
	`amount_from` integer DEFAULT 0 NOT NULL,
	`gift_item` text,
	`valid_from` integer,
	`date_to` integer,
	`single_use` integer DEFAULT false NOT NULL,
	`used_by_order` integer,
	`used_at` integer,
	`user_id` integer,
	`activated_at` integer,
	`expired_at` integer,
	`point_item_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`point_item_id`) REFERENCES `point_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vouchers_code_unique` ON `vouchers` (`code`);--> statement-breakpoint
CREATE INDEX `vouchers_user_idx` ON `vouchers` (`user_id`);