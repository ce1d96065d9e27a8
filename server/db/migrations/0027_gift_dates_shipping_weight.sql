CREATE TABLE `gift_products` (
	`gift_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	PRIMARY KEY(`gift_id`, `product_id`),
	FOREIGN KEY (`gift_id`) REFERENCES `gifts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `products` ADD `weight_grams` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `shipping_options` ADD `weight_min` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `shipping_options` ADD `weight_max` integer;--> statement-breakpoint
ALTER TABLE `gifts` ADD `valid_from` integer;--> statement-breakpoint
ALTER TABLE `gifts` ADD `valid_to` integer;