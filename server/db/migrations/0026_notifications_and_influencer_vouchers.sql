CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`direction` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`sent_at` integer NOT NULL,
	`seen_at` integer,
	`staff_id` integer,
	`seller_message_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_message_id`) REFERENCES `seller_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`,`direction`,`seen_at`);--> statement-breakpoint
-- Custom SQL (kept in this generated file): a seller's approval notice (seller_messages, written by the
-- back office's approvals) is also a received message in the account's inbox, and reading it there
-- marks the notice read. Existing notices are copied once.
INSERT INTO `notifications` (`user_id`, `direction`, `sent_at`, `seen_at`, `seller_message_id`)
  SELECT s.`user_id`, 'received', m.`created_at`, m.`read_at`, m.`id` FROM `seller_messages` m JOIN `sellers` s ON s.`id` = m.`seller_id` WHERE s.`user_id` IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER `notifications_from_seller_messages` AFTER INSERT ON `seller_messages`
  WHEN (SELECT `user_id` FROM `sellers` WHERE `id` = NEW.`seller_id`) IS NOT NULL
BEGIN
  INSERT INTO `notifications` (`user_id`, `direction`, `sent_at`, `seller_message_id`)
    VALUES ((SELECT `user_id` FROM `sellers` WHERE `id` = NEW.`seller_id`), 'received', NEW.`created_at`, NEW.`id`);
END;--> statement-breakpoint
CREATE TRIGGER `notifications_seen_seller_messages` AFTER UPDATE OF `seen_at` ON `notifications`
  WHEN NEW.`seller_message_id` IS NOT NULL
BEGIN
  UPDATE `seller_messages` SET `read_at` = NEW.`seen_at` WHERE `id` = NEW.`seller_message_id`;
END;
--> statement-breakpoint
ALTER TABLE `vouchers` ADD `influencer_id` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `vouchers` ADD `commission_percent` integer;--> statement-breakpoint
CREATE INDEX `vouchers_influencer_idx` ON `vouchers` (`influencer_id`);--> statement-breakpoint
-- Custom SQL (kept in this generated file): orders name their voucher by its code, and the influencer's
-- page counts a code's orders on every view.
CREATE INDEX IF NOT EXISTS `orders_voucher_text_idx` ON `orders` (`voucher_text`);
