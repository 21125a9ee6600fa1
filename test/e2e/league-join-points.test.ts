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
    await world.run({ user: 'alice', channel: league, name: 'league season start', options: {} });
    const refused = await world.run({ user: 'alice', channel: league, name: 'league join', options: { warband: "Hrolf's Watch" } });
    expect(answerText(refused)).toMatch(/^\*\*Hrolf's Watch\*\* costs \d+ points; this league allows 20\.$/);
    expect(world.errors).toEqual([]);
  }, 60_000);
});
