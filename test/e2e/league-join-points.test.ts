/**
 * A season sign-up over the league's points limit is refused in the league's words ("this league
 * allows"), not a match's: nothing was challenged, and the limit is the league's setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALOR } from './setup-match';
import { answerText, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(5);
}, 30_000);
afterAll(async () => world?.close());

describe('/league join over the points limit', () => {
  it("names the league's limit", async () => {
    const league = world.fake.channel.id;
    await world.run({ user: 'alice', name: 'warband submit', options: { text: VALOR } });
    await world.run({ user: 'alice', channel: league, name: 'league create', options: { name: 'North' } });
    await world.run({ user: 'alice', channel: league, name: 'league settings points', options: { points: 20 } });
    // A Sellsword league ends its matches at the VP target: a round limit is refused (ruling SC32).
    const limit = await world.run({ user: 'alice', channel: league, name: 'league settings points', options: { round_limit: 6 } });
    expect(answerText(limit)).toBe('Sellsword matches end at their VP target: a round limit is for Sword and Claw leagues.');
    expect((await world.store.leagueSettings.get(league))!.roundLimit).toBeNull();
    await world.run({ user: 'alice', channel: league, name: 'league season start', options: {} });
    const refused = await world.run({ user: 'alice', channel: league, name: 'league join', options: { warband: "Hrolf's Watch" } });
    expect(answerText(refused)).toMatch(/^\*\*Hrolf's Watch\*\* costs \d+ points; this league allows 20\.$/);
    expect(world.errors).toEqual([]);
  }, 60_000);
});
