CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`staff_id` integer,
	`actor` text NOT NULL,
	`section` text NOT NULL,
	`action` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`before` text,
	`after` text,
	`request_id` text,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_staff_idx` ON `audit_log` (`staff_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_section_idx` ON `audit_log` (`section`,`at`);--> statement-breakpoint
CREATE TABLE `staff` (
	`id` integer PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`password_hash` text NOT NULL,
	`totp_secret` text NOT NULL,
	`totp_last_step` integer DEFAULT 0 NOT NULL,
	`disabled_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_email_unique` ON `staff` (`email`);--> statement-breakpoint
CREATE TABLE `staff_invitations` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`totp_secret` text NOT NULL,
	`invited_by` integer,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`invited_by`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `staff_invitations_email_idx` ON `staff_invitations` (`email`,`created_at`);--> statement-breakpoint
CREATE TABLE `staff_recovery_codes` (
	`staff_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	PRIMARY KEY(`staff_id`, `code_hash`),
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `staff_sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`staff_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`verified_at` integer,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `staff_sessions_staff_idx` ON `staff_sessions` (`staff_id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `credit_notes` (
	`id` integer PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`order_id` integer NOT NULL,
	`invoice_number` text NOT NULL,
	`issued_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_number_unique` ON `credit_notes` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_order_idx` ON `credit_notes` (`order_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `stage` integer GENERATED ALWAYS AS (CASE WHEN cancelled_at IS NOT NULL THEN 9 WHEN status >= 3 THEN 3 WHEN status = 2 THEN 2 WHEN paid_at IS NOT NULL THEN 1 ELSE 0 END) VIRTUAL;--> statement-breakpoint
ALTER TABLE `orders` ADD `queue` integer GENERATED ALWAYS AS (CASE WHEN cancelled_at IS NULL AND status = 1 AND (paid_at IS NOT NULL OR payment_id = 1) THEN 1 WHEN cancelled_at IS NULL AND status = 1 AND paid_at IS NULL AND payment_id = 2 THEN 2 END) VIRTUAL;--> statement-breakpoint
ALTER TABLE `orders` ADD `phone_tail` text GENERATED ALWAYS AS (substr(replace(replace(replace(replace(replace(replace(contact, ' ', ''), '+', ''), '-', ''), '/', ''), '(', ''), ')', ''), -9)) VIRTUAL;--> statement-breakpoint
CREATE INDEX `orders_stage_created_idx` ON `orders` (`stage`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_queue_created_idx` ON `orders` (`queue`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_shop_created_idx` ON `orders` (`shop_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_phone_tail_idx` ON `orders` (`phone_tail`);--> statement-breakpoint
CREATE INDEX `orders_email_idx` ON `orders` (lower("email"));