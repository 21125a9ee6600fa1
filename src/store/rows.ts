/** Row types, inferred from the schema so they cannot drift from it. */
import type * as t from './schema';

export type PlayerRow = typeof t.players.$inferSelect;
export type CatalogRow = typeof t.catalogs.$inferSelect;
export type MapRow = typeof t.maps.$inferSelect;
export type WarbandRow = typeof t.warbands.$inferSelect;
export type LeagueRow = typeof t.leagues.$inferSelect;
export type MatchRow = typeof t.matches.$inferSelect;
export type PromptRow = typeof t.prompts.$inferSelect;
export type DeadlineRow = typeof t.deadlines.$inferSelect;
export type OutboxRow = typeof t.outbox.$inferSelect;
export type LeaseRow = typeof t.leases.$inferSelect;
export type VacationRow = typeof t.vacations.$inferSelect;
