CREATE INDEX `products_admin_search_idx` ON `products` (`name`,`code_public`);--> statement-breakpoint
CREATE INDEX `products_visible_idx` ON `products` (`visible`);