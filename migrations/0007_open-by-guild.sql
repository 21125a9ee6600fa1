DROP INDEX `matches_status_idx`;--> statement-breakpoint
CREATE INDEX `matches_status_guild_idx` ON `matches` (`status`,`guild_id`);