CREATE TABLE `download_grants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`product_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`downloads` integer DEFAULT 0 NOT NULL,
	`max_downloads` integer NOT NULL,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `download_grants_token_hash_unique` ON `download_grants` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `download_grants_order_product_unique` ON `download_grants` (`order_id`,`product_id`);--> statement-breakpoint
CREATE TABLE `variants` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`sku` text NOT NULL,
	`options` text DEFAULT '{}' NOT NULL,
	`price` integer,
	`image_url` text,
	`position` integer DEFAULT 0 NOT NULL,
	`stock` integer,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "variants_price_positive" CHECK("variants"."price" IS NULL OR "variants"."price" > 0),
	CONSTRAINT "variants_stock_never_negative" CHECK("variants"."stock" IS NULL OR "variants"."stock" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `variants_sku_unique` ON `variants` (`sku`);--> statement-breakpoint
CREATE INDEX `variants_product_idx` ON `variants` (`product_id`);--> statement-breakpoint
DROP INDEX `cart_lines_cart_product_unique`;--> statement-breakpoint
ALTER TABLE `cart_lines` ADD `variant_id` integer REFERENCES variants(id);--> statement-breakpoint
CREATE UNIQUE INDEX `cart_lines_cart_variant_unique` ON `cart_lines` (`cart_id`,`product_id`,coalesce(`variant_id`, 0));--> statement-breakpoint
-- Nothing refers to order_lines, so it is rebuilt in place (D1 keeps foreign keys on).
CREATE TABLE `__new_order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`product_id` integer NOT NULL,
	`variant_id` integer,
	`sku` text DEFAULT '' NOT NULL,
	`variant_label` text DEFAULT '' NOT NULL,
	`name` text NOT NULL,
	`unit_price` integer NOT NULL,
	`quantity` integer NOT NULL,
	`line_total` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- Existing lines keep their order, in the order they were written.
INSERT INTO `__new_order_lines`("order_id", "product_id", "name", "unit_price", "quantity", "line_total") SELECT "order_id", "product_id", "name", "unit_price", "quantity", "line_total" FROM `order_lines` ORDER BY rowid;--> statement-breakpoint
DROP TABLE `order_lines`;--> statement-breakpoint
ALTER TABLE `__new_order_lines` RENAME TO `order_lines`;--> statement-breakpoint
CREATE INDEX `order_lines_order_idx` ON `order_lines` (`order_id`);--> statement-breakpoint
ALTER TABLE `catalog_meta` ADD `stock_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `options` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `digital` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `facts` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- A change of a variant bumps the catalog version like any catalog write; a change of its
-- stock alone bumps stock_version instead, which the shown catalog is keyed by as well but
-- which checkout does not hold to (one order's stock never makes another start over).
CREATE TRIGGER `variants_insert_bumps_catalog_version` AFTER INSERT ON `variants` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `variants_update_bumps_catalog_version` AFTER UPDATE OF `product_id`, `sku`, `options`, `price`, `image_url`, `position` ON `variants` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `variants_delete_bumps_catalog_version` AFTER DELETE ON `variants` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `variants_stock_bumps_stock_version` AFTER UPDATE OF `stock` ON `variants` WHEN OLD.`stock` IS NOT NEW.`stock` BEGIN UPDATE `catalog_meta` SET `stock_version` = `stock_version` + 1 WHERE `id` = 1; END;

--> statement-breakpoint
-- The seeded catalog's options, facts and variants, where that catalog is already here
-- (workers/db/seed.ts holds the same rows for a new database).
UPDATE `products` SET `options` = '[{"name":"Size","values":["XS","S","M","L","XL"]},{"name":"Colour","values":["White","Black"]}]', `digital` = 0, `facts` = '[{"label":"Fabric","value":"100% heavyweight combed cotton, 220 g/m², pre-shrunk"},{"label":"Fit","value":"Relaxed women''s fit; take your usual size"},{"label":"Care","value":"Machine wash cold, inside out, with like colours; tumble dry low; do not iron the print."}]' WHERE `id` = 10 AND `slug` = 'black-white-raw-dogg-tshirt' AND `options` = '[]';
--> statement-breakpoint
UPDATE `products` SET `options` = '[{"name":"Size","values":["XS","S","M","L","XL"]},{"name":"Colour","values":["Pink","Black","Grey"]}]', `digital` = 0, `facts` = '[{"label":"Fabric","value":"88% recycled polyester, 12% elastane; four-way stretch, moisture-wicking"},{"label":"Fit","value":"Athletic women''s fit with a racerback; between sizes, size up"},{"label":"Care","value":"Machine wash cold; hang to dry; no fabric softener (it stops the wicking)."}]' WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank' AND `options` = '[]';
--> statement-breakpoint
UPDATE `products` SET `options` = '[{"name":"Size","values":["XS","S","M","L","XL"]}]', `digital` = 0, `facts` = '[{"label":"Fabric","value":"100% ring-spun cotton jersey, 180 g/m²"},{"label":"Fit","value":"Fitted women''s cut; size up for a looser fit"},{"label":"Care","value":"Machine wash cold, inside out, with like colours; tumble dry low; do not iron the print."}]' WHERE `id` = 12 AND `slug` = 'raw-dogg-life-womens-tshirt' AND `options` = '[]';
--> statement-breakpoint
UPDATE `products` SET `options` = '[{"name":"Size","values":["XS","S","M","L","XL"]},{"name":"Colour","values":["Black","White"]}]', `digital` = 0, `facts` = '[{"label":"Fabric","value":"100% soft cotton jersey, 180 g/m²"},{"label":"Fit","value":"Classic women''s fit, crew neck; take your usual size"},{"label":"Care","value":"Machine wash cold, inside out, with like colours; tumble dry low; do not iron the print."}]' WHERE `id` = 13 AND `slug` = 'raw-dogg-classic-t-women' AND `options` = '[]';
--> statement-breakpoint
UPDATE `products` SET `options` = '[{"name":"Size","values":["S","M","L","XL","XXL"]}]', `digital` = 0, `facts` = '[{"label":"Fabric","value":"100% heavyweight cotton, 240 g/m²"},{"label":"Fit","value":"Boxy men''s fit with a ribbed collar; size down for a closer fit"},{"label":"Care","value":"Machine wash cold, inside out, with like colours; tumble dry low; do not iron the print."}]' WHERE `id` = 14 AND `slug` = 'raw-dogg-mens-logo-tee' AND `options` = '[]';
--> statement-breakpoint
UPDATE `products` SET `options` = '[{"name":"Size","values":["S","M","L","XL","XXL"]}]', `digital` = 0, `facts` = '[{"label":"Fabric","value":"Heather-grey cotton-poly jersey (60/40), 200 g/m²"},{"label":"Fit","value":"Regular men''s fit with a chest pocket; take your usual size"},{"label":"Care","value":"Machine wash cold, inside out, with like colours; tumble dry low; do not iron the print."}]' WHERE `id` = 15 AND `slug` = 'raw-dogg-mens-pocket-tee' AND `options` = '[]';
--> statement-breakpoint
UPDATE `products` SET `options` = '[{"name":"Size","values":["S","M","L","XL"]},{"name":"Colour","values":["Black","Grey"]}]', `digital` = 0, `facts` = '[{"label":"Fabric","value":"Brushed cotton-poly fleece (80/20), 320 g/m²"},{"label":"Fit","value":"Tapered leg, elastic waist with a drawcord, zip pockets"},{"label":"Care","value":"Machine wash cold, inside out; tumble dry low."}]' WHERE `id` = 16 AND `slug` = 'raw-dogg-mens-joggers' AND `options` = '[]';
--> statement-breakpoint
UPDATE `products` SET `options` = '[]', `digital` = 0, `facts` = '[{"label":"Fabric","value":"Cotton twill, six structured panels, flat brim"},{"label":"Fit","value":"One size fits most: an adjustable snap closure"},{"label":"Care","value":"Spot clean with a damp cloth; do not machine wash."}]' WHERE `id` = 17 AND `slug` = 'raw-dogg-snapback' AND `options` = '[]';
--> statement-breakpoint
UPDATE `products` SET `options` = '[]', `digital` = 1, `facts` = '[{"label":"Format","value":"Digital download: MP3 and lossless FLAC"},{"label":"Released","value":"April 17, 2025"},{"label":"Delivery","value":"A download link on the confirmation screen and in your email, right after payment"}]' WHERE `id` = 18 AND `slug` = 'welcome-to-the-pound' AND `options` = '[]';
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 101, 1, 'RD-PLAIN-12', '{}', NULL, NULL, 1, 480 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 1 AND `slug` = 'plain-jane');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 201, 2, 'RD-TROP-12', '{}', NULL, NULL, 1, 260 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 2 AND `slug` = 'tropical-slush');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 301, 3, 'RD-SURF-12', '{}', NULL, NULL, 1, 240 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 3 AND `slug` = 'silver-surfer');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 401, 4, 'RD-BLUE-10', '{}', NULL, NULL, 1, 180 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 4 AND `slug` = 'blue-magic');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 501, 5, 'RD-GOLD-12', '{}', NULL, NULL, 1, 320 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 5 AND `slug` = '24k-gold');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 601, 6, 'RD-FANT-12', '{}', NULL, NULL, 1, 300 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 6 AND `slug` = 'fantasia');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 701, 7, 'RD-BERRY-12', '{}', NULL, NULL, 1, 150 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 7 AND `slug` = 'berry-bash');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 801, 8, 'RD-RIB-12', '{}', NULL, NULL, 1, 140 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 8 AND `slug` = 'midnight-ribbed');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 901, 9, 'RD-PACK-36', '{}', NULL, NULL, 1, 90 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 9 AND `slug` = 'dogg-pound-variety-pack');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1001, 10, 'RD-BWTEE-XS-WHT', '{"Size":"XS","Colour":"White"}', NULL, '/images/products/black-white-raw-dogg-tshirt-white.svg', 1, 18 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 10 AND `slug` = 'black-white-raw-dogg-tshirt');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1002, 10, 'RD-BWTEE-XS-BLK', '{"Size":"XS","Colour":"Black"}', NULL, '/images/products/black-white-raw-dogg-tshirt-black.svg', 2, 6 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 10 AND `slug` = 'black-white-raw-dogg-tshirt');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1003, 10, 'RD-BWTEE-S-WHT', '{"Size":"S","Colour":"White"}', NULL, '/images/products/black-white-raw-dogg-tshirt-white.svg', 3, 18 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 10 AND `slug` = 'black-white-raw-dogg-tshirt');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1004, 10, 'RD-BWTEE-S-BLK', '{"Size":"S","Colour":"Black"}', NULL, '/images/products/black-white-raw-dogg-tshirt-black.svg', 4, 18 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 10 AND `slug` = 'black-white-raw-dogg-tshirt');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1005, 10, 'RD-BWTEE-M-WHT', '{"Size":"M","Colour":"White"}', NULL, '/images/products/black-white-raw-dogg-tshirt-white.svg', 5, 18 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 10 AND `slug` = 'black-white-raw-dogg-tshirt');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1006, 10, 'RD-BWTEE-M-BLK', '{"Size":"M","Colour":"Black"}', NULL, '/images/products/black-white-raw-dogg-tshirt-black.svg', 6, 18 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 10 AND `slug` = 'black-white-raw-dogg-tshirt');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1007, 10, 'RD-BWTEE-L-WHT', '{"Size":"L","Colour":"White"}', NULL, '/images/products/black-white-raw-dogg-tshirt-white.svg', 7, 18 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 10 AND `slug` = 'black-white-raw-dogg-tshirt');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1008, 10, 'RD-BWTEE-L-BLK', '{"Size":"L","Colour":"Black"}', NULL, '/images/products/black-white-raw-dogg-tshirt-black.svg', 8, 18 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 10 AND `slug` = 'black-white-raw-dogg-tshirt');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1009, 10, 'RD-BWTEE-XL-WHT', '{"Size":"XL","Colour":"White"}', NULL, '/images/products/black-white-raw-dogg-tshirt-white.svg', 9, 18 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 10 AND `slug` = 'black-white-raw-dogg-tshirt');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1010, 10, 'RD-BWTEE-XL-BLK', '{"Size":"XL","Colour":"Black"}', NULL, '/images/products/black-white-raw-dogg-tshirt-black.svg', 10, 8 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 10 AND `slug` = 'black-white-raw-dogg-tshirt');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1101, 11, 'RD-TANK-XS-PNK', '{"Size":"XS","Colour":"Pink"}', NULL, '/images/products/raw-dogg-performance-tank-pink.svg', 1, 0 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1102, 11, 'RD-TANK-XS-BLK', '{"Size":"XS","Colour":"Black"}', NULL, '/images/products/raw-dogg-performance-tank-black.svg', 2, 12 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1103, 11, 'RD-TANK-XS-GRY', '{"Size":"XS","Colour":"Grey"}', NULL, '/images/products/raw-dogg-performance-tank-grey.svg', 3, 12 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1104, 11, 'RD-TANK-S-PNK', '{"Size":"S","Colour":"Pink"}', NULL, '/images/products/raw-dogg-performance-tank-pink.svg', 4, 7 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1105, 11, 'RD-TANK-S-BLK', '{"Size":"S","Colour":"Black"}', NULL, '/images/products/raw-dogg-performance-tank-black.svg', 5, 12 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1106, 11, 'RD-TANK-S-GRY', '{"Size":"S","Colour":"Grey"}', NULL, '/images/products/raw-dogg-performance-tank-grey.svg', 6, 12 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1107, 11, 'RD-TANK-M-PNK', '{"Size":"M","Colour":"Pink"}', NULL, '/images/products/raw-dogg-performance-tank-pink.svg', 7, 9 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1108, 11, 'RD-TANK-M-BLK', '{"Size":"M","Colour":"Black"}', NULL, '/images/products/raw-dogg-performance-tank-black.svg', 8, 3 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1109, 11, 'RD-TANK-M-GRY', '{"Size":"M","Colour":"Grey"}', NULL, '/images/products/raw-dogg-performance-tank-grey.svg', 9, 12 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1110, 11, 'RD-TANK-L-PNK', '{"Size":"L","Colour":"Pink"}', NULL, '/images/products/raw-dogg-performance-tank-pink.svg', 10, 12 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1111, 11, 'RD-TANK-L-BLK', '{"Size":"L","Colour":"Black"}', NULL, '/images/products/raw-dogg-performance-tank-black.svg', 11, 12 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1112, 11, 'RD-TANK-L-GRY', '{"Size":"L","Colour":"Grey"}', NULL, '/images/products/raw-dogg-performance-tank-grey.svg', 12, 12 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1113, 11, 'RD-TANK-XL-PNK', '{"Size":"XL","Colour":"Pink"}', NULL, '/images/products/raw-dogg-performance-tank-pink.svg', 13, 12 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1114, 11, 'RD-TANK-XL-BLK', '{"Size":"XL","Colour":"Black"}', NULL, '/images/products/raw-dogg-performance-tank-black.svg', 14, 12 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1115, 11, 'RD-TANK-XL-GRY', '{"Size":"XL","Colour":"Grey"}', NULL, '/images/products/raw-dogg-performance-tank-grey.svg', 15, 12 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 11 AND `slug` = 'raw-dogg-performance-tank');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1201, 12, 'RD-LIFETEE-XS', '{"Size":"XS"}', NULL, NULL, 1, 9 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 12 AND `slug` = 'raw-dogg-life-womens-tshirt');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1202, 12, 'RD-LIFETEE-S', '{"Size":"S"}', NULL, NULL, 2, 20 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 12 AND `slug` = 'raw-dogg-life-womens-tshirt');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1203, 12, 'RD-LIFETEE-M', '{"Size":"M"}', NULL, NULL, 3, 20 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 12 AND `slug` = 'raw-dogg-life-womens-tshirt');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1204, 12, 'RD-LIFETEE-L', '{"Size":"L"}', NULL, NULL, 4, 20 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 12 AND `slug` = 'raw-dogg-life-womens-tshirt');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1205, 12, 'RD-LIFETEE-XL', '{"Size":"XL"}', NULL, NULL, 5, 11 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 12 AND `slug` = 'raw-dogg-life-womens-tshirt');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1301, 13, 'RD-CLASSICW-XS-BLK', '{"Size":"XS","Colour":"Black"}', NULL, '/images/products/raw-dogg-classic-t-women-black.svg', 1, 15 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 13 AND `slug` = 'raw-dogg-classic-t-women');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1302, 13, 'RD-CLASSICW-XS-WHT', '{"Size":"XS","Colour":"White"}', NULL, '/images/products/raw-dogg-classic-t-women-white.svg', 2, 15 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 13 AND `slug` = 'raw-dogg-classic-t-women');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1303, 13, 'RD-CLASSICW-S-BLK', '{"Size":"S","Colour":"Black"}', NULL, '/images/products/raw-dogg-classic-t-women-black.svg', 3, 15 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 13 AND `slug` = 'raw-dogg-classic-t-women');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1304, 13, 'RD-CLASSICW-S-WHT', '{"Size":"S","Colour":"White"}', NULL, '/images/products/raw-dogg-classic-t-women-white.svg', 4, 5 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 13 AND `slug` = 'raw-dogg-classic-t-women');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1305, 13, 'RD-CLASSICW-M-BLK', '{"Size":"M","Colour":"Black"}', NULL, '/images/products/raw-dogg-classic-t-women-black.svg', 5, 15 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 13 AND `slug` = 'raw-dogg-classic-t-women');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1306, 13, 'RD-CLASSICW-M-WHT', '{"Size":"M","Colour":"White"}', NULL, '/images/products/raw-dogg-classic-t-women-white.svg', 6, 15 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 13 AND `slug` = 'raw-dogg-classic-t-women');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1307, 13, 'RD-CLASSICW-L-BLK', '{"Size":"L","Colour":"Black"}', NULL, '/images/products/raw-dogg-classic-t-women-black.svg', 7, 15 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 13 AND `slug` = 'raw-dogg-classic-t-women');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1308, 13, 'RD-CLASSICW-L-WHT', '{"Size":"L","Colour":"White"}', NULL, '/images/products/raw-dogg-classic-t-women-white.svg', 8, 15 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 13 AND `slug` = 'raw-dogg-classic-t-women');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1309, 13, 'RD-CLASSICW-XL-BLK', '{"Size":"XL","Colour":"Black"}', NULL, '/images/products/raw-dogg-classic-t-women-black.svg', 9, 15 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 13 AND `slug` = 'raw-dogg-classic-t-women');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1310, 13, 'RD-CLASSICW-XL-WHT', '{"Size":"XL","Colour":"White"}', NULL, '/images/products/raw-dogg-classic-t-women-white.svg', 10, 4 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 13 AND `slug` = 'raw-dogg-classic-t-women');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1401, 14, 'RD-LOGOTEE-S', '{"Size":"S"}', NULL, NULL, 1, 24 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 14 AND `slug` = 'raw-dogg-mens-logo-tee');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1402, 14, 'RD-LOGOTEE-M', '{"Size":"M"}', NULL, NULL, 2, 24 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 14 AND `slug` = 'raw-dogg-mens-logo-tee');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1403, 14, 'RD-LOGOTEE-L', '{"Size":"L"}', NULL, NULL, 3, 24 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 14 AND `slug` = 'raw-dogg-mens-logo-tee');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1404, 14, 'RD-LOGOTEE-XL', '{"Size":"XL"}', NULL, NULL, 4, 24 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 14 AND `slug` = 'raw-dogg-mens-logo-tee');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1405, 14, 'RD-LOGOTEE-XXL', '{"Size":"XXL"}', 2899, NULL, 5, 10 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 14 AND `slug` = 'raw-dogg-mens-logo-tee');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1501, 15, 'RD-POCKETTEE-S', '{"Size":"S"}', NULL, NULL, 1, 22 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 15 AND `slug` = 'raw-dogg-mens-pocket-tee');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1502, 15, 'RD-POCKETTEE-M', '{"Size":"M"}', NULL, NULL, 2, 22 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 15 AND `slug` = 'raw-dogg-mens-pocket-tee');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1503, 15, 'RD-POCKETTEE-L', '{"Size":"L"}', NULL, NULL, 3, 22 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 15 AND `slug` = 'raw-dogg-mens-pocket-tee');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1504, 15, 'RD-POCKETTEE-XL', '{"Size":"XL"}', NULL, NULL, 4, 22 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 15 AND `slug` = 'raw-dogg-mens-pocket-tee');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1505, 15, 'RD-POCKETTEE-XXL', '{"Size":"XXL"}', 3099, NULL, 5, 8 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 15 AND `slug` = 'raw-dogg-mens-pocket-tee');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1601, 16, 'RD-JOGGER-S-BLK', '{"Size":"S","Colour":"Black"}', NULL, '/images/products/raw-dogg-mens-joggers-black.svg', 1, 10 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 16 AND `slug` = 'raw-dogg-mens-joggers');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1602, 16, 'RD-JOGGER-S-GRY', '{"Size":"S","Colour":"Grey"}', NULL, '/images/products/raw-dogg-mens-joggers-grey.svg', 2, 10 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 16 AND `slug` = 'raw-dogg-mens-joggers');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1603, 16, 'RD-JOGGER-M-BLK', '{"Size":"M","Colour":"Black"}', NULL, '/images/products/raw-dogg-mens-joggers-black.svg', 3, 10 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 16 AND `slug` = 'raw-dogg-mens-joggers');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1604, 16, 'RD-JOGGER-M-GRY', '{"Size":"M","Colour":"Grey"}', NULL, '/images/products/raw-dogg-mens-joggers-grey.svg', 4, 10 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 16 AND `slug` = 'raw-dogg-mens-joggers');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1605, 16, 'RD-JOGGER-L-BLK', '{"Size":"L","Colour":"Black"}', NULL, '/images/products/raw-dogg-mens-joggers-black.svg', 5, 10 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 16 AND `slug` = 'raw-dogg-mens-joggers');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1606, 16, 'RD-JOGGER-L-GRY', '{"Size":"L","Colour":"Grey"}', NULL, '/images/products/raw-dogg-mens-joggers-grey.svg', 6, 10 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 16 AND `slug` = 'raw-dogg-mens-joggers');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1607, 16, 'RD-JOGGER-XL-BLK', '{"Size":"XL","Colour":"Black"}', NULL, '/images/products/raw-dogg-mens-joggers-black.svg', 7, 10 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 16 AND `slug` = 'raw-dogg-mens-joggers');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1608, 16, 'RD-JOGGER-XL-GRY', '{"Size":"XL","Colour":"Grey"}', NULL, '/images/products/raw-dogg-mens-joggers-grey.svg', 8, 4 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 16 AND `slug` = 'raw-dogg-mens-joggers');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1701, 17, 'RD-SNAPBACK', '{}', NULL, NULL, 1, 25 WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 17 AND `slug` = 'raw-dogg-snapback');
--> statement-breakpoint
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `price`, `image_url`, `position`, `stock`) SELECT 1801, 18, 'RD-SINGLE-WTTP', '{}', NULL, NULL, 1, NULL WHERE EXISTS (SELECT 1 FROM `products` WHERE `id` = 18 AND `slug` = 'welcome-to-the-pound');

