CREATE TABLE `suppliers` (
	`shop_id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`street` text NOT NULL,
	`zip` text NOT NULL,
	`town` text NOT NULL,
	`country` text NOT NULL,
	`company_number` text NOT NULL,
	`tax_number` text NOT NULL,
	`vat_number` text DEFAULT '' NOT NULL,
	`register` text DEFAULT '' NOT NULL,
	`email` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`bank_name` text NOT NULL,
	`beneficiary` text NOT NULL,
	`iban` text NOT NULL,
	`swift` text NOT NULL,
	`account` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`shop_id`) REFERENCES `shops`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `mail_queue` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`created_at` integer NOT NULL,
	`due_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`sent_at` integer,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `mail_queue_due_idx` ON `mail_queue` (`due_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `company_tax` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `invoice_tax` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `services_vat_rate` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `vat_rows` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `sent_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivered_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `tracking_number` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Shipping and the fee were taxed at the delivery country's standard rate (docs/decisions/111).
UPDATE `orders` SET `services_vat_rate` = CASE `country` WHEN 'cz' THEN 21 ELSE 23 END;--> statement-breakpoint
-- Order numbers become variable symbols of at most 10 digits (docs/decisions/208): YYYY S NNNNNN → YY S NNNNNNN.
UPDATE `orders` SET `document_number` = substr(`document_number`, 3, 2) || substr(`document_number`, 5, 1) || printf('%07d', CAST(substr(`document_number`, 6) AS INTEGER))
  WHERE length(`document_number`) = 11;
