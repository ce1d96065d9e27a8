ALTER TABLE `sellers` ADD `user_id` integer REFERENCES users(id);--> statement-breakpoint
CREATE UNIQUE INDEX `sellers_user_id_unique` ON `sellers` (`user_id`);