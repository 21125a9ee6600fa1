CREATE TABLE `match_pauses` (
	`match_id` text PRIMARY KEY NOT NULL,
	`since_at` integer NOT NULL,
	`thread_id` text,
	`reason` text NOT NULL,
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `outbox` ADD `outcome` text;--> statement-breakpoint
CREATE INDEX `outbox_match_idx` ON `outbox` (`match_id`,`id`);