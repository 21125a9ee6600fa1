import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as schema from '../../src/store/schema';
import { MIGRATIONS_FOLDER, openStore } from '../../src/store';
import { memoryStore } from './fixture';

const TABLES = [
  'catalogs',
  'deadlines',
  'follows',
  'league_log',
  'league_posts',
  'league_settings',
  'leagues',
  'leases',
  'maps',
  'match_events',
  'match_logs',
  'match_parts',
  'match_pauses',
  'match_players',
  'matches',
  'notify_settings',
  'outbox',
  'pairings',
  'players',
  'prompts',
  'rating_history',
  'ratings',
  'result_players',
  'results',
  'season_entries',
  'season_rounds',
  'seasons',
  'standing_orders',
  'vacations',
  'warbands',
];

function tablesIn(file: string): { tables: string[]; migrations: number } {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[];
    const applied = db.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number };
    return { tables: rows.map((r) => r.name), migrations: applied.n };
  } finally {
    db.close();
  }
}

describe('migrations', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sellsword-store-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('are found beside the source, whatever the working directory', () => {
    expect(readdirSync(MIGRATIONS_FOLDER).some((f) => f.endsWith('.sql'))).toBe(true);
    expect(readdirSync(join(MIGRATIONS_FOLDER, 'meta'))).toContain('_journal.json');
  });

  it('apply to a fresh in-memory database', async () => {
    const store = memoryStore();
    expect(await store.players.get('nobody')).toBeUndefined();
    expect(await store.matches.open()).toEqual([]);
  });

  it('apply to a new file, creating its folder, and are not applied twice on reopening', async () => {
    const file = join(dir, 'nested', 'deeper', 'sellsword.db');
    await openStore(file).close();
    const first = tablesIn(file);
    expect(first.tables).toEqual(expect.arrayContaining(TABLES));
    expect(first.migrations).toBeGreaterThan(0);

    await openStore(file).close();
    expect(tablesIn(file)).toEqual(first);
  });

  it('match the schema: every table and column in schema.ts exists (run `npm run db:generate` after editing it)', async () => {
    const file = join(dir, 'drift.db');
    await openStore(file).close();
    const db = new Database(file, { readonly: true });
    try {
      const tables = Object.values(schema as Record<string, unknown>).filter((v): v is SQLiteTable => is(v, SQLiteTable));
      expect(tables.map((t) => getTableConfig(t).name).sort()).toEqual(TABLES);
      for (const table of tables) {
        const { name, columns } = getTableConfig(table);
        const inDb = (db.pragma(`table_info(${name})`) as { name: string; notnull: number }[]).map((c) => [c.name, c.notnull === 1]);
        const inSchema = columns.map((c) => [c.name, c.notNull]);
        expect(inDb.sort(), name).toEqual(inSchema.sort());
      }
    } finally {
      db.close();
    }
  });

  it('leave a file database in WAL mode with foreign keys on', async () => {
    const file = join(dir, 'modes.db');
    const store = openStore(file);
    try {
      // A warband of a player who was never recorded breaks the foreign key.
      await expect(store.warbands.save({ owner: 'ghost', name: 'w', faction: 'Havoc', points: 1, document: {}, source: '' })).rejects.toThrow(/FOREIGN KEY/);
    } finally {
      await store.close();
    }
    const db = new Database(file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });
});
