ALTER TABLE `shops` ADD `cod_fee` integer DEFAULT 100 NOT NULL;--> statement-breakpoint
-- Cash on delivery was 1 € in the Slovak shop and 40 Kč in the Czech one (a constant before): the Czech shop keeps its fee.
UPDATE `shops` SET `cod_fee` = 4000 WHERE `currency` = 'CZK';