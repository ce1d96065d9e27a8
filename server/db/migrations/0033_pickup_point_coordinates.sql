ALTER TABLE `pickup_points` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `pickup_points` ADD `longitude` real;--> statement-breakpoint
-- Custom SQL kept in this generated file (renumbered at merge): the pickup-point search (issue 23)
-- finds words of the name, place, street, town or zip in any case and with or without accents
-- ("kosice" finds Košice) through an FTS5 index over the table's own columns (external content, no
-- second copy), kept by these triggers whoever writes (seed, feed import, CLI).
CREATE VIRTUAL TABLE `pickup_points_search` USING fts5(
  `name`, `location`, `street`, `city`, `zip`,
  content='pickup_points', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER `pickup_points_search_insert` AFTER INSERT ON `pickup_points` BEGIN
  INSERT INTO `pickup_points_search` (rowid, `name`, `location`, `street`, `city`, `zip`) VALUES (new.`id`, new.`name`, new.`location`, new.`street`, new.`city`, new.`zip`);
END;
--> statement-breakpoint
CREATE TRIGGER `pickup_points_search_delete` AFTER DELETE ON `pickup_points` BEGIN
  INSERT INTO `pickup_points_search` (`pickup_points_search`, rowid, `name`, `location`, `street`, `city`, `zip`) VALUES ('delete', old.`id`, old.`name`, old.`location`, old.`street`, old.`city`, old.`zip`);
END;
--> statement-breakpoint
CREATE TRIGGER `pickup_points_search_update` AFTER UPDATE OF `name`, `location`, `street`, `city`, `zip` ON `pickup_points` BEGIN
  INSERT INTO `pickup_points_search` (`pickup_points_search`, rowid, `name`, `location`, `street`, `city`, `zip`) VALUES ('delete', old.`id`, old.`name`, old.`location`, old.`street`, old.`city`, old.`zip`);
  INSERT INTO `pickup_points_search` (rowid, `name`, `location`, `street`, `city`, `zip`) VALUES (new.`id`, new.`name`, new.`location`, new.`street`, new.`city`, new.`zip`);
END;
--> statement-breakpoint
INSERT INTO `pickup_points_search` (`pickup_points_search`) VALUES ('rebuild');
--> statement-breakpoint
-- The public pickup-point list (GET /api/pickup-points) is a shared answer keyed on the catalogue
-- version (docs/decisions/213): a feed import or a seed raises it like any catalogue write.
CREATE TRIGGER `catalog_version_pickup_points_insert` AFTER INSERT ON `pickup_points` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_pickup_points_update` AFTER UPDATE ON `pickup_points` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_pickup_points_delete` AFTER DELETE ON `pickup_points` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
