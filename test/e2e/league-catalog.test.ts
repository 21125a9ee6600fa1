/**
 * Moving a league to a new catalog version, through Discord:
 * every warband registered in the open season is checked again, exactly the ones the new version makes
 * illegal are flagged, and their players are told in the league channel what changed and what to fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultContent } from '../../src/content/load';
import { HAVOC, VALOR } from './setup-match';
import { answerText, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(5);
}, 30_000);
afterAll(async () => world?.close());

describe('a catalog version change', () => {
  it('flags the registered warbands it makes illegal and tells their players', async () => {
    const league = world.fake.channel.id;
    const id = (name: string) => world.fake.user(name)!.id;
    await world.run({ user: 'alice', name: 'warband submit', options: { text: VALOR } });
    await world.run({ user: 'bob', name: 'warband submit', options: { text: HAVOC } });
    await world.run({ user: 'alice', channel: league, name: 'league create', options: { name: 'North' } });
    await world.run({ user: 'alice', channel: league, name: 'league season start', options: {} });
    await world.run({ user: 'alice', channel: league, name: 'league join', options: { warband: "Hrolf's Watch" } });
    await world.run({ user: 'bob', channel: league, name: 'league join', options: { warband: 'Grave Host' } });

    // Version 2 of the catalog drops the Valor guard: Hrolf's Watch fields one, Grave Host none.
    const shipped = defaultContent().catalogs[0]!;
    const v2 = { ...shipped, id: 'northlands-v2', units: shipped.units.filter((u) => u.id !== 'valor-guard') };
    await world.store.catalogs.save({ id: 'northlands-v2', faction: 'mixed', document: v2 as never, owner: id('alice') });

    const unknown = await world.run({ user: 'alice', channel: league, name: 'league settings catalog', options: { version: 'northlands-v9' } });
    expect(answerText(unknown)).toMatch(/^There is no catalog version "northlands-v9"/);
    const refused = await world.run({ user: 'bob', channel: league, name: 'league settings catalog', options: { version: 'northlands-v2' } });
    expect(answerText(refused)).toMatch(/^Only the league's organisers may do that/);

    await world.run({ user: 'alice', channel: league, name: 'league settings catalog', options: { version: 'northlands-v2' } });
    const season = (await world.store.seasons.open(league))!;
    const entries = await world.store.seasons.entries(season.id);
    expect(entries.find((e) => e.player === id('alice'))!.problem).toMatch(/no unit card "valor-guard"/);
    expect(entries.find((e) => e.player === id('bob'))!.problem).toBeNull();
    const notices = world.messages(league).filter((m) => m.content.startsWith('⚠️'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.mentions).toEqual([id('alice')]);
    expect(notices[0]!.content).toContain("your warband **Hrolf's Watch** no longer passes the warband rules");
    expect(notices[0]!.content).toMatch(/What changed:\n• .*\(valor-guard\) is no longer in the catalog/);
    expect(notices[0]!.content).toMatch(/What to fix:\n• Unit 2: no unit card "valor-guard"/);

    // Joining again with the same warband is refused under the new version, in the same words.
    const again = await world.run({ user: 'alice', channel: league, name: 'league join', options: { warband: "Hrolf's Watch" } });
    expect(answerText(again)).toMatch(/breaks this league's warband rules \(catalog northlands-v2\)/);
    expect(world.errors).toEqual([]);
  }, 60_000);
});
