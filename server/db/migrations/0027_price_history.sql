CREATE TABLE `price_history` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`shop_id` integer NOT NULL,
	`kind` text NOT NULL,
	`price` integer NOT NULL,
	`old_price` integer,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `price_history_product_idx` ON `price_history` (`product_id`,`shop_id`,`kind`,`changed_at`);--> statement-breakpoint
-- Custom SQL kept in this generated file (renumbered at merge): the triggers are the one place a
-- price history row is written, whoever changes a price (back office, CLI, seller, CSV import,
-- plain SQL). `changed_at` is Unix milliseconds; a row per kind (b2c/b2b) whose price or
-- crossed-out price changed. Existing prices start their history at the product's creation.
INSERT INTO `price_history` (`product_id`, `shop_id`, `kind`, `price`, `old_price`, `changed_at`)
  SELECT pp.`product_id`, pp.`shop_id`, 'b2c', pp.`price_b2c`, pp.`price_old_b2c`, p.`created_at`
    FROM `product_prices` pp JOIN `products` p ON p.`id` = pp.`product_id`;
--> statement-breakpoint
INSERT INTO `price_history` (`product_id`, `shop_id`, `kind`, `price`, `old_price`, `changed_at`)
  SELECT pp.`product_id`, pp.`shop_id`, 'b2b', pp.`price_b2b`, pp.`price_old_b2b`, p.`created_at`
    FROM `product_prices` pp JOIN `products` p ON p.`id` = pp.`product_id`;
--> statement-breakpoint
CREATE TRIGGER `price_history_prices_insert` AFTER INSERT ON `product_prices` BEGIN
  INSERT INTO `price_history` (`product_id`, `shop_id`, `kind`, `price`, `old_price`, `changed_at`) VALUES
    (NEW.`product_id`, NEW.`shop_id`, 'b2c', NEW.`price_b2c`, NEW.`price_old_b2c`, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)),
    (NEW.`product_id`, NEW.`shop_id`, 'b2b', NEW.`price_b2b`, NEW.`price_old_b2b`, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `price_history_prices_update_b2c` AFTER UPDATE ON `product_prices`
  WHEN NEW.`price_b2c` IS NOT OLD.`price_b2c` OR NEW.`price_old_b2c` IS NOT OLD.`price_old_b2c`
    OR NEW.`product_id` IS NOT OLD.`product_id` OR NEW.`shop_id` IS NOT OLD.`shop_id` BEGIN
  INSERT INTO `price_history` (`product_id`, `shop_id`, `kind`, `price`, `old_price`, `changed_at`) VALUES
    (NEW.`product_id`, NEW.`shop_id`, 'b2c', NEW.`price_b2c`, NEW.`price_old_b2c`, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `price_history_prices_update_b2b` AFTER UPDATE ON `product_prices`
  WHEN NEW.`price_b2b` IS NOT OLD.`price_b2b` OR NEW.`price_old_b2b` IS NOT OLD.`price_old_b2b`
    OR NEW.`product_id` IS NOT OLD.`product_id` OR NEW.`shop_id` IS NOT OLD.`shop_id` BEGIN
  INSERT INTO `price_history` (`product_id`, `shop_id`, `kind`, `price`, `old_price`, `changed_at`) VALUES
    (NEW.`product_id`, NEW.`shop_id`, 'b2b', NEW.`price_b2b`, NEW.`price_old_b2b`, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
-- The 30-day lowest price is part of cards and pages: a history written directly (the demo seed,
-- a correction) raises the catalogue version like the price writes that normally write it.
CREATE TRIGGER `catalog_version_price_history_insert` AFTER INSERT ON `price_history` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_price_history_update` AFTER UPDATE ON `price_history` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_price_history_delete` AFTER DELETE ON `price_history` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
