/**
 * The bot on PostgreSQL (docs/store.md "Two backends"): a whole match played through the fake Discord
 * with the store on PGlite, PostgreSQL in this process, so it runs on every machine. The store suite on
 * a real server is test/store/pg/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMatch } from '../../src/match/match-check';
import { playThrough } from './driver';
import { startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(7, Date.UTC(2030, 0, 1), 'pglite:');
}, 60_000);
afterAll(async () => world?.close());

describe('a match on PostgreSQL (PGlite)', () => {
  it('is challenged, accepted and played to the end, and its snapshot equals its log', async () => {
    await world.run({
      user: 'alice',
      name: 'warband submit',
      options: { text: "Hrolf's Watch | valor | mill-crossing | valor-knight, valor-guard, valor-squire" },
    });
    await world.run({
      user: 'bob',
      name: 'warband submit',
      options: { text: 'Grave Host | havoc | mill-crossing | havoc-orc-warboss, havoc-ghoul, havoc-ghoul' },
    });
    await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch", points: 60, map: 'mill-crossing' } });
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!;
    await world.run({ user: 'bob', channel: thread.id, name: 'skirmish accept', options: { warband: 'Grave Host' } });
    await playThrough(world, thread.id, 3);
    const row = (await world.store.matches.byThread(thread.id))!;
    expect(row.status).toBe('over');
    expect((await checkMatch(world.store, row.id))!.ok).toBe(true);
    expect(await world.store.outbox.pending()).toEqual([]);
    expect(world.errors).toEqual([]);
  }, 120_000);
});
