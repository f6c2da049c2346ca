CREATE TABLE `insight_counts` (
	`day` text NOT NULL,
	`metric` text NOT NULL,
	`subject` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`day`, `metric`, `subject`)
);
--> statement-breakpoint
CREATE TABLE `insight_vitals` (
	`day` text NOT NULL,
	`route` text NOT NULL,
	`metric` text NOT NULL,
	`bucket` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`day`, `route`, `metric`, `bucket`)
);
