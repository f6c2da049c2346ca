ALTER TABLE `ucp_sessions` ADD `cart_id` text;--> statement-breakpoint
CREATE INDEX `ucp_sessions_cart_idx` ON `ucp_sessions` (`cart_id`);