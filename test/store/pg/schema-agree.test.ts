/**
 * schema.ts declares each table once (store/dialect-tables.ts builds it for both dialects) and
 * schema-pg.ts exports the PostgreSQL twins of those declarations. Proven here: schema-pg.ts holds
 * exactly those twins, under the same names; the two dialects' tables have the same columns (name,
 * required, default), keys, indexes, foreign keys and checks, and the same row types (typecheck proves
 * those below); and each dialect's schema is the one its last migration left, so `npm run db:generate`
 * writes no migration for either.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import { SQLiteTable, getTableConfig as sqliteConfig } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { postgresTwin } from '../../../src/store/dialect-tables';
import * as lite from '../../../src/store/schema';
import * as pgSchema from '../../../src/store/schema-pg';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(proof: Same<A, B>) => proof;
type Tables = keyof typeof pgSchema;
same<{ [K in Tables]: (typeof lite)[K]['$inferSelect'] }, { [K in Tables]: (typeof pgSchema)[K]['$inferSelect'] }>(true);
same<{ [K in Tables]: (typeof lite)[K]['$inferInsert'] }, { [K in Tables]: (typeof pgSchema)[K]['$inferInsert'] }>(true);
// @ts-expect-error a control: two different tables' rows are not the same type.
same<typeof lite.players.$inferSelect, typeof pgSchema.catalogs.$inferSelect>(true);

const liteTables = Object.entries(lite as Record<string, unknown>).filter((entry): entry is [string, SQLiteTable] => is(entry[1], SQLiteTable));
const pgTables = Object.entries(pgSchema as Record<string, unknown>).filter((entry): entry is [string, PgTable] => is(entry[1], PgTable));
const pgByName = new Map(pgTables);

const describeColumns = (columns: readonly { name: string; notNull: boolean; hasDefault: boolean; primary: boolean }[]) =>
  columns.map((c) => ({ name: c.name, notNull: c.notNull, hasDefault: c.hasDefault, primary: c.primary })).sort((x, y) => x.name.localeCompare(y.name));

/** A foreign key as its table, columns, the table and columns it refers to, and what deleting does. */
const describeKey = (fk: {
  reference(): { columns: { name: string }[]; foreignTable: object; foreignColumns: { name: string }[] };
  onDelete?: string | undefined;
}) => {
  const ref = fk.reference();
  const foreign = is(ref.foreignTable, PgTable) ? pgConfig(ref.foreignTable).name : sqliteConfig(ref.foreignTable as SQLiteTable).name;
  return `${ref.columns.map((c) => c.name)} -> ${foreign}(${ref.foreignColumns.map((c) => c.name)}) ${fk.onDelete ?? 'no action'}`;
};

/** The last snapshot drizzle-kit wrote in a migrations folder: the schema its migrations leave. */
function lastSnapshot(folder: string): { tables: unknown; enums: unknown; views: unknown } {
  const root = fileURLToPath(new URL(`../../../${folder}/meta/`, import.meta.url));
  const journal = JSON.parse(readFileSync(`${root}_journal.json`, 'utf8')) as { entries: { idx: number }[] };
  const last = journal.entries.at(-1)!;
  return JSON.parse(readFileSync(`${root}${String(last.idx).padStart(4, '0')}_snapshot.json`, 'utf8'));
}

/** What a migration is made from: the tables, enums and views, as JSON would carry them. */
const migrated = (snapshot: { tables: unknown; enums: unknown; views: unknown }) =>
  JSON.parse(JSON.stringify({ tables: snapshot.tables, enums: snapshot.enums, views: snapshot.views }));

describe('the two schemas', () => {
  it('are one declaration: schema-pg.ts exports the PostgreSQL twin of each table schema.ts declares, by the same name, and nothing else', () => {
    expect(liteTables.length).toBeGreaterThan(10);
    expect(pgTables.map(([name]) => name).sort()).toEqual(liteTables.map(([name]) => name).sort());
    for (const [name, table] of liteTables) expect(pgByName.get(name), name).toBe(postgresTwin(table));
  });

  it('have the same tables, columns, keys, indexes, foreign keys and checks', () => {
    for (const [name, table] of liteTables) {
      const l = sqliteConfig(table);
      const p = pgConfig(pgByName.get(name)!);
      expect(p.name).toBe(l.name);
      // An identity column (PostgreSQL) counts as a default, as an autoincrement key does in SQLite.
      const pgCols = describeColumns(p.columns).map((c) => {
        const column = p.columns.find((x) => x.name === c.name)!;
        return { ...c, hasDefault: c.hasDefault || column.generated !== undefined || column.generatedIdentity !== undefined };
      });
      const liteCols = describeColumns(l.columns).map((c) => {
        const column = l.columns.find((x) => x.name === c.name)!;
        return { ...c, hasDefault: c.hasDefault || (c.primary && 'autoIncrement' in column && column.autoIncrement === true) };
      });
      expect(pgCols, l.name).toEqual(liteCols);
      expect(
        p.primaryKeys.map((k) => k.columns.map((c) => c.name)),
        l.name,
      ).toEqual(l.primaryKeys.map((k) => k.columns.map((c) => c.name)));
      expect(p.indexes.map((i) => i.config.name).sort(), l.name).toEqual(l.indexes.map((i) => i.config.name).sort());
      expect(p.foreignKeys.map(describeKey).sort(), l.name).toEqual(l.foreignKeys.map(describeKey).sort());
      expect(p.checks.map((c) => c.name).sort(), l.name).toEqual(l.checks.map((c) => c.name).sort());
    }
  });

  it('are each what its last migration left, so db:generate writes no migration for either dialect', async () => {
    const { generateDrizzleJson, generateSQLiteDrizzleJson } = await import('drizzle-kit/api');
    expect(migrated(await generateSQLiteDrizzleJson(lite))).toEqual(migrated(lastSnapshot('migrations')));
    expect(migrated(generateDrizzleJson(pgSchema))).toEqual(migrated(lastSnapshot('migrations-pg')));
  });
});
