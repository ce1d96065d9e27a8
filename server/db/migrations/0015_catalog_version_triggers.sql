-- One catalogue version for everything the shop's pages show (docs/decisions/213): every insert,
-- update and delete of these tables raises it, stock and shipping/payment options included, whoever
-- writes (this process, the CLI, another process, an import). Requests read it once
-- (server/http/catalog-version.ts); caches and HTTP validators (ETag) key on it.
DROP TRIGGER IF EXISTS `catalog_version_products_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalog_version_products_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalog_version_products_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalog_version_prices_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalog_version_prices_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalog_version_prices_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalog_version_values_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalog_version_values_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `catalog_version_values_update`;
--> statement-breakpoint
INSERT OR IGNORE INTO `catalog_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `catalog_version_products_insert` AFTER INSERT ON `products` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_products_update` AFTER UPDATE ON `products` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_products_delete` AFTER DELETE ON `products` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_prices_insert` AFTER INSERT ON `product_prices` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_prices_update` AFTER UPDATE ON `product_prices` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_prices_delete` AFTER DELETE ON `product_prices` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_attribute_values_insert` AFTER INSERT ON `product_attribute_values` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_attribute_values_update` AFTER UPDATE ON `product_attribute_values` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_attribute_values_delete` AFTER DELETE ON `product_attribute_values` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_images_insert` AFTER INSERT ON `product_images` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_images_update` AFTER UPDATE ON `product_images` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_images_delete` AFTER DELETE ON `product_images` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_videos_insert` AFTER INSERT ON `product_videos` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_videos_update` AFTER UPDATE ON `product_videos` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_product_videos_delete` AFTER DELETE ON `product_videos` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_video_chapters_insert` AFTER INSERT ON `video_chapters` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_video_chapters_update` AFTER UPDATE ON `video_chapters` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_video_chapters_delete` AFTER DELETE ON `video_chapters` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_reviews_insert` AFTER INSERT ON `reviews` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_reviews_update` AFTER UPDATE ON `reviews` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_reviews_delete` AFTER DELETE ON `reviews` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_attributes_insert` AFTER INSERT ON `attributes` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_attributes_update` AFTER UPDATE ON `attributes` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_attributes_delete` AFTER DELETE ON `attributes` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_attribute_options_insert` AFTER INSERT ON `attribute_options` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_attribute_options_update` AFTER UPDATE ON `attribute_options` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_attribute_options_delete` AFTER DELETE ON `attribute_options` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_category_attributes_insert` AFTER INSERT ON `category_attributes` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_category_attributes_update` AFTER UPDATE ON `category_attributes` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_category_attributes_delete` AFTER DELETE ON `category_attributes` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_categories_insert` AFTER INSERT ON `categories` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_categories_update` AFTER UPDATE ON `categories` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_categories_delete` AFTER DELETE ON `categories` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_sellers_insert` AFTER INSERT ON `sellers` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_sellers_update` AFTER UPDATE ON `sellers` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_sellers_delete` AFTER DELETE ON `sellers` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_blog_posts_insert` AFTER INSERT ON `blog_posts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_blog_posts_update` AFTER UPDATE ON `blog_posts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_blog_posts_delete` AFTER DELETE ON `blog_posts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_static_posts_insert` AFTER INSERT ON `static_posts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_static_posts_update` AFTER UPDATE ON `static_posts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_static_posts_delete` AFTER DELETE ON `static_posts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_banners_insert` AFTER INSERT ON `banners` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_banners_update` AFTER UPDATE ON `banners` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_banners_delete` AFTER DELETE ON `banners` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_gifts_insert` AFTER INSERT ON `gifts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_gifts_update` AFTER UPDATE ON `gifts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_gifts_delete` AFTER DELETE ON `gifts` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_overlay_messages_insert` AFTER INSERT ON `overlay_messages` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_overlay_messages_update` AFTER UPDATE ON `overlay_messages` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_overlay_messages_delete` AFTER DELETE ON `overlay_messages` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_shipping_companies_insert` AFTER INSERT ON `shipping_companies` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_shipping_companies_update` AFTER UPDATE ON `shipping_companies` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_shipping_companies_delete` AFTER DELETE ON `shipping_companies` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_shipping_options_insert` AFTER INSERT ON `shipping_options` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_shipping_options_update` AFTER UPDATE ON `shipping_options` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_shipping_options_delete` AFTER DELETE ON `shipping_options` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_shipping_payments_insert` AFTER INSERT ON `shipping_payments` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_shipping_payments_update` AFTER UPDATE ON `shipping_payments` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_shipping_payments_delete` AFTER DELETE ON `shipping_payments` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_payment_options_insert` AFTER INSERT ON `payment_options` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_payment_options_update` AFTER UPDATE ON `payment_options` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_payment_options_delete` AFTER DELETE ON `payment_options` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_shops_insert` AFTER INSERT ON `shops` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_shops_update` AFTER UPDATE ON `shops` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_shops_delete` AFTER DELETE ON `shops` BEGIN
  UPDATE `catalog_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
