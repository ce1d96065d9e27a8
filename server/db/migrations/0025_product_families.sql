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
