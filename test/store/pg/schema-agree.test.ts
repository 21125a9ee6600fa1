/**
 * schema-pg.ts is written beside schema.ts (drizzle has no table shared by dialects): the two must have
 * the same tables, columns (name, required, default), keys and indexes, and the same row types, which
 * typecheck proves below.
 */
import { getTableConfig as pgConfig } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as lite from '../../../src/store/schema';
import * as pgSchema from '../../../src/store/schema-pg';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(proof: Same<A, B>) => proof;
same<typeof lite.matches.$inferSelect, typeof pgSchema.matches.$inferSelect>(true);
same<typeof lite.matchLogs.$inferSelect, typeof pgSchema.matchLogs.$inferSelect>(true);
same<typeof lite.deadlines.$inferSelect, typeof pgSchema.deadlines.$inferSelect>(true);
same<typeof lite.outbox.$inferSelect, typeof pgSchema.outbox.$inferSelect>(true);
same<typeof lite.warbands.$inferSelect, typeof pgSchema.warbands.$inferSelect>(true);
same<typeof lite.notifySettings.$inferSelect, typeof pgSchema.notifySettings.$inferSelect>(true);
same<typeof lite.vacations.$inferSelect, typeof pgSchema.vacations.$inferSelect>(true);
same<typeof lite.leases.$inferSelect, typeof pgSchema.leases.$inferSelect>(true);
same<typeof lite.prompts.$inferSelect, typeof pgSchema.prompts.$inferSelect>(true);
same<typeof lite.leagueSettings.$inferSelect, typeof pgSchema.leagueSettings.$inferSelect>(true);
same<typeof lite.leagueLog.$inferSelect, typeof pgSchema.leagueLog.$inferSelect>(true);
same<typeof lite.leaguePosts.$inferSelect, typeof pgSchema.leaguePosts.$inferSelect>(true);
same<typeof lite.seasons.$inferSelect, typeof pgSchema.seasons.$inferSelect>(true);
same<typeof lite.seasonEntries.$inferSelect, typeof pgSchema.seasonEntries.$inferSelect>(true);
same<typeof lite.seasonRounds.$inferSelect, typeof pgSchema.seasonRounds.$inferSelect>(true);
same<typeof lite.pairings.$inferSelect, typeof pgSchema.pairings.$inferSelect>(true);
same<typeof lite.results.$inferSelect, typeof pgSchema.results.$inferSelect>(true);
same<typeof lite.resultPlayers.$inferSelect, typeof pgSchema.resultPlayers.$inferSelect>(true);
same<typeof lite.ratings.$inferSelect, typeof pgSchema.ratings.$inferSelect>(true);
same<typeof lite.ratingHistory.$inferSelect, typeof pgSchema.ratingHistory.$inferSelect>(true);

const describeColumns = (columns: readonly { name: string; notNull: boolean; hasDefault: boolean; primary: boolean }[]) =>
  columns.map((c) => ({ name: c.name, notNull: c.notNull, hasDefault: c.hasDefault, primary: c.primary })).sort((x, y) => x.name.localeCompare(y.name));

describe('the two schemas', () => {
  const liteTables = Object.values(lite).filter((v) => typeof v === 'object' && v !== null && Symbol.for('drizzle:IsDrizzleTable') in v);
  const pgTables = Object.values(pgSchema).filter((v) => typeof v === 'object' && v !== null && Symbol.for('drizzle:IsDrizzleTable') in v);

  it('have the same tables, columns, keys and indexes', () => {
    const l = liteTables.map((x) => sqliteConfig(x as typeof lite.players));
    const p = pgTables.map((x) => pgConfig(x as typeof pgSchema.players));
    expect(p.map((c) => c.name).sort()).toEqual(l.map((c) => c.name).sort());
    expect(l.length).toBeGreaterThan(10);
    for (const table of l) {
      const other = p.find((c) => c.name === table.name)!;
      // An identity column (PostgreSQL) counts as a default, as an autoincrement key does in SQLite.
      const pgCols = describeColumns(other.columns).map((c) => ({
        ...c,
        hasDefault:
          c.hasDefault ||
          other.columns.find((x) => x.name === c.name)!.generated !== undefined ||
          (other.columns.find((x) => x.name === c.name) as { generatedIdentity?: unknown }).generatedIdentity !== undefined,
      }));
      const liteCols = describeColumns(table.columns).map((c) => ({
        ...c,
        hasDefault:
          c.hasDefault ||
          (c.primary &&
            table.columns.find((x) => x.name === c.name)!.columnType === 'SQLiteInteger' &&
            (table.columns.find((x) => x.name === c.name) as { autoIncrement?: boolean }).autoIncrement === true),
      }));
      expect(pgCols, table.name).toEqual(liteCols);
      expect(
        other.primaryKeys.map((k) => k.columns.map((c) => c.name)),
        table.name,
      ).toEqual(table.primaryKeys.map((k) => k.columns.map((c) => c.name)));
      expect(other.indexes.map((i) => i.config.name).sort(), table.name).toEqual(table.indexes.map((i) => i.config.name).sort());
      expect(other.foreignKeys.length, table.name).toBe(table.foreignKeys.length);
      expect(other.checks.map((c) => c.name).sort(), table.name).toEqual(table.checks.map((c) => c.name).sort());
    }
  });
});
