CREATE TABLE `catalog_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The catalogue version (docs/decisions/170): raised by every write that changes which products a
-- list, filter count or search finds, or their order. Stock (quantity) and texts other than name and
-- code do not raise it, so orders never drop the in-memory indexes.
INSERT INTO `catalog_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `catalog_version_products_insert` AFTER INSERT ON `products` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_products_delete` AFTER DELETE ON `products` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_products_update` AFTER UPDATE OF `id`, `parent_id`, `category_id`, `visible`, `position`, `name`, `code_public` ON `products` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_prices_insert` AFTER INSERT ON `product_prices` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_prices_delete` AFTER DELETE ON `product_prices` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_prices_update` AFTER UPDATE OF `product_id`, `shop_id`, `price_b2c`, `price_b2b` ON `product_prices` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_values_insert` AFTER INSERT ON `product_attribute_values` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_values_delete` AFTER DELETE ON `product_attribute_values` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_values_update` AFTER UPDATE ON `product_attribute_values` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
