/**
 * A season round's deadline passes with a match still waiting on a player: that player forfeits, and
 * the result is recorded as a round-deadline forfeit (not a concession), told so in the thread's name
 * and the league post, and scored by the VP target in the standings and the export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAVOC, VALOR } from './setup-match';
import { startWorld, type World } from './world';

let world: World;
let league: string;

beforeAll(async () => {
  world = await startWorld(11);
  league = world.fake.channel.id;
}, 30_000);
afterAll(async () => world?.close());

describe("a season round's deadline", () => {
  it('forfeits the match for whoever it waits on, recorded and told as a forfeit at the deadline', async () => {
    await world.run({ user: 'alice', name: 'warband submit', options: { text: VALOR } });
    await world.run({ user: 'bob', name: 'warband submit', options: { text: HAVOC } });
    await world.run({ user: 'alice', channel: league, name: 'league create', options: { name: 'North' } });
    // A long clock, so only the round's deadline can end the match.
    await world.run({ user: 'alice', channel: league, name: 'league settings clock', options: { misses: 10, prompt_hours: 100, turn_hours: 100 } });
    await world.run({
      user: 'alice',
      channel: league,
      name: 'league season start',
      options: { pairing: 'round-robin', rounds: 1, signup_hours: 1, round_hours: 2 },
    });
    await world.run({ user: 'alice', channel: league, name: 'league join', options: { warband: "Hrolf's Watch" } });
    await world.run({ user: 'bob', channel: league, name: 'league join', options: { warband: 'Grave Host' } });
    await world.advance(1);
    const season = (await world.store.seasons.latest(league))!;
    const [pairing] = await world.store.seasons.pairings(season.id, 1);
    expect(pairing!.matchId).not.toBeNull();
    await world.advance(3);
    const row = (await world.store.matches.get(pairing!.matchId!))!;
    expect(row.status).toBe('over');
    const result = (await world.store.results.forMatch(row.id))!;
    expect(result.way).toBe('forfeit-deadline');
    const loser = result.players.find((p) => p.outcome === 'forfeit')!;
    const winner = result.players.find((p) => p.outcome === 'win')!;
    // Scored by the VP target: the no-show cannot outrank a played loss.
    expect(loser.vpFor).toBe(0);
    expect(winner.vpFor).toBeGreaterThan(0);
    expect(loser.vpAgainst).toBe(winner.vpFor);
    const names = { [world.fake.user('alice')!.id]: 'Alice', [world.fake.user('bob')!.id]: 'Bob' };
    const thread = world.fake.threads(league).find((t) => t.id === row.threadId)!;
    expect(thread.name).toBe(`🏁 ${names[winner.player]} beat ${names[loser.player]} by forfeit`);
    const post = world.messages(league).find((m) => m.content.includes('by forfeit'))!.content;
    expect(post).toContain(
      `**${names[winner.player]}** beat **${names[loser.player]}** by forfeit: ${names[loser.player]} forfeited: the round's deadline passed`,
    );
    expect(post).not.toMatch(/conceded|0–0/);
    // The season's final standings, /league standings and the export agree.
    const final = world.messages(league).find((m) => m.content.startsWith('🏆 **Season 1** is over.'))!.content;
    expect(final).toContain(`<@${winner.player}> wins the season with 3 points`);
    const alt = (await world.run({ user: 'bob', channel: league, name: 'league standings' })).original!.attachments[0]!.description!;
    expect(alt).toContain(`1. ${names[winner.player]}: 3 points, 1 played, 1 won`);
    expect(alt).toContain(`2. ${names[loser.player]}: 0 points, 1 played, 0 won, 0 drawn, 0 lost, 1 forfeit, 0 byes, VP -${winner.vpFor}`);
    const exported = await world.run({ user: 'alice', channel: league, name: 'league export' });
    const csv = world.fake.attachment(exported.original!.attachments[0]!.url)!.toString('utf8');
    expect(csv).toMatch(/,1,1,forfeit-deadline,/);
    expect(world.errors).toEqual([]);
  }, 120_000);
});
