CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`name` text NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`pros` text DEFAULT '' NOT NULL,
	`cons` text DEFAULT '' NOT NULL,
	`rating` integer NOT NULL,
	`recommends` integer,
	`avatar` text,
	`visible` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reviews_product_idx` ON `reviews` (`product_id`,`visible`,`created_at`);--> statement-breakpoint
CREATE TABLE `product_videos` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`url` text NOT NULL,
	`youtube_id` text NOT NULL,
	`title` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_videos_product_idx` ON `product_videos` (`product_id`,`position`);--> statement-breakpoint
CREATE INDEX `product_videos_youtube_idx` ON `product_videos` (`youtube_id`);--> statement-breakpoint
CREATE TABLE `video_chapters` (
	`id` integer PRIMARY KEY NOT NULL,
	`video_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`time` integer NOT NULL,
	FOREIGN KEY (`video_id`) REFERENCES `product_videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `video_chapters_video_idx` ON `video_chapters` (`video_id`,`time`);--> statement-breakpoint
CREATE TABLE `banners` (
	`id` integer PRIMARY KEY NOT NULL,
	`shop_id` integer,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`ecommerce` text,
	`size` text NOT NULL,
	`file_path` text NOT NULL,
	`file_name` text NOT NULL,
	`alt` text DEFAULT '' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`visible` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `banners_shop_idx` ON `banners` (`shop_id`,`size`,`visible`,`position`);--> statement-breakpoint
CREATE TABLE `overlay_messages` (
	`id` integer PRIMARY KEY NOT NULL,
	`shop_id` integer,
	`text` text NOT NULL,
	`severity` text DEFAULT 'info' NOT NULL,
	`position` text DEFAULT 'bottom-right' NOT NULL,
	`target` text,
	`route` text DEFAULT '/' NOT NULL,
	`show_delay` integer DEFAULT 0 NOT NULL,
	`hide_delay` integer,
	`sequence` integer,
	`visible` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `overlay_route_idx` ON `overlay_messages` (`visible`,`route`);--> statement-breakpoint
CREATE TABLE `watchdogs` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`shop_id` integer NOT NULL,
	`locale` text NOT NULL,
	`email` text NOT NULL,
	`available` integer DEFAULT false NOT NULL,
	`available_value` integer,
	`price` integer DEFAULT false NOT NULL,
	`price_value` integer,
	`token` text NOT NULL,
	`created_at` integer NOT NULL,
	`fired_at` integer,
	`unsubscribed_at` integer,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watchdogs_token_unique` ON `watchdogs` (`token`);--> statement-breakpoint
CREATE INDEX `watchdogs_product_idx` ON `watchdogs` (`product_id`,`fired_at`);