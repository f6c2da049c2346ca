-- The back office and the shop's emails (issue 17): applications get the owner's review
-- (status new/approved/declined, a note, when it was decided; SQLite cannot change a
-- column's default, so each table is rebuilt, its rows copied with their old status
-- mapped: pending -> new, rejected -> declined), featured creators may name the
-- application they were published from, and two new tables: the emails sent or failed,
-- and the audit trail of the owner's changes.
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`action` text NOT NULL,
	`subject` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`address` text NOT NULL,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `emails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`error` text,
	`message_id` text,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	`updated_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `emails_key_unique` ON `emails` (`key`);--> statement-breakpoint
CREATE INDEX `emails_updated_idx` ON `emails` (`updated_at`);--> statement-breakpoint
CREATE TABLE `__new_affiliate_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`website_url` text NOT NULL,
	`audience_description` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`review_note` text,
	`reviewed_at` text,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_affiliate_applications`("id", "name", "email", "website_url", "audience_description", "status", "review_note", "reviewed_at", "created_at") SELECT "id", "name", "email", "website_url", "audience_description", CASE "status" WHEN 'approved' THEN 'approved' WHEN 'rejected' THEN 'declined' ELSE 'new' END, NULL, NULL, "created_at" FROM `affiliate_applications`;--> statement-breakpoint
DROP TABLE `affiliate_applications`;--> statement-breakpoint
ALTER TABLE `__new_affiliate_applications` RENAME TO `affiliate_applications`;--> statement-breakpoint
CREATE TABLE `__new_creator_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`social_links` text NOT NULL,
	`bio` text NOT NULL,
	`portfolio_urls` text NOT NULL,
	`payment_method` text NOT NULL,
	`account_details` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`review_note` text,
	`reviewed_at` text,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_creator_applications`("id", "name", "email", "social_links", "bio", "portfolio_urls", "payment_method", "account_details", "status", "review_note", "reviewed_at", "created_at") SELECT "id", "name", "email", "social_links", "bio", "portfolio_urls", "payment_method", "account_details", CASE "status" WHEN 'approved' THEN 'approved' WHEN 'rejected' THEN 'declined' ELSE 'new' END, NULL, NULL, "created_at" FROM `creator_applications`;--> statement-breakpoint
DROP TABLE `creator_applications`;--> statement-breakpoint
ALTER TABLE `__new_creator_applications` RENAME TO `creator_applications`;--> statement-breakpoint
CREATE TABLE `__new_vendor_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_name` text NOT NULL,
	`contact_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`business_type` text NOT NULL,
	`website` text,
	`year_established` text NOT NULL,
	`monthly_sales_volume` text NOT NULL,
	`locations` integer NOT NULL,
	`business_description` text NOT NULL,
	`has_license` integer NOT NULL,
	`preferred_contact_method` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`review_note` text,
	`reviewed_at` text,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_vendor_applications`("id", "business_name", "contact_name", "email", "phone", "business_type", "website", "year_established", "monthly_sales_volume", "locations", "business_description", "has_license", "preferred_contact_method", "status", "review_note", "reviewed_at", "created_at") SELECT "id", "business_name", "contact_name", "email", "phone", "business_type", "website", "year_established", "monthly_sales_volume", "locations", "business_description", "has_license", "preferred_contact_method", CASE "status" WHEN 'approved' THEN 'approved' WHEN 'rejected' THEN 'declined' ELSE 'new' END, NULL, NULL, "created_at" FROM `vendor_applications`;--> statement-breakpoint
DROP TABLE `vendor_applications`;--> statement-breakpoint
ALTER TABLE `__new_vendor_applications` RENAME TO `vendor_applications`;--> statement-breakpoint
ALTER TABLE `featured_creators` ADD `application_id` integer REFERENCES creator_applications(id);--> statement-breakpoint
CREATE UNIQUE INDEX `featured_creators_application_unique` ON `featured_creators` (`application_id`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);