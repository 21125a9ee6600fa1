CREATE TABLE `league_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` text NOT NULL,
	`by` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`before` text,
	`after` text,
	`reason` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`channel_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `league_log_league_idx` ON `league_log` (`league_id`,`id`);--> statement-breakpoint
CREATE TABLE `league_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`due_at` integer NOT NULL,
	`done_at` integer,
	`message_id` text,
	`error` text,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`channel_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `league_posts_pending_idx` ON `league_posts` (`league_id`,`id`) WHERE done_at is null;--> statement-breakpoint
CREATE TABLE `league_settings` (
	`league_id` text PRIMARY KEY NOT NULL,
	`organiser_role` text,
	`points` integer,
	`vp_target` integer,
	`turn_hours` real,
	`prompt_hours` real,
	`remind_at` text,
	`remind_before_hours` text,
	`max_misses` integer,
	`vacation_days` integer,
	`maps` text,
	`catalog_version` text,
	`free_challenges` integer DEFAULT true NOT NULL,
	`standings_post` integer,
	`rated_through` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`channel_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `pairings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`season_id` integer NOT NULL,
	`round` integer NOT NULL,
	`table_no` integer NOT NULL,
	`players` text NOT NULL,
	`bye` integer DEFAULT false NOT NULL,
	`match_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pairings_match_id_unique` ON `pairings` (`match_id`);--> statement-breakpoint
CREATE INDEX `pairings_round_idx` ON `pairings` (`season_id`,`round`);--> statement-breakpoint
CREATE TABLE `rating_history` (
	`result_id` integer NOT NULL,
	`league_id` text NOT NULL,
	`player` text NOT NULL,
	`mu` real NOT NULL,
	`sigma` real NOT NULL,
	`ordinal` real NOT NULL,
	PRIMARY KEY(`result_id`, `player`),
	FOREIGN KEY (`result_id`) REFERENCES `results`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rating_history_player_idx` ON `rating_history` (`league_id`,`player`,`result_id`);--> statement-breakpoint
CREATE TABLE `ratings` (
	`league_id` text NOT NULL,
	`player` text NOT NULL,
	`mu` real NOT NULL,
	`sigma` real NOT NULL,
	`ordinal` real NOT NULL,
	`games` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`league_id`, `player`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`channel_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ratings_ordinal_idx` ON `ratings` (`league_id`,`ordinal`);--> statement-breakpoint
CREATE TABLE `result_players` (
	`result_id` integer NOT NULL,
	`player` text NOT NULL,
	`seat` integer NOT NULL,
	`outcome` text NOT NULL,
	`place` integer NOT NULL,
	`warband` text,
	`vp_for` integer NOT NULL,
	`vp_against` integer NOT NULL,
	PRIMARY KEY(`result_id`, `player`),
	FOREIGN KEY (`result_id`) REFERENCES `results`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `result_players_player_idx` ON `result_players` (`player`);--> statement-breakpoint
CREATE TABLE `results` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` text NOT NULL,
	`season_id` integer,
	`pairing_id` integer,
	`match_id` text,
	`way` text NOT NULL,
	`winner` text,
	`rounds` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`ended_at` integer NOT NULL,
	`by` text,
	`reason` text,
	`overturned_at` integer,
	`overturned_by` text,
	`overturn_reason` text,
	`replaced_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`channel_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`pairing_id`) REFERENCES `pairings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `results_league_idx` ON `results` (`league_id`,`id`);--> statement-breakpoint
CREATE INDEX `results_season_idx` ON `results` (`season_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `results_match_idx` ON `results` (`match_id`) WHERE overturned_at is null and match_id is not null;--> statement-breakpoint
CREATE TABLE `season_entries` (
	`season_id` integer NOT NULL,
	`player` text NOT NULL,
	`warband_id` integer,
	`warband` text NOT NULL,
	`joined_at` integer NOT NULL,
	`removed_at` integer,
	`problem` text,
	PRIMARY KEY(`season_id`, `player`),
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`warband_id`) REFERENCES `warbands`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `season_entries_player_idx` ON `season_entries` (`player`);--> statement-breakpoint
CREATE TABLE `season_rounds` (
	`season_id` integer NOT NULL,
	`number` integer NOT NULL,
	`started_at` integer NOT NULL,
	`deadline_at` integer,
	`ended_at` integer,
	PRIMARY KEY(`season_id`, `number`),
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `seasons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` text NOT NULL,
	`number` integer NOT NULL,
	`state` text NOT NULL,
	`pairing` text NOT NULL,
	`rounds` integer,
	`round_hours` real,
	`settings` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`closed_at` integer,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`channel_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "seasons_state_check" CHECK("seasons"."state" in ('signup', 'running', 'closed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seasons_league_number_idx` ON `seasons` (`league_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `seasons_open_idx` ON `seasons` (`league_id`) WHERE state <> 'closed';