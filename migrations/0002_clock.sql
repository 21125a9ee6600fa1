CREATE TABLE `notify_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`dms` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `standing_orders` (
	`user_id` text NOT NULL,
	`scope` text NOT NULL,
	`orders` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `scope`)
);
--> statement-breakpoint
CREATE TABLE `vacations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`days` integer NOT NULL,
	`started_at` integer NOT NULL,
	`until_at` integer NOT NULL,
	`ended_at` integer
);
--> statement-breakpoint
CREATE INDEX `vacations_user_idx` ON `vacations` (`user_id`,`started_at`);--> statement-breakpoint
ALTER TABLE `deadlines` ADD `seq` integer;--> statement-breakpoint
ALTER TABLE `deadlines` ADD `outcome` text;--> statement-breakpoint
ALTER TABLE `deadlines` ADD `claimed_until` integer;--> statement-breakpoint
CREATE INDEX `deadlines_player_idx` ON `deadlines` (`player`) WHERE done_at is null;