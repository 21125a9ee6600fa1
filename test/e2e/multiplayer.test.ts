/** A three-player match through Discord: every opponent accepts, the map seats everyone, and it ends. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playThrough } from './driver';
import { answerText, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(17);
}, 30_000);
afterAll(async () => world?.close());

describe('a three-player match', () => {
  it('starts when the last opponent accepts, on a map with a start area each, and is played to the end', async () => {
    await world.run({ user: 'alice', name: 'warband submit', options: { text: 'Watch | valor | mill-crossing | valor-guard, valor-squire' } });
    await world.run({ user: 'bob', name: 'warband submit', options: { text: 'Host | havoc | mill-crossing | havoc-ghoul, havoc-ghoul' } });
    await world.run({ user: 'carol', name: 'warband submit', options: { text: 'Riders | valor | mill-crossing | valor-knight' } });
    const tooSmall = await world.run({
      user: 'alice',
      name: 'skirmish challenge',
      options: { opponent: 'bob', opponent2: 'carol', warband: 'Watch', points: 40, map: 'mill-crossing' },
    });
    expect(answerText(tooSmall)).toMatch(/start areas for 2 players; this match has 3/);

    await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', opponent2: 'carol', warband: 'Watch', points: 40 } });
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    const first = await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Host' } });
    expect(answerText(first)).toMatch(/Waiting for <@\d+>/);
    expect((await world.store.matches.byThread(thread))!.status).toBe('challenged');
    const again = await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Host' } });
    expect(answerText(again)).toMatch(/already accepted/);
    // The Accept button asks what the command asks: one who has accepted gets no warband menu.
    const challenge = world.messages(thread).find((m) => m.content.startsWith('⚔️'))!;
    expect(answerText(await world.click('bob', challenge))).toMatch(/already accepted/);
    await world.run({ user: 'carol', channel: thread, name: 'skirmish accept', options: { warband: 'Riders' } });
    expect((await world.store.matches.byThread(thread))!.status).toBe('setup');

    await playThrough(world, thread, 5, 4000);
    const row = (await world.store.matches.byThread(thread))!;
    expect(row.status).toBe('over');
    expect(row.players.length).toBe(3);
    const setup = row.setup as { maps: { id: string }[] };
    // None of the warbands' own maps seats three, so every map that does is offered.
    expect(setup.maps.map((m) => m.id)).toContain('burning-village');
    expect(world.errors).toEqual([]);
  }, 240_000);
});
