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
