/**
 * A whole league season through the fake Discord with the injected clock: six players,
 * Swiss, three rounds. The organiser only starts it (with a sign-up deadline); the bot closes
 * sign-ups, pairs each round, opens every match thread itself, pairs the next round when a round's
 * matches are over, and posts the final standings. One player never acts and forfeits by the clock
 * every round; one result is overturned by an organiser; a non-organiser is refused every organiser
 * command. The organiser's acts: /league create, /league settings clock, /league season start.
 */
import { ordinal, type Rating, rate, rating } from 'openskill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchSnapshot } from '../../src/match/match-state';
import type { PairingRow } from '../../src/store/rows';
import { concede, openPrompt } from './driver';
import { HAVOC, VALOR } from './setup-match';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
let league: string;
const NAMES = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'];
/** Frank signs up and then never acts again. */
const LAZY = 'frank';
const id = (name: string) => world.fake.user(name)!.id;
const nameOf = (userId: string) => world.fake.user(userId)!.username;

beforeAll(async () => {
  world = await startWorld(7);
  world.fake.addUser('erin');
  world.fake.addUser('frank');
  league = world.fake.channel.id;
}, 30_000);
afterAll(async () => world?.close());

/** The lazy player's match: the other player answers what is theirs; the clock runs out on the lazy one. */
async function waitOutLazy(thread: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const row = (await world.store.matches.byThread(thread))!;
    if (row.status === 'over') return;
    const s = row.snapshot as MatchSnapshot;
    const prompt = s.stage === 'pregame' ? s.pregame.prompt : s.game.prompt;
    if (prompt && prompt.player !== id(LAZY)) {
      const message = openPrompt(world, thread)!;
      const who = nameOf(prompt.player);
      if (componentsOf(message)[0]!.type === 3) await world.select(who, message);
      else await world.click(who, message);
    } else await world.advance(25);
  }
  throw new Error('the lazy match never ended');
}

const seasonId = async () => (await world.store.seasons.latest(league))!.id;
const leaguePosts = () => world.messages(league).map((m) => m.content);

/** Match ids in the order they ended: the order their results are recorded, and so rated. */
const ended: string[] = [];

/** Plays one round: in each match the second seat concedes, except that the lazy player's opponent waits him out. */
async function playRound(round: number): Promise<PairingRow[]> {
  const pairings = await world.store.seasons.pairings(await seasonId(), round);
  expect(pairings).toHaveLength(3);
  const lazyLast = [...pairings].sort((a, b) => Number(a.players.includes(id(LAZY))) - Number(b.players.includes(id(LAZY))));
  for (const p of lazyLast) {
    const row = (await world.store.matches.get(p.matchId!))!;
    // The bot opened the match itself: nothing to accept, setup under way.
    expect(row.status).toBe('setup');
    if (p.players.includes(id(LAZY))) await waitOutLazy(row.threadId!);
    else await concede(world, nameOf(p.players[1]!), row.threadId!);
    ended.push(row.id);
  }
  return pairings;
}

