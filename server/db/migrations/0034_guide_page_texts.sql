CREATE TABLE `blog_post_texts` (
	`post_id` integer NOT NULL,
	`locale` text NOT NULL,
	`title` text,
	`slug` text,
	`short` text,
	`body` text,
	PRIMARY KEY(`post_id`, `locale`),
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_post_texts_slug_idx` ON `blog_post_texts` (`locale`,`slug`);--> statement-breakpoint
CREATE TABLE `static_post_texts` (
	`post_id` integer NOT NULL,
	`locale` text NOT NULL,
	`title` text,
	`slug` text,
	`body` text,
	PRIMARY KEY(`post_id`, `locale`),
	FOREIGN KEY (`post_id`) REFERENCES `static_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `static_post_texts_slug_idx` ON `static_post_texts` (`locale`,`slug`);--> statement-breakpoint
-- Custom SQL kept in this generated file (keep it when renumbering): the catalogue version
-- triggers of both text tables (as migration 0015 does for blog_posts and static_posts).
CREATE TRIGGER `catalog_version_blog_post_texts_insert` AFTER INSERT ON `blog_post_texts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_blog_post_texts_update` AFTER UPDATE ON `blog_post_texts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_blog_post_texts_delete` AFTER DELETE ON `blog_post_texts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_static_post_texts_insert` AFTER INSERT ON `static_post_texts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_static_post_texts_update` AFTER UPDATE ON `static_post_texts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_static_post_texts_delete` AFTER DELETE ON `static_post_texts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
