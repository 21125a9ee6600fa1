/**
 * A finished match's event log at rest (store/match-logs.ts), on SQLite and PostgreSQL (PGlite): once
 * the retention period has passed, `retire` packs the log into one compressed row and deletes the
 * match's done reminders; the log reads back event for event, whole or in part, and still replays. A
 * match that ended before this version is marked by the migration and packed the same way.
 */
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sampleMatch } from '../../../src/bench/sample-match';
import { defaultContent } from '../../../src/content/load';
import { checkMatch } from '../../../src/match/match-check';
import { openStore, type Store } from '../../../src/store';
import { packLog, unpackLog } from '../../../src/store/match-logs';
import { openPgStore } from '../../../src/store/open-pg';
import { tempDirs } from '../../support/temp-dirs';

const content = defaultContent();
const played = sampleMatch(content, 7, { turns: 6 });
const DAY = 86_400_000;
const freshDir = tempDirs('logs');
/** Migrations newer than match_logs's (0010_ruleset and 0011_league-round-limit), and the columns they add: undone by the last test. */
const LATER_MIGRATIONS = 2;
const ADDED_AFTER_MATCH_LOGS = [
  ['catalogs', 'ruleset'],
  ['leagues', 'ruleset'],
  ['maps', 'ruleset'],
  ['matches', 'ruleset'],
  ['matches', 'ruleset_version'],
  ['warbands', 'ruleset'],
  ['league_settings', 'round_limit'],
] as const;

interface Backend {
  open(where: string, now: () => number): Promise<Store>;
  /** Raw SQL outside the store, `?` placeholders. */
  query(where: string, sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  where(): string;
  /** The migrations table, as each dialect's migrator names it. */
  migrations: string;
}

const sqlite: Backend = {
  open: async (file, now) => openStore(file, { now }),
  async query(file, sql, params = []) {
    const db = new Database(file);
    try {
      const st = db.prepare(sql);
      if (st.reader) return st.all(...params) as Record<string, unknown>[];
      st.run(...params);
      return [];
    } finally {
      db.close();
    }
  },
  where: () => join(freshDir(), 'db.sqlite'),
  migrations: '__drizzle_migrations',
};

const pglite: Backend = {
  open: (dir, now) => openPgStore(`pglite:${dir}`, { now }),
  async query(dir, sql, params = []) {
    const db = new PGlite(dir);
    try {
      let i = 0;
      return (
        await db.query<Record<string, unknown>>(
          sql.replace(/\?/g, () => `$${++i}`),
          params,
        )
      ).rows;
    } finally {
      await db.close();
    }
  },
  where: freshDir,
  migrations: 'drizzle.__drizzle_migrations',
};

const count = async (b: Backend, where: string, sql: string) => Number((await b.query(where, sql))[0]!.n);

/** The played match saved and ended in one act, with a turn deadline and two reminders done and one timeout missed. */
async function saveFinished(store: Store, id: string): Promise<void> {
  await store.matches.create({
    id,
    guildId: 'g1',
    channelId: 'c1',
    players: ['111', '222'],
    terms: { points: 60, map: null, accepted: {} },
    setup: played.setup,
    status: 'playing',
  });
  for (const kind of ['turn', 'reminder', 'reminder', 'turn']) await store.deadlines.add({ matchId: id, due: 1, kind, player: '111' });
  const rows = await store.deadlines.pending(id);
  await store.deadlines.done(rows[3]!.id, 'missed');
  await store.deadlines.doneForMatch(id);
  const done = await store.matches.act(id, 0, () => ({ ok: true, events: played.events.map((e) => e.event), snapshot: played.snapshot, status: 'over' }));
  if (!done.ok) throw new Error(`act: ${done.reason}`);
}

describe('the log codec', () => {
  it('reads back what it packed, gaps in the seqs too, and refuses a codec it does not know', () => {
    const events = [
      { seq: 1, event: { a: 1 } },
      { seq: 2, event: { b: [2, 3] } },
    ];
    const packed = packLog(events);
    expect(unpackLog(packed.codec, packed.data)).toEqual(events);
    expect(packed.throughSeq).toBe(2);
    const gappy = [events[0]!, { seq: 5, event: 'x' }];
    expect(unpackLog(packLog(gappy).codec, packLog(gappy).data)).toEqual(gappy);
    expect(() => unpackLog('brotli-9', packed.data)).toThrow(/codec 'brotli-9'/);
  });
});

describe.each([
  ['SQLite', sqlite],
  ['PGlite', pglite],
] as const)('finished matches at rest on %s', (_name, b) => {
  it('pack their log after the retention period, read it back whole and in part, and drop done reminders only', async () => {
    let now = 1_000_000;
    const where = b.where();
    const store = await b.open(where, () => now);
    await saveFinished(store, 'm1');
    const all = await store.matches.events('m1');
    expect(all).toEqual(played.events);
    expect(await store.matches.retire(7 * DAY)).toBe(0);
    now += 8 * DAY;
    expect(await store.matches.retire(7 * DAY)).toBe(1);
    expect(await store.matches.retire(7 * DAY)).toBe(0);

    expect(await store.matches.events('m1')).toEqual(all);
    expect(await store.matches.events('m1', 3, 7)).toEqual(all.slice(3, 7));
    expect(await store.matches.events('m1', all.length)).toEqual([]);
    expect(await checkMatch(store, 'm1')).toEqual({ ok: true, events: all.length });
    expect((await store.deadlines.ofMatch('m1')).map((d) => [d.kind, d.outcome])).toEqual([
      ['turn', 'cancelled'],
      ['turn', 'missed'],
    ]);
    await store.close();
    expect(await count(b, where, "select count(*) as n from match_events where match_id = 'm1'")).toBe(0);
    expect(await count(b, where, "select count(*) as n from match_logs where match_id = 'm1' and data is not null")).toBe(1);
  }, 60_000);

  it('pack a match that ended before this version, once the migration has marked it', async () => {
    let now = 1_000_000;
    const where = b.where();
    const first = await b.open(where, () => now);
    await saveFinished(first, 'old');
    await first.close();
    // The database as the version before match_logs left it: no match_logs table, that migration and
    // every later one not applied (the migrator applies what is newer than its last row), and what the
    // later ones add taken away again so they apply cleanly.
    await b.query(where, 'drop table match_logs');
    for (const [table, column] of ADDED_AFTER_MATCH_LOGS) await b.query(where, `alter table ${table} drop column ${column}`);
    const marked = await b.query(where, `select created_at as at from ${b.migrations} order by created_at desc limit ?`, [1 + LATER_MIGRATIONS]);
    await b.query(where, `delete from ${b.migrations} where created_at >= ?`, [marked.at(-1)!.at]);

    now += 8 * DAY;
    const store = await b.open(where, () => now);
    expect(await store.matches.events('old')).toEqual(played.events);
    expect(await store.matches.retire(7 * DAY)).toBe(1);
    expect(await store.matches.events('old')).toEqual(played.events);
    expect(await checkMatch(store, 'old')).toEqual({ ok: true, events: played.events.length });
    await store.close();
  }, 60_000);
});