--> statement-breakpoint
-- A product the seed does not know gets one default variant, not counted (its owner counts it).
INSERT INTO `variants` (`id`, `product_id`, `sku`, `options`, `position`, `stock`) SELECT `id` * 100 + 1, `id`, 'RD-P' || `id`, '{}', 1, NULL FROM `products` WHERE NOT EXISTS (SELECT 1 FROM `variants` WHERE `variants`.`product_id` = `products`.`id`);
--> statement-breakpoint
-- Every line of a product without options is a line of its one variant; a line of a product
-- with options stays a line whose size is still to choose (variant_id null).
UPDATE `cart_lines` SET `variant_id` = (SELECT `v`.`id` FROM `variants` `v` WHERE `v`.`product_id` = `cart_lines`.`product_id`) WHERE `variant_id` IS NULL AND (SELECT `options` FROM `products` WHERE `id` = `cart_lines`.`product_id`) = '[]' AND (SELECT count(*) FROM `variants` WHERE `product_id` = `cart_lines`.`product_id`) = 1;
--> statement-breakpoint
UPDATE `order_lines` SET `variant_id` = (SELECT `v`.`id` FROM `variants` `v` WHERE `v`.`product_id` = `order_lines`.`product_id`), `sku` = (SELECT `v`.`sku` FROM `variants` `v` WHERE `v`.`product_id` = `order_lines`.`product_id`) WHERE (SELECT `options` FROM `products` WHERE `id` = `order_lines`.`product_id`) = '[]' AND (SELECT count(*) FROM `variants` WHERE `product_id` = `order_lines`.`product_id`) = 1;
