CREATE TABLE "match_pauses" (
	"match_id" text PRIMARY KEY NOT NULL,
	"since_at" bigint NOT NULL,
	"thread_id" text,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "match_pauses" ADD CONSTRAINT "match_pauses_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_match_idx" ON "outbox" USING btree ("match_id","id");