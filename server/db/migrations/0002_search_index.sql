-- Full-text index of product names and public codes; diacritics removed so "slahackova" finds
-- "Šľahačková". External content: the text lives once, in products; triggers keep the index in
-- step with every write path (services, seed, admin).
CREATE VIRTUAL TABLE `products_fts` USING fts5(
  `name`, `code_public`,
  content='products', content_rowid='id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_fts_vocab` USING fts5vocab('products_fts', 'row');
--> statement-breakpoint
INSERT INTO `products_fts`(`rowid`, `name`, `code_public`) SELECT `id`, `name`, `code_public` FROM `products`;
--> statement-breakpoint
CREATE TRIGGER `products_fts_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `products_fts`(`rowid`, `name`, `code_public`) VALUES (new.`id`, new.`name`, new.`code_public`);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO `products_fts`(`products_fts`, `rowid`, `name`, `code_public`) VALUES ('delete', old.`id`, old.`name`, old.`code_public`);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_update` AFTER UPDATE OF `name`, `code_public` ON `products` BEGIN
  INSERT INTO `products_fts`(`products_fts`, `rowid`, `name`, `code_public`) VALUES ('delete', old.`id`, old.`name`, old.`code_public`);
  INSERT INTO `products_fts`(`rowid`, `name`, `code_public`) VALUES (new.`id`, new.`name`, new.`code_public`);
END;
