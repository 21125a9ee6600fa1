/**
 * A match row's maps and cards are stored once (store/match-parts.ts, match-rows.ts), on SQLite and on
 * PostgreSQL (PGlite): the row holds references, not the map and cards, and reads back as written; two
 * matches on the same map share its part; and a row written the old way, with its map and cards
 * inline, still loads and replays, and is rewritten with references when the database is opened.
 */
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sampleMatch } from '../../../src/bench/sample-match';
import { defaultContent } from '../../../src/content/load';
import { checkMatch } from '../../../src/match/match-check';
import { openStore, type Store } from '../../../src/store';
import { openPgStore } from '../../../src/store/open-pg';
import { tempDirs } from '../../support/temp-dirs';
import { migratedPgliteFolder } from '../../support/pglite-template';

const content = defaultContent();
const played = sampleMatch(content, 7, { turns: 6 });
const freshDir = tempDirs('parts');

/** Raw SQL on the database behind a store, outside it: what is stored, and rows written the old way. */
interface Raw {
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

interface Backend {
  /** A store on the database at `where` (made on first use), migrated. */
  open(where: string): Promise<Store>;
  raw(where: string): Promise<Raw>;
  where(): Promise<string>;
  /** `?` placeholders written as this backend wants them. */
  params(sql: string): string;
}

const sqlite: Backend = {
  open: async (file) => openStore(file),
  raw: async (file) => {
    const db = new Database(file);
    return {
      query: async (sql, params = []) => {
        const st = db.prepare(sql);
        if (st.reader) return st.all(...params) as Record<string, unknown>[];
        st.run(...params);
        return [];
      },
      close: async () => void db.close(),
    };
  },
  where: async () => join(freshDir(), 'db.sqlite'),
  params: (sql) => sql,
};

const pglite: Backend = {
  open: (dir) => openPgStore(`pglite:${dir}`),
  raw: async (dir) => {
    const db = new PGlite(dir);
    return { query: async (sql, params = []) => (await db.query<Record<string, unknown>>(sql, params)).rows, close: () => db.close() };
  },
  // A new folder already holding the migrated database (opening it as pglite:FOLDER then makes nothing).
  where: () => migratedPgliteFolder(join(freshDir(), 'pg')),
  params: (sql) => {
    let i = 0;
    return sql.replace(/\?/g, () => `$${++i}`);
  },
};

/** The match's setup and snapshot JSON as stored, and how many parts the database holds. */
async function stored(b: Backend, where: string, id: string): Promise<{ setup: string; snapshot: string; parts: number; dangling: string[] }> {
  const raw = await b.raw(where);
  try {
    const text = b === sqlite ? 'setup, snapshot' : 'setup::text as setup, snapshot::text as snapshot';
    const [row] = await raw.query(b.params(`select ${text} from matches where id = ?`), [id]);
    const parts = (await raw.query('select hash, part from match_parts')) as { hash: string; part: string }[];
    // Every reference, in the row and in the parts themselves, finds its part in the database.
    const refs = [String(row!.setup), String(row!.snapshot), ...parts.map((p) => p.part)].flatMap((json) =>
      [...json.matchAll(/"\$part":"([^"]+)"/g)].map((m) => m[1]!),
    );
    const have = new Set(parts.map((p) => p.hash));
    return { setup: String(row!.setup), snapshot: String(row!.snapshot), parts: parts.length, dangling: refs.filter((h) => !have.has(h)) };
  } finally {
    await raw.close();
  }
}

/** The played match saved as the bot saves one: created with its setup, then one act with its events and snapshot. */
async function save(store: Store, id: string): Promise<void> {
  await store.matches.create({
    id,
    guildId: 'g1',
    channelId: 'c1',
    players: ['111', '222'],
    terms: { points: 60, map: null, accepted: {} },
    setup: played.setup,
    status: 'playing',
  });
  const done = await store.matches.act(id, 0, () => ({ ok: true, events: played.events.map((e) => e.event), snapshot: played.snapshot }));
  if (!done.ok) throw new Error(`act: ${done.reason}`);
}

const map = played.setup.maps[0]!.map;
const aCard = Object.values(played.setup.cards)[0]!;

describe.each([
  ['SQLite', sqlite],
  ['PGlite', pglite],
] as const)('match rows on %s', (_name, b) => {
  it('hold references instead of the map and cards, and read back as written, key for key', async () => {
    const where = await b.where();
    const store = await b.open(where);
    await save(store, 'm1');
    const row = (await store.matches.get('m1'))!;
    expect(JSON.stringify(row.setup)).toBe(JSON.stringify(played.setup));
    expect(JSON.stringify(row.snapshot)).toBe(JSON.stringify(played.snapshot));
    expect((await checkMatch(store, 'm1'))?.ok).toBe(true);
    await store.close();

    const raw = await stored(b, where, 'm1');
    expect(raw.dangling).toEqual([]);
    for (const json of [raw.setup, raw.snapshot]) {
      expect(json).not.toContain('"grid":');
      expect(json).not.toContain(JSON.stringify(aCard.name));
      expect(json).toContain('"$part"');
    }
    // A second match on the same map and cards stores nothing new of them.
    const again = await b.open(where);
    await save(again, 'm2');
    await again.close();
    expect((await stored(b, where, 'm2')).parts).toBe(raw.parts);
  }, 60_000);

  it('loads, replays and rewrites a row written before parts existed (map and cards inline)', async () => {
    const where = await b.where();
    await (await b.open(where)).close();
    const raw = await b.raw(where);
    await raw.query(
      b.params(
        'insert into matches (id, guild_id, channel_id, status, players, terms, setup, snapshot, seq, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      [
        'old',
        'g1',
        'c1',
        'playing',
        '["111","222"]',
        '{"points":60,"map":null,"accepted":{}}',
        JSON.stringify(played.setup),
        JSON.stringify(played.snapshot),
        played.events.length,
        1,
        1,
      ],
    );
    await raw.query(b.params("insert into match_players (match_id, user_id, seat) values ('old', '111', 0), ('old', '222', 1)"));
    for (const e of played.events)
      await raw.query(b.params('insert into match_events (match_id, seq, event, created_at) values (?, ?, ?, ?)'), ['old', e.seq, JSON.stringify(e.event), 1]);
    await raw.close();
    expect((await stored(b, where, 'old')).setup).toContain('"grid":');

    // Opening the database rewrites it with references; it reads and replays as before.
    const store = await b.open(where);
    const row = (await store.matches.get('old'))!;
    expect(JSON.stringify(row.setup)).toBe(JSON.stringify(played.setup));
    expect(JSON.stringify(row.snapshot)).toBe(JSON.stringify(played.snapshot));
    expect(await checkMatch(store, 'old')).toEqual({ ok: true, events: played.events.length });
    await store.close();
    const after = await stored(b, where, 'old');
    expect(after.setup).not.toContain('"grid":');
    expect(after.snapshot).not.toContain('"grid":');
    expect(after.setup).toContain(`"$part"`);
    expect(after.dangling).toEqual([]);
    expect(map.grid.length).toBeGreaterThan(0);
  }, 60_000);
});
