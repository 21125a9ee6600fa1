CREATE TABLE `catalogs` (
	`id` text PRIMARY KEY NOT NULL,
	`faction` text NOT NULL,
	`document` text NOT NULL,
	`owner` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `deadlines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`match_id` text NOT NULL,
	`due_at` integer NOT NULL,
	`kind` text NOT NULL,
	`player` text,
	`done_at` integer,
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `deadlines_pending_idx` ON `deadlines` (`due_at`) WHERE done_at is null;--> statement-breakpoint
CREATE INDEX `deadlines_match_idx` ON `deadlines` (`match_id`);--> statement-breakpoint
CREATE TABLE `follows` (
	`match_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`match_id`, `user_id`),
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `follows_user_idx` ON `follows` (`user_id`);--> statement-breakpoint
CREATE TABLE `leagues` (
	`channel_id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `leagues_guild_idx` ON `leagues` (`guild_id`);--> statement-breakpoint
CREATE TABLE `maps` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`gridmap` text NOT NULL,
	`owner` text,
	`guild_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `maps_guild_idx` ON `maps` (`guild_id`);--> statement-breakpoint
CREATE TABLE `match_events` (
	`match_id` text NOT NULL,
	`seq` integer NOT NULL,
	`event` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`match_id`, `seq`),
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "match_events_seq_check" CHECK("match_events"."seq" >= 1)
);
--> statement-breakpoint
CREATE TABLE `match_players` (
	`match_id` text NOT NULL,
	`user_id` text NOT NULL,
	`seat` integer NOT NULL,
	PRIMARY KEY(`match_id`, `user_id`),
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `match_players_user_idx` ON `match_players` (`user_id`);--> statement-breakpoint
CREATE TABLE `matches` (
	`id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`thread_id` text,
	`status` text NOT NULL,
	`players` text NOT NULL,
	`terms` text NOT NULL,
	`setup` text,
	`snapshot` text,
	`seq` integer DEFAULT 0 NOT NULL,
	`winner` text,
	`result` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`ended_at` integer,
	CONSTRAINT "matches_status_check" CHECK("matches"."status" in ('challenged', 'setup', 'playing', 'over', 'declined', 'cancelled')),
	CONSTRAINT "matches_seq_check" CHECK("matches"."seq" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `matches_thread_id_unique` ON `matches` (`thread_id`);--> statement-breakpoint
CREATE INDEX `matches_status_idx` ON `matches` (`status`);--> statement-breakpoint
CREATE INDEX `matches_channel_idx` ON `matches` (`channel_id`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `prompts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`match_id` text NOT NULL,
	`seq` integer NOT NULL,
	`channel_id` text NOT NULL,
	`message_id` text NOT NULL,
	`player` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prompts_message_id_unique` ON `prompts` (`message_id`);--> statement-breakpoint
CREATE INDEX `prompts_match_idx` ON `prompts` (`match_id`,`seq`);--> statement-breakpoint
CREATE INDEX `prompts_open_idx` ON `prompts` (`match_id`) WHERE closed_at is null;--> statement-breakpoint
CREATE TABLE `warbands` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner` text NOT NULL,
	`name` text NOT NULL,
	`faction` text NOT NULL,
	`points` integer NOT NULL,
	`document` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `warbands_owner_name_idx` ON `warbands` (`owner`,`name`);