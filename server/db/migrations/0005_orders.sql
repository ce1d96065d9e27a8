CREATE TABLE `order_items` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`product_id` integer,
	`name` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`vat_rate` integer NOT NULL,
	`line_total` integer NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `order_items_order_idx` ON `order_items` (`order_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	`document_number` text NOT NULL,
	`shop_id` integer NOT NULL,
	`session_hash` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`user_id` integer,
	`created_at` integer NOT NULL,
	`promise_send_date` text NOT NULL,
	`promise_delivery_date` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`shipping_company_id` integer NOT NULL,
	`shipping_name` text NOT NULL,
	`payment_id` integer NOT NULL,
	`payment_name` text NOT NULL,
	`pickup_point` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`street` text NOT NULL,
	`town` text NOT NULL,
	`zip` text NOT NULL,
	`country` text NOT NULL,
	`contact` text NOT NULL,
	`email` text NOT NULL,
	`company_name` text DEFAULT '' NOT NULL,
	`company_number` text DEFAULT '' NOT NULL,
	`company_vat` text DEFAULT '' NOT NULL,
	`invoice_name` text DEFAULT '' NOT NULL,
	`invoice_number` text DEFAULT '' NOT NULL,
	`invoice_vat` text DEFAULT '' NOT NULL,
	`invoice_street` text DEFAULT '' NOT NULL,
	`invoice_town` text DEFAULT '' NOT NULL,
	`invoice_zip` text DEFAULT '' NOT NULL,
	`invoice_country` text DEFAULT '' NOT NULL,
	`user_note` text DEFAULT '' NOT NULL,
	`consent_heureka` integer DEFAULT false NOT NULL,
	`locale` text NOT NULL,
	`currency` text NOT NULL,
	`subtotal` integer NOT NULL,
	`shipping_price` integer NOT NULL,
	`payment_fee` integer NOT NULL,
	`alignment` integer NOT NULL,
	`voucher_text` text,
	`voucher_price` integer DEFAULT 0 NOT NULL,
	`total` integer NOT NULL,
	`total_without_vat` integer NOT NULL,
	`vat` integer NOT NULL,
	`price_paid` integer DEFAULT 0 NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_hash_unique` ON `orders` (`hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_document_number_unique` ON `orders` (`document_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_idx` ON `orders` (`session_hash`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_document_idx` ON `orders` (`document_number`,`contact`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`type` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_events_order_idx` ON `payment_events` (`order_id`);