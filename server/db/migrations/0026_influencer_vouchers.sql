ALTER TABLE `vouchers` ADD `influencer_id` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `vouchers` ADD `commission_percent` integer;--> statement-breakpoint
CREATE INDEX `vouchers_influencer_idx` ON `vouchers` (`influencer_id`);--> statement-breakpoint
-- Custom SQL (kept in this generated file): orders name their voucher by its code, and the influencer's
-- page counts a code's orders on every view.
CREATE INDEX IF NOT EXISTS `orders_voucher_text_idx` ON `orders` (`voucher_text`);
