CREATE TABLE `shops` (
	`id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`locale` text NOT NULL,
	`country` text NOT NULL,
	`currency` text NOT NULL,
	`currency_symbol` text NOT NULL,
	`rounding` integer NOT NULL,
	`vat_rate` integer NOT NULL,
	`email` text NOT NULL,
	`terms_slug` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shops_code_unique` ON `shops` (`code`);--> statement-breakpoint
CREATE TABLE `sellers` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`image` text,
	`activated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sellers_slug_unique` ON `sellers` (`slug`);--> statement-breakpoint
CREATE TABLE `attribute_options` (
	`id` integer PRIMARY KEY NOT NULL,
	`attribute_id` integer NOT NULL,
	`key` text NOT NULL,
	`label` text NOT NULL,
	`style` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`attribute_id`) REFERENCES `attributes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attribute_options_key_idx` ON `attribute_options` (`attribute_id`,`key`);--> statement-breakpoint
CREATE TABLE `attributes` (
	`id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attributes_code_unique` ON `attributes` (`code`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`parent_id` integer,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`canonical` text,
	`description` text,
	`position` integer DEFAULT 0 NOT NULL,
	`visible` integer DEFAULT true NOT NULL,
	`visible_menu` integer DEFAULT true NOT NULL,
	`visible_children` integer DEFAULT true NOT NULL,
	`visible_menu_temp` integer DEFAULT false NOT NULL,
	`path` text NOT NULL,
	`depth` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE INDEX `categories_parent_idx` ON `categories` (`parent_id`,`position`);--> statement-breakpoint
CREATE INDEX `categories_path_idx` ON `categories` (`path`);--> statement-breakpoint
CREATE TABLE `category_attributes` (
	`category_id` integer NOT NULL,
	`attribute_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`category_id`, `attribute_id`),
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`attribute_id`) REFERENCES `attributes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `product_attribute_values` (
	`product_id` integer NOT NULL,
	`option_id` integer NOT NULL,
	PRIMARY KEY(`product_id`, `option_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`option_id`) REFERENCES `attribute_options`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pav_option_idx` ON `product_attribute_values` (`option_id`,`product_id`);--> statement-breakpoint
CREATE TABLE `product_images` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`filename` text NOT NULL,
	`alt` text DEFAULT '' NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_images_product_idx` ON `product_images` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `product_prices` (
	`product_id` integer NOT NULL,
	`shop_id` integer NOT NULL,
	`price_b2c` integer NOT NULL,
	`price_old_b2c` integer,
	`price_b2b` integer NOT NULL,
	`price_old_b2b` integer,
	`vat_rate` integer NOT NULL,
	PRIMARY KEY(`product_id`, `shop_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `product_prices_shop_idx` ON `product_prices` (`shop_id`,`price_b2c`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY NOT NULL,
	`parent_id` integer,
	`category_id` integer NOT NULL,
	`seller_id` integer,
	`type` text DEFAULT 'single' NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`code_public` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`image_filename` text,
	`visible` integer DEFAULT 2 NOT NULL,
	`quantity` integer DEFAULT 0 NOT NULL,
	`cart_limit` integer,
	`manufactured` integer DEFAULT false NOT NULL,
	`availability_days` integer DEFAULT 0 NOT NULL,
	`inventory_status` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`tags_public` text DEFAULT '[]' NOT NULL,
	`has_videos` integer DEFAULT false NOT NULL,
	`children_count` integer DEFAULT 0 NOT NULL,
	`variant_view` text,
	`variant_view_setting` text,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_slug_unique` ON `products` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `products_code_public_unique` ON `products` (`code_public`);--> statement-breakpoint
CREATE INDEX `products_category_idx` ON `products` (`category_id`,`visible`,`position`);--> statement-breakpoint
CREATE INDEX `products_parent_idx` ON `products` (`parent_id`);--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` integer PRIMARY KEY NOT NULL,
	`category_id` integer NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`image` text,
	`short` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`visible` integer DEFAULT true NOT NULL,
	`obtain_mode` text DEFAULT 'free' NOT NULL,
	`obtain_price` integer,
	`position` integer DEFAULT 0 NOT NULL,
	`published_at` integer NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `blog_posts_category_idx` ON `blog_posts` (`category_id`,`visible`,`position`);--> statement-breakpoint
CREATE INDEX `blog_posts_slug_idx` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE TABLE `static_posts` (
	`id` integer PRIMARY KEY NOT NULL,
	`shop_id` integer,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`visible` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `static_posts_slug_idx` ON `static_posts` (`slug`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `cart_items` (
	`cart_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	PRIMARY KEY(`cart_id`, `product_id`),
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `carts` (
	`id` integer PRIMARY KEY NOT NULL,
	`session_hash` text NOT NULL,
	`shop_id` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`session_hash`) REFERENCES `sessions`(`id_hash`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `carts_session_hash_unique` ON `carts` (`session_hash`);