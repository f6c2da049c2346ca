ALTER TABLE `emails` ADD `recipient_key` text;--> statement-breakpoint
ALTER TABLE `emails` ADD `claim` text;--> statement-breakpoint
ALTER TABLE `emails` ADD `claimed_at` text;--> statement-breakpoint
CREATE INDEX `emails_recipient_key_created_idx` ON `emails` (`recipient_key`,`created_at`);--> statement-breakpoint
ALTER TABLE `newsletter_signups` ADD `confirmed_at` text;--> statement-breakpoint
ALTER TABLE `newsletter_signups` ADD `token_hash` text;--> statement-breakpoint
ALTER TABLE `newsletter_signups` ADD `confirmation_requested_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_signups_token_hash_unique` ON `newsletter_signups` (`token_hash`);--> statement-breakpoint
-- Emails recorded before the daily cap count towards it for the rest of their day, by their
-- address lower-cased. Newsletter addresses stored before double opt-in stay unconfirmed.
UPDATE `emails` SET `recipient_key` = lower(`recipient`) WHERE `recipient_key` IS NULL;
