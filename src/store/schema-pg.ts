/**
 * The PostgreSQL tables, for drizzle-kit (drizzle-pg.config.ts writes migrations-pg/ from this module)
 * and the PostgreSQL store modules: the twins of the tables schema.ts declares, by the same names
 * (store/dialect-tables.ts says what each column is on each side).
 */
import { postgresTables } from './dialect-tables';
import * as declared from './schema';

export const {
  catalogs,
  deadlines,
  follows,
  leagueLog,
  leaguePosts,
  leagueSettings,
  leagues,
  leases,
  maps,
  matchEvents,
  matchLogs,
  matchParts,
  matchPauses,
  matchPlayers,
  matches,
  notifySettings,
  outbox,
  pairings,
  players,
  prompts,
  ratingHistory,
  ratings,
  resultPlayers,
  results,
  seasonEntries,
  seasonRounds,
  seasons,
  standingOrders,
  vacations,
  warbands,
} = postgresTables(declared);
