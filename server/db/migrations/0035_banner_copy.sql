ALTER TABLE `banners` ADD `headline` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `banners` ADD `text` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `banners` ADD `cta` text DEFAULT '' NOT NULL;