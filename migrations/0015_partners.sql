CREATE TABLE `partner_clicks` (
	`partner_id` integer NOT NULL,
	`day` text NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`partner_id`, `day`),
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `partner_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`partner_id` integer NOT NULL,
	`order_id` text,
	`net_sales` integer DEFAULT 0 NOT NULL,
	`commission` integer NOT NULL,
	`status` text NOT NULL,
	`payout_id` integer,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	`updated_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_ledger_order_unique` ON `partner_ledger` (`order_id`);--> statement-breakpoint
CREATE INDEX `partner_ledger_partner_idx` ON `partner_ledger` (`partner_id`,`status`);--> statement-breakpoint
CREATE TABLE `partner_payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`partner_id` integer NOT NULL,
	`run_date` text NOT NULL,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'due' NOT NULL,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	`paid_at` text,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_payouts_run_unique` ON `partner_payouts` (`partner_id`,`run_date`);--> statement-breakpoint
CREATE TABLE `partner_sign_ins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`partner_id` integer NOT NULL,
	`link_hash` text NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_sign_ins_link_unique` ON `partner_sign_ins` (`link_hash`);--> statement-breakpoint
CREATE INDEX `partner_sign_ins_partner_idx` ON `partner_sign_ins` (`partner_id`);--> statement-breakpoint
CREATE TABLE `partners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`handle` text NOT NULL,
	`programme` text NOT NULL,
	`application_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`code_id` integer,
	`payout_method` text,
	`payout_details` text,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	FOREIGN KEY (`code_id`) REFERENCES `discount_codes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partners_handle_unique` ON `partners` (`handle`);--> statement-breakpoint
CREATE UNIQUE INDEX `partners_email_unique` ON `partners` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `partners_application_unique` ON `partners` (`programme`,`application_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `partner_id` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `attribution` text;