describe('a league season of six players, Swiss, three rounds', () => {
  it('runs from sign-up to final standings with only the start from the organiser', async () => {
    for (const [i, name] of NAMES.entries()) await world.run({ user: name, name: 'warband submit', options: { text: i % 2 === 0 ? VALOR : HAVOC } });

    // A non-organiser is refused every organiser command, before and after the league exists.
    const organiserOnly = [
      { name: 'league settings points', options: { points: 80 } },
      { name: 'league settings clock', options: { misses: 5 } },
      { name: 'league settings challenges', options: { free: false } },
      { name: 'league season start', options: {} },
      { name: 'league season close', options: {} },
      { name: 'league remove', options: { player: 'carol', reason: 'testing' } },
      { name: 'league export', options: {} },
    ];
    expect(answerText(await world.run({ user: 'bob', channel: league, name: 'league create', options: { name: 'Northlands League' } }))).toMatch(
      /^Only the league's organisers may do that/,
    );
    // The organiser makes the channel a league where one missed deadline forfeits a match, so the
    // player who never acts forfeits at the first wait on him.
    await world.run({ user: 'alice', channel: league, name: 'league create', options: { name: 'Northlands League' } });
    await world.run({ user: 'alice', channel: league, name: 'league settings clock', options: { misses: 1 } });
    for (const command of organiserOnly) {
      const refused = await world.run({ user: 'bob', channel: league, ...command });
      expect(answerText(refused)).toMatch(/^Only the league's organisers may do that/);
    }
    expect(await world.store.seasons.latest(league)).toBeUndefined();
    expect((await world.store.leagueSettings.get(league))!.maxMisses).toBe(1);

    const started = await world.run({
      user: 'alice',
      channel: league,
      name: 'league season start',
      options: { pairing: 'swiss', rounds: 3, signup_hours: 24 },
    });
    expect(world.errors).toEqual([]);
    expect(answerText(started)).toMatch(/Season 1.*open for sign-ups: Swiss by rating, 3 rounds/);
    for (const [i, name] of NAMES.entries()) {
      const joined = await world.run({ user: name, channel: league, name: 'league join', options: { warband: i % 2 === 0 ? "Hrolf's Watch" : 'Grave Host' } });
      expect(answerText(joined)).toMatch(new RegExp(`joins \\*\\*Season 1\\*\\*.*${i + 1} signed up`));
    }
    expect(answerText(await world.run({ user: 'bob', channel: league, name: 'league round' }))).toMatch(/no round yet: 6 signed up/);

    // The sign-up deadline passes: round 1 is paired and its three matches opened, by the bot alone.
    await world.advance(24);
    const season = (await world.store.seasons.latest(league))!;
    expect(season.state).toBe('running');
    const pairingPost = world
      .messages(league)
      .find((m) => m.content.startsWith('📋 **Season 1, round 1 of 3.** Sign-ups are closed: 6 players, 3 rounds (Swiss).'))!;
    expect(pairingPost).toBeDefined();
    // The pairings are posted before the round's threads open (ids grow with time).
    for (const p of await world.store.seasons.pairings(season.id, 1)) {
      const row = (await world.store.matches.get(p.matchId!))!;
      expect(BigInt(pairingPost.id) < BigInt(row.threadId!)).toBe(true);
      // The league paired them: nothing to accept, and no time to accept in.
      const intro = world.messages(row.threadId!)[0]!.content;
      expect(intro).toContain('there is nothing to accept');
      expect(intro).not.toMatch(/to accept,/);
    }
    const r1 = await playRound(1);
    const roundText = answerText(await world.run({ user: 'carol', channel: league, name: 'league round', options: { number: 1 } }));
    expect(roundText).toMatch(/Season 1, round 1 of 3\*\* \(over\)/);
    expect(roundText.match(/won by/g)).toHaveLength(3);

    // Round 1 over: round 2 was paired at once, with no repeat.
    expect(leaguePosts().some((c) => c.startsWith('✅ **Season 1, round 1** is over.'))).toBe(true);
    const r2 = await world.store.seasons.pairings(season.id, 2);
    expect(r2).toHaveLength(3);

    // An organiser overturns a round-1 result: /league award in its thread gives the second seat
    // the win instead (its standing result is replaced). A non-organiser is refused there too.
    const overturned = r1.find((p) => !p.players.includes(id(LAZY)))!;
    const match = (await world.store.matches.get(overturned.matchId!))!;
    const [winner, loser] = [match.players[1]!, match.players[0]!];
    expect(match.winner).toBe(loser);
    const inThread = [
      { name: 'league award', options: { winner: nameOf(winner), reason: 'played the wrong warband' } },
      { name: 'league overturn', options: { reason: 'played the wrong warband' } },
      { name: 'league extend', options: { hours: 24 } },
    ];
    for (const command of inThread) {
      const refused = await world.run({ user: 'bob', channel: match.threadId!, ...command });
      expect(answerText(refused)).toMatch(/^Only the league's organisers may do that/);
    }
    await world.run({ user: 'alice', channel: match.threadId!, name: 'league award', options: { winner: nameOf(winner), reason: 'played the wrong warband' } });
    expect((await world.store.results.forMatch(match.id))!.winner).toBe(winner);
    // Its result now counts where the award was recorded: after round 1's.
    ended.splice(ended.indexOf(match.id), 1);
    ended.push(match.id);

    await playRound(2);
    const r3 = await world.store.seasons.pairings(season.id, 3);
    const met = new Set([...r1, ...r2].map((p) => [...p.players].sort().join()));
    for (const p of r3) expect(met.has([...p.players].sort().join())).toBe(false);
    await playRound(3);

    // The season is closed and its final standings posted, computed here by hand.
    expect((await world.store.seasons.get(season.id))!.state).toBe('closed');
    const tally = new Map(NAMES.map((n) => [id(n), { points: 0, won: 0, lost: 0, forfeits: 0 }]));
    for (const round of [1, 2, 3])
      for (const p of await world.store.seasons.pairings(season.id, round)) {
        const row = (await world.store.matches.get(p.matchId!))!;
        let won = row.winner!;
        if (p.id === overturned.id) won = winner;
        for (const player of row.players) {
          const t = tally.get(player)!;
          if (player === won) {
            t.points += 3;
            t.won++;
          } else if (player === id(LAZY)) t.forfeits++;
          else t.lost++;
        }
      }
    expect(tally.get(id(LAZY))).toEqual({ points: 0, won: 0, lost: 0, forfeits: 3 });
    const final = leaguePosts().find((c) => c.startsWith('🏆 **Season 1** is over.'))!;
    expect(final).toBeDefined();
    const rows = final
      .split('\n')
      .map((l) => /^\s*(\d+) (\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(l))
      .filter((m) => m !== null);
    expect(rows).toHaveLength(6);
    const shown = new Map(rows.map((m) => [m[2]!.toLowerCase(), { points: Number(m[3]), won: Number(m[5]), lost: Number(m[7]), forfeits: Number(m[8]) }]));
    for (const name of NAMES) expect(shown.get(name)).toEqual(tally.get(id(name)));
    // Ranked by points.
    const points = rows.map((m) => Number(m[3]));
    expect(points).toEqual([...points].sort((a, b) => b - a));
    const champion = rows[0]![2]!.toLowerCase();
    expect(final).toContain(`<@${id(champion)}> wins the season with ${rows[0]![3]} points`);

    // The ratings, computed here with OpenSkill from the results in the order they stood: the
    // overturned match counts where its replacement was recorded, its winner the awarded one.
    const skills = new Map(NAMES.map((n) => [id(n), rating()]));
    for (const m of ended) {
      const row = (await world.store.matches.get(m))!;
      const won = m === match.id ? winner : row.winner!;
      const lost = row.players.find((p) => p !== won)!;
      const [[a], [b]] = rate([[skills.get(won)!], [skills.get(lost)!]], { rank: [1, 2] }) as [[Rating], [Rating]];
      skills.set(won, a);
      skills.set(lost, b);
    }
    const stored = new Map((await world.store.ratings.of(league)).map((r) => [r.player, r]));
    for (const name of NAMES) {
      const mine = skills.get(id(name))!;
      expect(stored.get(id(name))!.mu).toBeCloseTo(mine.mu, 9);
      expect(stored.get(id(name))!.sigma).toBeCloseTo(mine.sigma, 9);
      expect(stored.get(id(name))!.games).toBe(3);
      const row = rows.find((m) => m[2]!.toLowerCase() === name)!;
      expect(row.input.trimEnd().split(/\s+/).at(-1)).toBe(ordinal(mine).toFixed(1));
    }

    // One standings order everywhere: the final post, /league standings (its picture's alt text) and the export.
    const order = rows.map((m) => m[2]!.toLowerCase());
    const alt = (await world.run({ user: 'carol', channel: league, name: 'league standings' })).original!.attachments[0]!.description!;
    expect(
      alt
        .split('\n')
        .slice(1)
        .map((l) => /^\d+\. (\S+):/.exec(l)![1]!.toLowerCase()),
    ).toEqual(order);
    expect(alt).toMatch(/^Northlands League · season 1\. Rank, player, points,/);
    const exported = await world.run({ user: 'alice', channel: league, name: 'league export' });
    const json = JSON.parse(world.fake.attachment(exported.original!.attachments[1]!.url)!.toString('utf8'));
    expect(json.standings.map((r: { name: string }) => r.name.toLowerCase())).toEqual(order);
    expect(json.standings.map((r: { points: number }) => r.points)).toEqual(rows.map((m) => Number(m[3])));
    // The lazy player's forfeits lose by the VP target: he is last on points and on VP difference.
    expect(json.standings.at(-1).name.toLowerCase()).toBe(LAZY);
    expect(json.standings.at(-1).vpDiff).toBeLessThan(0);
    const csv = world.fake.attachment(exported.original!.attachments[0]!.url)!.toString('utf8');
    expect(csv.split('\n')[0]!.startsWith('result,match,round,table,way,')).toBe(true);
    expect(csv).toMatch(/,[123],[123],forfeit-(setup|clock),/);

    // The league channel told the season's story in order: pairings, round ends, the final standings.
    const story = leaguePosts().flatMap((c) => {
      const m = /^(📋|✅|🏆) \*\*Season 1(?:, round (\d) of 3\.\*\*|, round (\d)\*\* is over\.|\*\* is over\.)/.exec(c);
      return m ? [`${m[1]}${m[2] ?? m[3] ?? ''}`] : [];
    });
    if (process.env.SHOW_POSTS) console.log(leaguePosts().join('\n---\n'));
    expect(story).toEqual(['📋1', '✅1', '📋2', '✅2', '📋3', '✅3', '🏆']);
    expect(world.errors).toEqual([]);
  }, 240_000);
});
