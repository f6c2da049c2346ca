ALTER TABLE `catalog_meta` ADD `stamp` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Every new catalog version gets a new random stamp. The KV copy and the caches are keyed
-- by version and stamp: after a D1 Time Travel restore the version counter repeats numbers
-- it had already reached, but never with the same stamp. (SQLite runs no trigger from
-- inside itself unless recursive triggers are on, and the inner UPDATE sets no version.)
UPDATE `catalog_meta` SET `stamp` = lower(hex(randomblob(8))) WHERE `id` = 1;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_gets_a_new_stamp` AFTER UPDATE OF `version` ON `catalog_meta` BEGIN UPDATE `catalog_meta` SET `stamp` = lower(hex(randomblob(8))) WHERE `id` = NEW.`id`; END;
