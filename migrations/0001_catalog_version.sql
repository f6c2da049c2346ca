-- Every write to a catalog table bumps catalog_meta.version, so the KV catalog copy and
-- any cache keyed by the version is replaced on the next read (a seed, a migration or a
-- hand-made UPDATE alike).
INSERT INTO `catalog_meta` (`id`, `version`) VALUES (1, 1);
--> statement-breakpoint
CREATE TRIGGER `categories_insert_bumps_catalog_version` AFTER INSERT ON `categories` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `categories_update_bumps_catalog_version` AFTER UPDATE ON `categories` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `categories_delete_bumps_catalog_version` AFTER DELETE ON `categories` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `products_insert_bumps_catalog_version` AFTER INSERT ON `products` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `products_update_bumps_catalog_version` AFTER UPDATE ON `products` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `products_delete_bumps_catalog_version` AFTER DELETE ON `products` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bundles_insert_bumps_catalog_version` AFTER INSERT ON `bundles` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bundles_update_bumps_catalog_version` AFTER UPDATE ON `bundles` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bundles_delete_bumps_catalog_version` AFTER DELETE ON `bundles` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bundle_items_insert_bumps_catalog_version` AFTER INSERT ON `bundle_items` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bundle_items_update_bumps_catalog_version` AFTER UPDATE ON `bundle_items` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bundle_items_delete_bumps_catalog_version` AFTER DELETE ON `bundle_items` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `recommendations_insert_bumps_catalog_version` AFTER INSERT ON `recommendations` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `recommendations_update_bumps_catalog_version` AFTER UPDATE ON `recommendations` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `recommendations_delete_bumps_catalog_version` AFTER DELETE ON `recommendations` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `featured_creators_insert_bumps_catalog_version` AFTER INSERT ON `featured_creators` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `featured_creators_update_bumps_catalog_version` AFTER UPDATE ON `featured_creators` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `featured_creators_delete_bumps_catalog_version` AFTER DELETE ON `featured_creators` BEGIN UPDATE `catalog_meta` SET `version` = `version` + 1 WHERE `id` = 1; END;
