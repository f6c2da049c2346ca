CREATE TABLE `discount_code_uses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code_id` integer NOT NULL,
	`order_id` text NOT NULL,
	`email` text NOT NULL,
	`email_seq` integer NOT NULL,
	`email_limit` integer,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	FOREIGN KEY (`code_id`) REFERENCES `discount_codes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "discount_code_uses_per_email" CHECK("discount_code_uses"."email_limit" IS NULL OR "discount_code_uses"."email_seq" <= "discount_code_uses"."email_limit")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_code_uses_order_unique` ON `discount_code_uses` (`order_id`);--> statement-breakpoint
CREATE INDEX `discount_code_uses_code_email_idx` ON `discount_code_uses` (`code_id`,`email`);--> statement-breakpoint
CREATE TABLE `discount_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`min_subtotal` integer,
	`starts_at` text,
	`ends_at` text,
	`max_uses` integer,
	`max_uses_per_email` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`product_ids` text,
	`status` text DEFAULT 'active' NOT NULL,
	`source` text DEFAULT 'owner' NOT NULL,
	`email` text,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	`updated_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	CONSTRAINT "discount_codes_uses_left" CHECK("discount_codes"."uses" >= 0 AND ("discount_codes"."max_uses" IS NULL OR "discount_codes"."uses" <= "discount_codes"."max_uses")),
	CONSTRAINT "discount_codes_value_range" CHECK(("discount_codes"."kind" = 'percent' AND "discount_codes"."value" BETWEEN 1 AND 100) OR ("discount_codes"."kind" = 'amount' AND "discount_codes"."value" >= 1))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_code_unique` ON `discount_codes` (`code`);--> statement-breakpoint
CREATE INDEX `discount_codes_email_idx` ON `discount_codes` (`email`);--> statement-breakpoint
CREATE TABLE `shop_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL
);
--> statement-breakpoint
ALTER TABLE `carts` ADD `discount_code` text;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `bundle_savings` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `discount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount` integer DEFAULT 0 NOT NULL;