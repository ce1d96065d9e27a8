CREATE TABLE `product_set_items` (
	`set_id` integer NOT NULL,
	`component_id` integer NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`set_id`, `component_id`),
	FOREIGN KEY (`set_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`component_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_set_items_component_idx` ON `product_set_items` (`component_id`);--> statement-breakpoint
ALTER TABLE `products` ADD `variant_option_id` integer REFERENCES attribute_options(id) ON DELETE SET NULL;--> statement-breakpoint
-- Custom SQL (kept in this generated file on purpose): a set's components are part of the catalogue
-- version (docs/decisions/213), so a change in the back office shows on the shop's next request.
CREATE TRIGGER `catalog_version_product_set_items_insert` AFTER INSERT ON `product_set_items` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_set_items_update` AFTER UPDATE ON `product_set_items` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_set_items_delete` AFTER DELETE ON `product_set_items` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
-- Custom SQL (drizzle-kit generate --custom): the back office's order search by name, company or
-- e-mail through an index instead of a LIKE scan of every order (docs/decisions/246). An FTS5 table
-- over the orders' own columns (external content: no second copy of the text), words lower-cased
-- and without accents, prefixes of 2 and 3 letters indexed; kept by these triggers whoever writes.
CREATE VIRTUAL TABLE `orders_search` USING fts5(
  `first_name`, `last_name`, `company_name`, `email`,
  content='orders', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER `orders_search_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `orders_search` (rowid, `first_name`, `last_name`, `company_name`, `email`) VALUES (new.`id`, new.`first_name`, new.`last_name`, new.`company_name`, new.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `orders_search_delete` AFTER DELETE ON `orders` BEGIN
  INSERT INTO `orders_search` (`orders_search`, rowid, `first_name`, `last_name`, `company_name`, `email`) VALUES ('delete', old.`id`, old.`first_name`, old.`last_name`, old.`company_name`, old.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `orders_search_update` AFTER UPDATE OF `first_name`, `last_name`, `company_name`, `email` ON `orders` BEGIN
  INSERT INTO `orders_search` (`orders_search`, rowid, `first_name`, `last_name`, `company_name`, `email`) VALUES ('delete', old.`id`, old.`first_name`, old.`last_name`, old.`company_name`, old.`email`);
  INSERT INTO `orders_search` (rowid, `first_name`, `last_name`, `company_name`, `email`) VALUES (new.`id`, new.`first_name`, new.`last_name`, new.`company_name`, new.`email`);
END;
--> statement-breakpoint
INSERT INTO `orders_search` (`orders_search`) VALUES ('rebuild');
--> statement-breakpoint
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