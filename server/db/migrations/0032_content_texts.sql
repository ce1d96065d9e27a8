CREATE TABLE `content_texts` (
	`kind` text NOT NULL,
	`row_id` integer NOT NULL,
	`locale` text NOT NULL,
	`field` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`kind`, `row_id`, `locale`, `field`)
);
--> statement-breakpoint
-- Custom SQL kept in this generated file (keep it when renumbering): the catalogue version moves on
-- every write of content_texts (as migration 0015 does for the catalogue tables), and deleting an
-- attribute, option, banner, overlay, point item, voucher or gift deletes its texts (a generic
-- table cannot carry a foreign key per kind).
CREATE TRIGGER `catalog_version_content_texts_insert` AFTER INSERT ON `content_texts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_content_texts_update` AFTER UPDATE ON `content_texts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_content_texts_delete` AFTER DELETE ON `content_texts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_texts_attributes_delete` AFTER DELETE ON `attributes` BEGIN
  DELETE FROM `content_texts` WHERE `kind` = 'attribute' AND `row_id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `content_texts_attribute_options_delete` AFTER DELETE ON `attribute_options` BEGIN
  DELETE FROM `content_texts` WHERE `kind` = 'option' AND `row_id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `content_texts_banners_delete` AFTER DELETE ON `banners` BEGIN
  DELETE FROM `content_texts` WHERE `kind` = 'banner' AND `row_id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `content_texts_overlay_messages_delete` AFTER DELETE ON `overlay_messages` BEGIN
  DELETE FROM `content_texts` WHERE `kind` = 'overlay' AND `row_id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `content_texts_point_items_delete` AFTER DELETE ON `point_items` BEGIN
  DELETE FROM `content_texts` WHERE `kind` = 'point_item' AND `row_id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `content_texts_vouchers_delete` AFTER DELETE ON `vouchers` BEGIN
  DELETE FROM `content_texts` WHERE `kind` = 'voucher' AND `row_id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `content_texts_gifts_delete` AFTER DELETE ON `gifts` BEGIN
  DELETE FROM `content_texts` WHERE `kind` = 'gift' AND `row_id` = old.`id`;
END;
