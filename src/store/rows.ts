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
export type LeagueSettingsRow = typeof t.leagueSettings.$inferSelect;
export type LeagueLogRow = typeof t.leagueLog.$inferSelect;
export type LeaguePostRow = typeof t.leaguePosts.$inferSelect;
export type SeasonRow = typeof t.seasons.$inferSelect;
export type SeasonEntryRow = typeof t.seasonEntries.$inferSelect;
export type SeasonRoundRow = typeof t.seasonRounds.$inferSelect;
export type PairingRow = typeof t.pairings.$inferSelect;
export type ResultRow = typeof t.results.$inferSelect;
export type ResultPlayerRow = typeof t.resultPlayers.$inferSelect;
export type RatingRow = typeof t.ratings.$inferSelect;
export type RatingHistoryRow = typeof t.ratingHistory.$inferSelect;
