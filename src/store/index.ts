/** The storage layer: a thin synchronous adapter over drizzle + better-sqlite3. See docs/store.md. */
export { openStore, DEFAULT_DATABASE_PATH, MIGRATIONS_FOLDER } from './store';
export type { Store, StoreOptions } from './store';
export type { Json } from './json';
export { MATCH_STATUSES, OPEN_STATUSES } from './schema';
export type { MatchStatus } from './schema';
export type { ActResult, Step, StepResult } from './act';
export type { NewMatch, Matches } from './matches';
export type { NewWarband, Warbands } from './warbands';
export type { NewMap, Maps } from './maps';
export type { NewCatalog, Catalogs } from './catalogs';
export type { NewPrompt, Prompts } from './prompts';
export type { NewDeadline, Deadlines } from './deadlines';
export type { Players } from './players';
export type { Leagues } from './leagues';
export type { Follows } from './follows';
export type * from './rows';
