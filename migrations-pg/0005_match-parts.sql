CREATE TABLE "match_parts" (
	"hash" text PRIMARY KEY NOT NULL,
	"part" text NOT NULL
);
