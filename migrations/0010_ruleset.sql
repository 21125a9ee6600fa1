ALTER TABLE `catalogs` ADD `ruleset` text DEFAULT 'sellsword' NOT NULL;--> statement-breakpoint
ALTER TABLE `leagues` ADD `ruleset` text DEFAULT 'sellsword' NOT NULL;--> statement-breakpoint
ALTER TABLE `maps` ADD `ruleset` text DEFAULT 'sellsword' NOT NULL;--> statement-breakpoint
ALTER TABLE `matches` ADD `ruleset` text DEFAULT 'sellsword' NOT NULL;--> statement-breakpoint
ALTER TABLE `matches` ADD `ruleset_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `warbands` ADD `ruleset` text DEFAULT 'sellsword' NOT NULL;