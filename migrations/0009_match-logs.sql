CREATE TABLE `match_logs` (
	`match_id` text PRIMARY KEY NOT NULL,
	`ended_at` integer NOT NULL,
	`codec` text,
	`through_seq` integer,
	`data` blob,
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `match_logs_unpacked_idx` ON `match_logs` (`ended_at`) WHERE codec is null;--> statement-breakpoint
INSERT INTO `match_logs` (`match_id`, `ended_at`) SELECT `id`, `ended_at` FROM `matches` WHERE `ended_at` IS NOT NULL;