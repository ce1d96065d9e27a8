CREATE TABLE `payment_options` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`image` text,
	`description` text DEFAULT '' NOT NULL,
	`countries` text
);
--> statement-breakpoint
CREATE TABLE `pickup_points` (
	`id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`external_id` text NOT NULL,
	`name` text NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`street` text NOT NULL,
	`zip` text NOT NULL,
	`city` text NOT NULL,
	`country` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `shipping_companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pickup_points_external_idx` ON `pickup_points` (`company_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `pickup_points_city_idx` ON `pickup_points` (`company_id`,`country`,`city`);--> statement-breakpoint
CREATE INDEX `pickup_points_zip_idx` ON `pickup_points` (`company_id`,`zip`);--> statement-breakpoint
CREATE TABLE `shipping_companies` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`pickup` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shipping_options` (
	`id` integer PRIMARY KEY NOT NULL,
	`shop_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`payment_id` integer NOT NULL,
	`name` text NOT NULL,
	`image` text,
	`delivery_description` text DEFAULT '' NOT NULL,
	`amount_min` integer DEFAULT 0 NOT NULL,
	`amount_max` integer,
	`price` integer NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`company_id`) REFERENCES `shipping_companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_id`) REFERENCES `payment_options`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `shipping_options_match_idx` ON `shipping_options` (`shop_id`,`company_id`,`payment_id`,`amount_min`);--> statement-breakpoint
CREATE TABLE `shipping_payments` (
	`shop_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`payment_id` integer NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`shop_id`, `company_id`, `payment_id`),
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`company_id`) REFERENCES `shipping_companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_id`) REFERENCES `payment_options`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `carts` ADD `shipping_company_id` integer REFERENCES shipping_companies(id);--> statement-breakpoint
ALTER TABLE `carts` ADD `payment_id` integer REFERENCES payment_options(id);--> statement-breakpoint
ALTER TABLE `carts` ADD `pickup_point_id` integer REFERENCES pickup_points(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `carts` ADD `return_path` text;