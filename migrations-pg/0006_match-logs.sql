CREATE TABLE "match_logs" (
	"match_id" text PRIMARY KEY NOT NULL,
	"ended_at" bigint NOT NULL,
	"codec" text,
	"through_seq" integer,
	"data" "bytea"
);
--> statement-breakpoint
ALTER TABLE "match_logs" ADD CONSTRAINT "match_logs_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_logs_unpacked_idx" ON "match_logs" USING btree ("ended_at") WHERE codec is null;--> statement-breakpoint
INSERT INTO "match_logs" ("match_id", "ended_at") SELECT "id", "ended_at" FROM "matches" WHERE "ended_at" IS NOT NULL;