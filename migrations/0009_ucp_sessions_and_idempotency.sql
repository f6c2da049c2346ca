CREATE TABLE `ucp_idempotency` (
	`key` text NOT NULL,
	`scope` text NOT NULL,
	`request_hash` text NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`response` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	PRIMARY KEY(`key`, `scope`)
);
--> statement-breakpoint
CREATE INDEX `ucp_idempotency_created_idx` ON `ucp_idempotency` (`created_at`);--> statement-breakpoint
CREATE TABLE `ucp_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`buyer` text DEFAULT '{}' NOT NULL,
	`destination` text,
	`notes` text DEFAULT '[]' NOT NULL,
	`order_id` text,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	`updated_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ucp_sessions_order_idx` ON `ucp_sessions` (`order_id`);