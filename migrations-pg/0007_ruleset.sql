ALTER TABLE "catalogs" ADD COLUMN "ruleset" text DEFAULT 'sellsword' NOT NULL;--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN "ruleset" text DEFAULT 'sellsword' NOT NULL;--> statement-breakpoint
ALTER TABLE "maps" ADD COLUMN "ruleset" text DEFAULT 'sellsword' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "ruleset" text DEFAULT 'sellsword' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "ruleset_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "warbands" ADD COLUMN "ruleset" text DEFAULT 'sellsword' NOT NULL;