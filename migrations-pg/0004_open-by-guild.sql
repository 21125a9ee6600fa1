DROP INDEX "matches_status_idx";--> statement-breakpoint
CREATE INDEX "matches_status_guild_idx" ON "matches" USING btree ("status","guild_id");