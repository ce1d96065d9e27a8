CREATE TABLE `gifts` (
	`id` integer PRIMARY KEY NOT NULL,
	`shop_id` integer NOT NULL,
	`value` text NOT NULL,
	`image` text,
	`amount_min` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `gifts_shop_idx` ON `gifts` (`shop_id`,`active`,`amount_min`);--> statement-breakpoint
CREATE TABLE `guide_unlocks` (
	`user_id` integer NOT NULL,
	`blog_id` integer NOT NULL,
	`via` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `blog_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blog_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`order_id` integer NOT NULL,
	`issued_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_order_idx` ON `invoices` (`order_id`);--> statement-breakpoint
CREATE TABLE `payment_transactions` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`bank_key` text NOT NULL,
	`reference` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_transactions_reference_unique` ON `payment_transactions` (`reference`);--> statement-breakpoint
CREATE INDEX `payment_transactions_order_idx` ON `payment_transactions` (`order_id`);--> statement-breakpoint
ALTER TABLE `shipping_options` ADD `country` text DEFAULT 'sk' NOT NULL;--> statement-breakpoint
UPDATE `shipping_options` SET `country` = (SELECT `country` FROM `shops` WHERE `shops`.`id` = `shipping_options`.`shop_id`);--> statement-breakpoint
ALTER TABLE `carts` ADD `user_id` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `carts` ADD `country` text;--> statement-breakpoint
CREATE INDEX `carts_user_idx` ON `carts` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `referral_code` text;--> statement-breakpoint
ALTER TABLE `users` ADD `referred_by` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `users_referral_code_unique` ON `users` (`referral_code`);--> statement-breakpoint
ALTER TABLE `orders` ADD `gift` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `paid_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `cancelled_at` integer;