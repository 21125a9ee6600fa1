/**
 * db:copy (store/copy.ts): a SQLite database with a played match, its deadlines, outbox, prompts,
 * warbands and settings is copied into PostgreSQL (PGlite); every table reads back the same rows, and
 * the store keeps working on the copy (new ids follow the copied ones). A target that already holds
 * rows is refused with one sentence before anything is copied (test/cli/db-copy.test.ts runs the tool
 * itself).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/store';
import { CopyRefused, copySqliteToPg } from '../../../src/store/copy';
import { pgStore } from '../../../src/store/pg-store';
import { aMatch, testClock } from '../fixture';
import { emptiedPgliteStores } from '../../support/pglite-template';

const dir = mkdtempSync(join(tmpdir(), 'sellsword-copy-'));
const pglite = emptiedPgliteStores();
afterAll(async () => {
  await pglite.end();
  rmSync(dir, { recursive: true, force: true });
});

/** Everything a store can read back about the database, table by table. */
async function everything(store: Store) {
  return {
    players: [await store.players.get('alice'), await store.players.get('bob')],
    warbands: await store.warbands.list('alice'),
    maps: await store.maps.list(),
    leagues: await store.leagues.list('g1'),
    matches: await store.matches.open(),
    events: await store.matches.events('m1'),
    prompts: await store.prompts.open(),
    follows: await store.follows.list('m1'),
    deadlines: await store.deadlines.ofMatch('m1'),
    vacations: await store.vacations.since('bob', 0),
    orders: await store.orders.list('bob'),
    dms: await store.notify.dms('bob'),
    outbox: await store.outbox.pending(),
    lease: await store.leases.get('bot'),
  };
}

describe('npm run db:copy', () => {
  it('copies every table of a SQLite database into PostgreSQL, and the copy goes on working', async () => {
    const clock = testClock();
    const path = join(dir, 'source.db');
    const source = openStore(path, { now: clock });
    await source.players.upsert({ id: 'alice', name: 'Alice' });
    await source.players.upsert({ id: 'bob', name: 'Bob' });
    await source.warbands.save({ owner: 'alice', name: 'W', faction: 'valor', points: 3, document: { units: ['a'] }, source: 'W | valor' });
    await source.maps.save({ id: 'yard', name: 'Yard', gridmap: { grid: ['..'] }, owner: 'alice', guildId: 'g1' });
    await source.leagues.ensure('g1', 'c1', 'league');
    await source.matches.create(aMatch());
    await source.matches.act('m1', 0, () => ({ ok: true, events: [{ a: 1 }, { b: [2, 3] }], snapshot: { z: 1, a: { y: null } } }));
    await source.prompts.record({ matchId: 'm1', seq: 2, channelId: 't1', messageId: 'p1', player: 'bob', kind: 'x' });
    await source.follows.add('m1', 'carol');
    await source.deadlines.add({ matchId: 'm1', due: clock() + 5, kind: 'turn', player: 'bob', seq: 2 });
    await source.vacations.add({ userId: 'bob', days: 1, start: 1, until: 2 });
    await source.orders.set('bob', '*', { pass: true });
    await source.notify.setDms('bob', true);
    await source.outbox.add([{ matchId: 'm1', channelId: 't1', body: { kind: 'text', content: 'hi' }, via: 'i:t' }]);
    await source.leases.acquire({ name: 'bot', holder: 'h', pid: 1, host: 'x', ttlMs: 1000 });
    const before = await everything(source);
    await source.close();

    const target = await pglite.connection();
    const counts = await copySqliteToPg(path, target);
    expect(counts).toMatchObject({ players: 2, matches: 1, match_events: 2, outbox: 1, deadlines: 1, leases: 1 });
    const copy = pgStore(target, clock);
    expect(await everything(copy)).toEqual(before);
    // New rows take ids after the copied ones.
    const next = await copy.deadlines.add({ matchId: 'm1', due: 1, kind: 'reminder' });
    expect(next.id).toBe(before.deadlines[0]!.id + 1);
    // Copying again is refused: the sentence names the first tables that hold rows.
    await expect(copySqliteToPg(path, target)).rejects.toThrow(/already holds rows \(in players, \w+, \w+ and \d+ more tables\), so nothing was copied/);
    await copy.close();
  }, 60_000);

  it('refuses a target that already holds rows, with one sentence, and copies nothing', async () => {
    const path = join(dir, 'refused.db');
    const source = openStore(path);
    await source.players.upsert({ id: 'alice', name: 'Alice' });
    await source.matches.create(aMatch());
    await source.close();
    const target = await pglite.connection();
    const held = pgStore(target);
    await held.players.upsert({ id: 'zed', name: 'Zed' });
    const copying = copySqliteToPg(path, target);
    await expect(copying).rejects.toBeInstanceOf(CopyRefused);
    await expect(copying).rejects.toThrow(
      'The PostgreSQL database already holds rows (in players), so nothing was copied: db:copy copies only into an empty database.',
    );
    expect(await held.players.get('alice')).toBeUndefined();
    expect(await held.matches.ids()).toEqual([]);
    await held.close();
  }, 60_000);
});
