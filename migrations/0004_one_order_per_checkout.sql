ALTER TABLE `orders` ADD `checkout_key` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `bundle_savings` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `bundles` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `placed_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_session_checkout_key_unique` ON `orders` (`session_id`,`checkout_key`);--> statement-breakpoint
ALTER TABLE `reactions` ADD `address_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `reactions_address_product_emoji_unique` ON `reactions` (`address_hash`,`product_id`,`emoji`);--> statement-breakpoint
-- Orders placed before this migration kept the cardholder name inside the shipping address.
-- The checkout never stores card fields: remove it from every stored address.
UPDATE `orders` SET `shipping_address` = json_remove(`shipping_address`, '$.cardholderName') WHERE `shipping_address` IS NOT NULL AND json_valid(`shipping_address`);
--> statement-breakpoint
-- Orders placed before this migration were placed when they were created.
UPDATE `orders` SET `placed_at` = `created_at` WHERE `status` = 'placed';
