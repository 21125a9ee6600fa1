/**
 * `npm run db:copy -- --from sqlite:FILE --to postgres://…` (docs/store.md "Two backends"): copies a
 * SQLite database's whole history, every table and every row with its ids, into an empty PostgreSQL
 * database, in one transaction, then moves each identity column's sequence past the copied ids. A
 * target that already holds rows is refused before anything is copied: the copied ids would meet its
 * own, and merging two histories is not a copy.
 */
import Database from 'better-sqlite3';
import { getTableName, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { postgresTwin } from './dialect-tables';
import type { PgConnection } from './pg-store';
import * as lite from './schema';

/** Every table, parents before children, so every foreign key finds its row; each is copied into its PostgreSQL twin. */
const TABLES: readonly SQLiteTable[] = [
  lite.players,
  lite.catalogs,
  lite.maps,
  lite.warbands,
  lite.leagues,
  lite.matchParts,
  lite.matches,
  lite.matchPlayers,
  lite.matchEvents,
  lite.matchLogs,
  lite.prompts,
  lite.follows,
  lite.matchPauses,
  lite.deadlines,
  lite.vacations,
  lite.standingOrders,
  lite.notifySettings,
  lite.outbox,
  lite.leases,
  lite.leagueSettings,
  lite.leagueLog,
  lite.leaguePosts,
  lite.seasons,
  lite.seasonEntries,
  lite.seasonRounds,
  lite.pairings,
  lite.results,
  lite.resultPlayers,
  lite.ratings,
  lite.ratingHistory,
];

/** Tables whose `id` is an identity column on PostgreSQL. */
const IDENTITY = new Set(['warbands', 'prompts', 'deadlines', 'vacations', 'outbox', 'league_log', 'league_posts', 'seasons', 'pairings', 'results']);

const CHUNK = 500;

/** The target already holds rows; its message is the one sentence db:copy prints. */
export class CopyRefused extends Error {
  override name = 'CopyRefused';
}

/** Copies every row of the SQLite file into `to` (which must hold the migrated, empty schema); returns the rows per table. */
export async function copySqliteToPg(fromPath: string, to: PgConnection): Promise<Record<string, number>> {
  const sqlite = new Database(fromPath, { readonly: true, fileMustExist: true });
  try {
    const from = drizzle({ client: sqlite });
    const counts: Record<string, number> = {};
    await to.db.transaction(async (tx) => {
      const holding: string[] = [];
      for (const table of TABLES) if ((await tx.select().from(postgresTwin(table)).limit(1)).length > 0) holding.push(getTableName(table));
      if (holding.length > 0) {
        const tables = holding.length > 3 ? `${holding.slice(0, 3).join(', ')} and ${holding.length - 3} more tables` : holding.join(', ');
        throw new CopyRefused(`The PostgreSQL database already holds rows (in ${tables}), so nothing was copied: db:copy copies only into an empty database.`);
      }
      for (const source of TABLES) {
        const target = postgresTwin(source);
        const rows = from.select().from(source).all();
        for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(target).values(rows.slice(i, i + CHUNK));
        counts[getTableName(target)] = rows.length;
        if (IDENTITY.has(getTableName(target)) && rows.length > 0) {
          const name = getTableName(target);
          await tx.execute(sql.raw(`select setval(pg_get_serial_sequence('"${name}"', 'id'), (select max(id) from "${name}"))`));
        }
      }
    });
    return counts;
  } finally {
    sqlite.close();
  }
}
