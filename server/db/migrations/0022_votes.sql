CREATE TABLE `vote_ballots` (
	`id` integer PRIMARY KEY NOT NULL,
	`vote_id` integer NOT NULL,
	`email` text NOT NULL,
	`choice_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`confirmed_at` integer,
	FOREIGN KEY (`vote_id`) REFERENCES `votes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`choice_id`) REFERENCES `vote_choices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vote_ballots_token_hash_unique` ON `vote_ballots` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `vote_ballots_vote_email_idx` ON `vote_ballots` (`vote_id`,`email`);--> statement-breakpoint
CREATE TABLE `vote_choices` (
	`id` integer PRIMARY KEY NOT NULL,
	`vote_id` integer NOT NULL,
	`name` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`sum` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`vote_id`) REFERENCES `votes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vote_choices_vote_idx` ON `vote_choices` (`vote_id`,`sort`);--> statement-breakpoint
CREATE TABLE `votes` (
	`id` integer PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`sum` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `votes_hash_unique` ON `votes` (`hash`);--> statement-breakpoint
CREATE TRIGGER `catalog_version_votes_insert` AFTER INSERT ON `votes` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_votes_update` AFTER UPDATE ON `votes` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_votes_delete` AFTER DELETE ON `votes` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_vote_choices_insert` AFTER INSERT ON `vote_choices` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_vote_choices_update` AFTER UPDATE ON `vote_choices` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_vote_choices_delete` AFTER DELETE ON `vote_choices` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
