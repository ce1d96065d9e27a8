ALTER TABLE `banners` ADD `valid_from` integer;--> statement-breakpoint
ALTER TABLE `banners` ADD `valid_to` integer;