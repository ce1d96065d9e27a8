ALTER TABLE `carts` ADD `partner` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `partner` text;