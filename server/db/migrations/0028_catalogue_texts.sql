CREATE TABLE `category_texts` (
	`category_id` integer NOT NULL,
	`locale` text NOT NULL,
	`name` text,
	`slug` text,
	`description` text,
	PRIMARY KEY(`category_id`, `locale`),
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `category_texts_slug_idx` ON `category_texts` (`locale`,`slug`);--> statement-breakpoint
CREATE TABLE `product_texts` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`locale` text NOT NULL,
	`name` text,
	`slug` text,
	`description` text,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_texts_product_locale_idx` ON `product_texts` (`product_id`,`locale`);--> statement-breakpoint
CREATE UNIQUE INDEX `product_texts_slug_idx` ON `product_texts` (`locale`,`slug`);--> statement-breakpoint
-- Custom SQL kept in this generated file (keep it when renumbering): the full-text index of the
-- per-locale product names (accent-insensitive like products_fts) and the catalogue version
-- triggers of both text tables (as migration 0015 does for products).
CREATE VIRTUAL TABLE `product_texts_fts` USING fts5(
  `name`,
  content='product_texts', content_rowid='id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
CREATE TRIGGER `product_texts_fts_insert` AFTER INSERT ON `product_texts` BEGIN
  INSERT INTO `product_texts_fts`(`rowid`, `name`) VALUES (new.`id`, new.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `product_texts_fts_delete` AFTER DELETE ON `product_texts` BEGIN
  INSERT INTO `product_texts_fts`(`product_texts_fts`, `rowid`, `name`) VALUES ('delete', old.`id`, old.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `product_texts_fts_update` AFTER UPDATE OF `name` ON `product_texts` BEGIN
  INSERT INTO `product_texts_fts`(`product_texts_fts`, `rowid`, `name`) VALUES ('delete', old.`id`, old.`name`);
  INSERT INTO `product_texts_fts`(`rowid`, `name`) VALUES (new.`id`, new.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_texts_insert` AFTER INSERT ON `product_texts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_texts_update` AFTER UPDATE ON `product_texts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_texts_delete` AFTER DELETE ON `product_texts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_category_texts_insert` AFTER INSERT ON `category_texts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_category_texts_update` AFTER UPDATE ON `category_texts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_category_texts_delete` AFTER DELETE ON `category_texts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
