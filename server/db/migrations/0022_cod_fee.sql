ALTER TABLE `shops` ADD `cod_fee` integer DEFAULT 100 NOT NULL;--> statement-breakpoint
UPDATE `shops` SET `cod_fee` = 4000 WHERE `currency` = 'CZK';