/**
 * Every stored row belongs to a game (docs/rulesets.md §4): the migration that adds `ruleset` to
 * matches, warbands, catalogs, maps and leagues, and `ruleset_version` to matches, makes each row
 * written before it Sellsword's, version 1, without touching its JSON; and a new match keeps the game
 * and version it was created with. On SQLite and on PostgreSQL (PGlite).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import { drizzle as liteDrizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as liteMigrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as pgDrizzle } from 'drizzle-orm/pglite';
import { migrate as pgMigrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openStore, type Store } from '../../../src/store';
import { PG_MIGRATIONS_FOLDER } from '../../../src/store/open-pg';
import { pgStore, type PgDb } from '../../../src/store/pg-store';
import { pgliteStore } from '../../support/pglite-template';
import { aMatch, testClock } from '../fixture';

const dir = mkdtempSync(join(tmpdir(), 'sellsword-ruleset-columns-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of a migrations folder whose journal stops before the migration tagged `tag`. */
function migrationsBefore(folder: string, tag: string): string {
  const copy = join(dir, `${tag}-${folder.split(/[\\/]/).at(-1)}`);
  cpSync(folder, copy, { recursive: true });
  const journalPath = join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(`_${tag}`));
  expect(at, `a migration tagged ${tag} in ${folder}`).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return copy;
}

const TERMS = { points: 100, map: 'barrow-hill', accepted: {} };
const DOC = { name: 'doc' };

/** Rows as the code before rulesets wrote them: one of each table that gains a ruleset. */
const OLD_ROWS: [string, Record<string, unknown>][] = [
  ['players', { id: 'alice', name: 'Alice', created_at: 1, updated_at: 1 }],
  ['warbands', { owner: 'alice', name: 'w', faction: 'Havoc', points: 90, document: JSON.stringify(DOC), source: 'w', created_at: 1, updated_at: 1 }],
  ['catalogs', { id: 'cat', faction: 'Havoc', document: JSON.stringify(DOC), owner: 'alice', created_at: 1 }],
  ['maps', { id: 'map', name: 'Map', gridmap: JSON.stringify(DOC), created_at: 1 }],
  ['leagues', { channel_id: 'c9', guild_id: 'g1', name: 'League', created_at: 1 }],
  [
    'matches',
    {
      id: 'm0',
      guild_id: 'g1',
      channel_id: 'c1',
      status: 'playing',
      players: JSON.stringify(['alice', 'bob']),
      terms: JSON.stringify(TERMS),
      seq: 0,
      created_at: 1,
      updated_at: 1,
    },
  ],
];
const insertSql = (table: string, row: Record<string, unknown>, quote: string, param: (i: number) => string) =>
  `insert into ${table} (${Object.keys(row).map((k) => `${quote}${k}${quote}`)}) values (${Object.keys(row).map((_, i) => param(i))})`;

const GAINS = ['warbands', 'catalogs', 'maps', 'leagues', 'matches'];

async function sqliteWithOldRows(): Promise<{ store: Store; rulesets: () => unknown[] }> {
  const path = join(dir, 'old.db');
  const sqlite = new Database(path);
  liteMigrate(liteDrizzle({ client: sqlite }), { migrationsFolder: migrationsBefore(MIGRATIONS_FOLDER, 'ruleset') });
  for (const [table, row] of OLD_ROWS) sqlite.prepare(insertSql(table, row, '`', () => '?')).run(...Object.values(row));
  sqlite.close();
  const store = openStore(path, { now: testClock() });
  const rulesets = () => {
    const db = new Database(path, { readonly: true });
    try {
      return GAINS.map((t) => db.prepare(`select ruleset from ${t}`).all());
    } finally {
      db.close();
    }
  };
  return { store, rulesets };
}

async function pgliteWithOldRows(): Promise<{ store: Store; rulesets: () => Promise<unknown[]> }> {
  const client = new PGlite();
  await pgMigrate(pgDrizzle({ client }), { migrationsFolder: migrationsBefore(PG_MIGRATIONS_FOLDER, 'ruleset') });
  for (const [table, row] of OLD_ROWS)
    await client.query(
      insertSql(table, row, '"', (i) => `$${i + 1}`),
      Object.values(row),
    );
  const db = pgDrizzle({ client });
  await pgMigrate(db, { migrationsFolder: PG_MIGRATIONS_FOLDER });
  const store = pgStore({ db: db as unknown as PgDb, close: () => client.close() }, testClock());
  const rulesets = async () => Promise.all(GAINS.map(async (t) => (await client.query(`select ruleset from ${t}`)).rows));
  return { store, rulesets };
}

describe.each([
  ['SQLite', sqliteWithOldRows, async () => openStore(':memory:', { now: testClock() })],
  ['PGlite', pgliteWithOldRows, async () => pgliteStore(testClock())],
] as const)('ruleset columns on %s', (_name, withOldRows, fresh) => {
  it("make every row written before them Sellsword's, a match version 1, its JSON as it was", async () => {
    const { store, rulesets } = await withOldRows();
    try {
      const row = await store.matches.get('m0');
      expect(row).toMatchObject({ ruleset: 'sellsword', rulesetVersion: 1, terms: TERMS, status: 'playing' });
      expect(await rulesets()).toEqual(GAINS.map(() => [{ ruleset: 'sellsword' }]));
    } finally {
      await store.close();
    }
  }, 60_000);

  it('keep the game and version a new match is created with, and default to Sellsword 1', async () => {
    const store = await fresh();
    try {
      const made = await store.matches.create(aMatch({ id: 'sc', ruleset: 'sword-and-claw', rulesetVersion: 3 }));
      expect(made).toMatchObject({ ruleset: 'sword-and-claw', rulesetVersion: 3 });
      expect(await store.matches.get('sc')).toMatchObject({ ruleset: 'sword-and-claw', rulesetVersion: 3 });
      await store.matches.create(aMatch({ id: 'ss', threadId: null }));
      expect(await store.matches.get('ss')).toMatchObject({ ruleset: 'sellsword', rulesetVersion: 1 });
    } finally {
      await store.close();
    }
  }, 60_000);
});
