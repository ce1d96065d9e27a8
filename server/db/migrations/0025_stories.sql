CREATE TABLE `stories` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`image` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`refusal` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`submitted_at` integer,
	`approved_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stories_slug_unique` ON `stories` (`slug`);--> statement-breakpoint
CREATE INDEX `stories_user_idx` ON `stories` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `stories_status_idx` ON `stories` (`status`,`approved_at`);--> statement-breakpoint
CREATE TABLE `story_products` (
	`story_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`story_id`, `product_id`),
	FOREIGN KEY (`story_id`) REFERENCES `stories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `story_views` (
	`story_id` integer PRIMARY KEY NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`story_id`) REFERENCES `stories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Custom SQL (kept in this generated file on purpose): approved stories are on the shared home page
-- and story pages, so a change that touches an approved story moves the catalogue version
-- (migration 0015, docs/decisions/213, 245); drafts and views (story_views) do not.
CREATE TRIGGER `catalog_version_stories_insert` AFTER INSERT ON `stories` WHEN NEW.`status` = 'approved' BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_stories_update` AFTER UPDATE ON `stories` WHEN OLD.`status` = 'approved' OR NEW.`status` = 'approved' BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_stories_delete` AFTER DELETE ON `stories` WHEN OLD.`status` = 'approved' BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_story_products_insert` AFTER INSERT ON `story_products` WHEN EXISTS (SELECT 1 FROM `stories` WHERE `id` = NEW.`story_id` AND `status` = 'approved') BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_story_products_delete` AFTER DELETE ON `story_products` WHEN EXISTS (SELECT 1 FROM `stories` WHERE `id` = OLD.`story_id` AND `status` = 'approved') BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
