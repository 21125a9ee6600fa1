/**
 * One season round with every way a league match ends, through the fake Discord and the injected
 * clock: eleven players (so one has a bye), five matches: a concession, an organiser's award of a
 * draw, a forfeit in setup (nobody answers), a forfeit on the clock in play (setup answered, then the
 * player to move never does), and a forfeit at the round's deadline (both players away on vacation,
 * so their own deadlines fall after the round's). Each is checked in its thread's title, the league
 * post, the final standings post, /league standings' alt text and the export, and the standings
 * agree everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerPrompts, HAVOC, VALOR } from './setup-match';
import { concede } from './driver';
import { answerText, startWorld, type World } from './world';

let world: World;
let league: string;
const NAMES = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'gina', 'hal', 'ivy', 'jon', 'kim'];
const nameOf = (userId: string) => world.fake.user(userId)!.username;

beforeAll(async () => {
  world = await startWorld(5);
  for (const n of NAMES) if (!world.fake.user(n)) world.fake.addUser(n);
  league = world.fake.channel.id;
}, 30_000);
afterAll(async () => world?.close());

describe('a season round with every ending', () => {
  it('records and tells a concession, an award, and forfeits in setup, on the clock and at the deadline, with one standings order everywhere', async () => {
    for (const [i, n] of NAMES.entries()) {
      await world.run({ user: n, name: 'warband submit', options: { text: i % 2 === 0 ? VALOR : HAVOC } });
    }
    await world.run({ user: 'alice', channel: league, name: 'league create', options: { name: 'North' } });
    await world.run({ user: 'alice', channel: league, name: 'league settings clock', options: { misses: 1, prompt_hours: 1, turn_hours: 1 } });
    await world.run({
      user: 'alice',
      channel: league,
      name: 'league season start',
      options: { pairing: 'swiss', rounds: 1, signup_hours: 1, round_hours: 12 },
    });
    for (const [i, n] of NAMES.entries()) {
      const joined = await world.run({ user: n, channel: league, name: 'league join', options: { warband: i % 2 === 0 ? "Hrolf's Watch" : 'Grave Host' } });
      expect(answerText(joined)).not.toMatch(/can't|cannot|not /i);
    }
    await world.advance(1);
    const season = (await world.store.seasons.latest(league))!;
    const pairings = await world.store.seasons.pairings(season.id, 1);
    const matches = pairings.filter((p) => p.matchId !== null);
    expect(matches).toHaveLength(5);
    expect(pairings).toHaveLength(6);
    const rows = await Promise.all(matches.map(async (p) => (await world.store.matches.get(p.matchId!))!));
    const [conceded, awarded, setup, clock, deadline] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];

    await answerPrompts(world, conceded.threadId!);
    await concede(world, nameOf(conceded.players[1]!), conceded.threadId!);
    await world.run({ user: 'alice', channel: awarded.threadId!, name: 'league award', options: { reason: 'both asked for a draw' } });
    await answerPrompts(world, clock.threadId!);
    for (const p of deadline.players) await world.run({ user: nameOf(p), name: 'vacation start', options: { days: 1 } });
    for (let h = 0; h < 14; h++) await world.advance(1);

    const names = (r: (typeof rows)[0]) => r.players.map((p) => nameOf(p).replace(/^./, (c) => c.toUpperCase()));
    const title = (r: (typeof rows)[0]) => world.fake.threads(league).find((t) => t.id === r.threadId)!.name;
    const posts = world.messages(league).map((m) => m.content);
    const postOf = (r: (typeof rows)[0]) => posts.find((c) => c.startsWith('🏆 **') && c.includes(`<#${r.threadId}>`))!;
    const expected: [(typeof rows)[0], string][] = [
      [conceded, 'conceded'],
      [awarded, 'awarded'],
      [setup, 'forfeit-setup'],
      [clock, 'forfeit-clock'],
      [deadline, 'forfeit-deadline'],
    ];
    for (const [r, way] of expected) {
      expect((await world.store.matches.get(r.id))!.status).toBe('over');
      const result = (await world.store.results.forMatch(r.id))!;
      expect(result.way).toBe(way);
      if (!way.startsWith('forfeit')) continue;
      // A forfeit: the thread, the league post and the scores say so, never as a concession or 0–0.
      const loser = nameOf(result.players.find((p) => p.outcome === 'forfeit')!.player).replace(/^./, (c) => c.toUpperCase());
      const winner = nameOf(result.players.find((p) => p.outcome === 'win')!.player).replace(/^./, (c) => c.toUpperCase());
      expect(title(r)).toBe(`🏁 ${winner} beat ${loser} by forfeit`);
      expect(postOf(r)).toContain(`**${winner}** beat **${loser}** by forfeit: ${loser} forfeited: `);
      expect(postOf(r)).toContain('(counted 56–0)');
      expect(postOf(r)).not.toMatch(/conceded|0–0/);
    }
    const [ca, cb] = names(conceded);
    const concededResult = (await world.store.results.forMatch(conceded.id))!;
    const quitter = concededResult.players.find((p) => p.outcome === 'loss')!.player;
    expect(quitter).toBe(conceded.players[1]);
    expect(title(conceded)).toBe(`🏁 ${ca} beat ${cb} 0–0 (conceded)`);
    expect(postOf(conceded)).toContain(`**${ca}** beat **${cb}** 0–0 (${cb} conceded)`);
    const [aa, ab] = names(awarded);
    expect(title(awarded)).toBe(`🤝 ${aa} and ${ab} drew (awarded)`);
    expect(postOf(awarded)).toContain(`**${aa}** and **${ab}** drew, awarded by an organiser (both asked for a draw)`);
    expect(postOf(setup)).toContain('their time ran out during setup');
    expect(postOf(clock)).toMatch(/their time ran out \(counted/);
    expect(postOf(deadline)).toContain("the round's deadline passed with the match waiting on them");

    // One standings order everywhere: the final post, /league standings' alt text and the export.
    const final = posts.find((c) => c.startsWith('🏆 **Season 1** is over.'))!;
    const table = final
      .split('\n')
      .map((l) => /^\s*(\d+) (\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\S+)/.exec(l))
      .filter((m) => m !== null)
      .map((m) => ({
        rank: Number(m[1]),
        name: m[2]!,
        points: Number(m[3]),
        won: Number(m[5]),
        drawn: Number(m[6]),
        lost: Number(m[7]),
        forfeits: Number(m[8]),
        byes: Number(m[9]),
        vp: m[10] === '0' ? 0 : Number(m[10]),
      }));
    expect(table).toHaveLength(11);
    const row = (n: string) => table.find((t) => t.name === n)!;
    // The bye (a win's 3 points), the draw (1 each), three forfeits (0 points, VP -56), the concession (a loss).
    expect(table.filter((t) => t.byes === 1)).toHaveLength(1);
    expect(row(aa!)).toMatchObject({ points: 1, drawn: 1 });
    expect(row(ab!)).toMatchObject({ points: 1, drawn: 1 });
    expect(table.filter((t) => t.forfeits === 1).map((t) => [t.points, t.vp])).toEqual([
      [0, -56],
      [0, -56],
      [0, -56],
    ]);
    expect(row(cb!)).toMatchObject({ points: 0, lost: 1, forfeits: 0 });
    // Ranked by points, then VP difference: the forfeits rank below the played loss.
    expect(table.map((t) => t.points)).toEqual([...table.map((t) => t.points)].sort((a, b) => b - a));
    expect(table.at(-1)!.forfeits).toBe(1);
    expect(table.findIndex((t) => t.name === cb)).toBeLessThan(table.findIndex((t) => t.forfeits === 1));
    const roundEnd = posts.find((c) => c.startsWith('✅ **Season 1, round 1** is over.'))!;
    expect(roundEnd.slice(roundEnd.indexOf('```'))).toBe(final.slice(final.indexOf('```')));

    const alt = (await world.run({ user: 'bob', channel: league, name: 'league standings' })).original!.attachments[0]!.description!;
    // Eleven rows in words do not fit Discord's 1,024 characters: the same columns, named short, all eleven.
    expect(alt.length).toBeLessThanOrEqual(1024);
    expect(alt).toMatch(/^North · season 1\. Rank, player, points \(pts\), played \(P\),/);
    const altRows = alt.split('\n').slice(1);
    expect(altRows).toHaveLength(11);
    for (const [i, t] of table.entries()) {
      expect(altRows[i]).toMatch(
        new RegExp(
          `^${t.rank}\\. ${t.name}: ${t.points} pts, \\d+ P, ${t.won} W, ${t.drawn} D, ${t.lost} L, ${t.forfeits} F, ${t.byes} B, VP ${t.vp > 0 ? '\\+' : ''}${t.vp}, rating `,
        ),
      );
    }
    const exported = await world.run({ user: 'alice', channel: league, name: 'league export' });
    const json = JSON.parse(world.fake.attachment(exported.original!.attachments[1]!.url)!.toString('utf8'));
    expect(json.standings.map((r: { name: string }) => r.name)).toEqual(table.map((t) => t.name));
    expect(json.standings.map((r: { points: number }) => r.points)).toEqual(table.map((t) => t.points));
    expect(json.standings.map((r: { vpDiff: number }) => r.vpDiff)).toEqual(table.map((t) => t.vp));
    const csv = world.fake.attachment(exported.original!.attachments[0]!.url)!.toString('utf8');
    expect(csv.split('\n')[0]!.startsWith('result,match,round,table,way,')).toBe(true);
    for (const [i, [, way]] of expected.entries()) expect(csv).toMatch(new RegExp(`,1,${matches[i]!.table},${way},`));
    expect(world.errors).toEqual([]);
  }, 240_000);
});
