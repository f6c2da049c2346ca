CREATE TABLE `order_webhook_failures` (
	`webhook_id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`event` text NOT NULL,
	`host` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL
);
--> statement-breakpoint
CREATE INDEX `order_webhook_failures_order_idx` ON `order_webhook_failures` (`order_id`);--> statement-breakpoint
ALTER TABLE `ucp_sessions` ADD `webhook_url` text;