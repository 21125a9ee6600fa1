/**
 * The match thread's words as a new player reads them: each fact told once, each name said once, the
 * last act told before the result, and an answered prompt that stays true after what it set off.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage } from '../../src/fakecord';
import { playThrough } from './driver';
import { challengeAccepted, snapshotOf } from './setup-match';
import { componentsOf, startWorld, type World } from './world';
import { openPrompt, slashFor } from './driver';
import { Chooser, chooseCommand } from '../../src/bench/selfplay';
import { seeded } from '../../src/engine/dice';
import { waitsOf } from '../../src/clock/deadline-plan';
import { gameOf } from '../../src/match/match-state';
import { matchRecord } from '../../src/match/record';

let world: World;
let posts: FakeMessage[] = [];
beforeAll(async () => {
  world = await startWorld(7);
  const thread = await challengeAccepted(world);
  // Setup with its prompts; entry tiles typed with /skirmish entry, as the README shows.
  for (let i = 0; i < 30; i++) {
    const s = await snapshotOf(world, thread);
    if (s.stage !== 'pregame' || !s.pregame.prompt) break;
    const prompt = s.pregame.prompt;
    const who = world.fake.user(prompt.player)!.username;
    if (prompt.kind === 'entry') {
      await world.run({ user: who, channel: thread, name: 'skirmish entry', options: { square: prompt.options.areas[0]!.tiles[0]! } });
      continue;
    }
    const message = openPrompt(world, thread)!;
    if (componentsOf(message)[0]!.type === 3) await world.select(who, message);
    else await world.click(who, message);
  }
  await playThrough(world, thread, 3);
  posts = world.messages(thread).filter((m) => !m.ephemeral);
  if (process.env.DUMP_POSTS)
    writeFileSync(process.env.DUMP_POSTS, posts.map((m) => `--- ${m.attachments.map((a) => a.filename).join(',')}\n${m.content}`).join('\n'));
}, 240_000);
afterAll(async () => world?.close());

describe('the posts of a match between two people', () => {
  it('tell each entry tile once, with its start area', () => {
    const entries = posts.filter((m) => m.content.includes('places their entry tile'));
    expect(entries.length).toBe(2);
    for (const m of entries) expect(m.content).toMatch(/places their entry tile at \*\*\w+\*\* \(start area \d\)\./);
  });

  it('name a unit and its player once in a line', () => {
    const lines = posts.flatMap((m) => m.content.split('\n'));
    // "**Alice**: Alice's WH (War Hound) takes its turn…"
    expect(lines.filter((l) => /^\*\*([^*]+)\*\*: \1's /.test(l))).toEqual([]);
    // "… ends the turn of War Hound (wh)." and then the turn's post says it is over.
    expect(lines.filter((l) => /ends the turn of/.test(l))).toEqual([]);
  });

  it('tell the last act before the result', () => {
    const result = posts.findIndex((m) => /🏆|The match is a draw/.test(m.content));
    expect(result).toBeGreaterThan(0);
    const gameOver = posts.findIndex((m) => m.content.includes('Game over'));
    // The act's lines come first, and the game's end is said last in them.
    if (gameOver !== -1) {
      expect(gameOver).toBeLessThan(result);
      const lines = posts[gameOver]!.content.split('\n').filter((l) => l.trim() !== '');
      expect(lines.at(-1)).toMatch(/Game over/);
    }
  });

  it("tell the round's end once: the result repeats no line of the posts before it", () => {
    const result = posts.findIndex((m) => /🏆|The match is a draw/.test(m.content));
    const strip = (l: string) => l.replace(/^• /, '').trim();
    const earlier = new Set(posts.slice(Math.max(0, result - 3), result).flatMap((m) => m.content.split('\n').map(strip)));
    const repeated = posts[result]!.content.split('\n')
      .map(strip)
      .filter((l) => l !== '' && earlier.has(l));
    expect(repeated).toEqual([]);
  });

  it('name the winner once, with one mention', () => {
    const result = posts.find((m) => /🏆/.test(m.content));
    if (!result) return;
    const line = result.content.split('\n').find((l) => l.startsWith('🏆'))!;
    expect(line).toMatch(/^🏆 <@\d+> wins! Final score: [^\n]*\.\) <@\d+>$/);
    // The winner is pinged once, and so is the other player.
    expect(line.match(/<@\d+>/g)!.length).toBe(2);
    expect(new Set(line.match(/<@\d+>/g)).size).toBe(2);
  });

  it("give a round's first ping the map as it stands, never a close-up of the round before (playtest)", () => {
    let newRound = false;
    const shown: string[] = [];
    for (const m of posts) {
      if (/^\*\*Round \d+ begins\.\*\*/m.test(m.content)) newRound = true;
      if (/turn with .* is over\./.test(m.content)) newRound = false;
      if (newRound && /^<@\d+>, it's your turn/.test(m.content)) shown.push(m.attachments.map((a) => a.filename).join());
    }
    expect(posts.some((m) => /^\*\*Round 2 begins/.test(m.content))).toBe(true);
    expect(shown.length).toBeGreaterThan(0);
    // With units on the map, every unit's strip under it, readable on a phone (playtest round 14).
    expect(shown.filter((f) => !/^now-(\d+)\.png(,units-\1\.png)?$/.test(f))).toEqual([]);
    expect(shown.some((f) => f.includes(',units-'))).toBe(true);
  });

  it('say whose turn is next once: a turn\'s post with the ping right after it has no "Next:" in its small print', () => {
    const followed = posts.filter((m, i) => /is over\./.test(m.content) && /^<@\d+>, it's your turn/.test(posts[i + 1]?.content ?? ''));
    expect(followed.length).toBeGreaterThan(0);
    expect(followed.filter((m) => /^-# .*Next: /m.test(m.content)).map((m) => m.content)).toEqual([]);
  });

  it('tell an order chosen on its prompt once, on the prompt, with a greater advantage said there', () => {
    const chosen = posts.filter((m) => /chose \*\*[^*]+ → [^*]+\*\*/.test(m.content));
    expect(chosen.length).toBeGreaterThan(1);
    // The ping's digest (issue 26) retells the log since the player's last act, the order among it.
    const untilDigest = (m: FakeMessage) => m.content.split('\n-# Since your last act: ')[0]!;
    expect(posts.filter((m) => / sets the order: /.test(untilDigest(m))).map((m) => m.content)).toEqual([]);
    // Who goes first in each phase is said with the order, and a greater advantage with its cause.
    for (const m of chosen) expect(m.content).toMatch(/\n\w+ goes first in phase 1, \w+ in phase 2, and so on: who goes first alternates each phase\./);
    // A plain line: a "• " would make Discord render a one-item list with a blank line around it.
    for (const m of chosen) expect(m.content).not.toMatch(/^[•*-] /m);
    const greater = chosen.filter((m) => m.content.includes('Greater advantage '));
    for (const m of greater)
      expect(m.content).toMatch(
        /\nGreater advantage \((\w+) won the tactics check by 10 or more\): \1 takes one unit's turn early, before phase 1 \(that unit's turn for this round\)\.$/,
      );
  });

  it("give a ping that follows a turn's post a digest of everything since the player's last act, that turn included (issue 26)", () => {
    const following = posts.flatMap((m, i) => {
      const ping = posts[i + 1];
      return /is over\./.test(m.content) && ping && /^<@\d+>, it's your turn/.test(ping.content) ? [{ turn: m, ping }] : [];
    });
    expect(following.length).toBeGreaterThan(0);
    const left = following.filter(({ turn, ping }) => {
      const moved = turn.content.match(/^• (\w+) (?:entered the map and )?moved (?:\w+ )?to (\w+) /m);
      const digest = ping.content.split('\n').find((l) => l.startsWith('-# Since your last act: '));
      return (
        moved && digest && !digest.includes(' more. (') && !new RegExp(`${moved[1]} (entered the map and )?moved (\\w+ )?to ${moved[2]}[;. ]`).test(digest)
      );
    });
    expect(left.map(({ ping }) => ping.content)).toEqual([]);
  });

  it('leave no answered prompt saying it waits', () => {
    const answered = posts.filter((m) => m.content.includes(' chose **'));
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.filter((m) => /waiting for/i.test(m.content.split(' chose **').slice(1).join(''))).map((m) => m.content)).toEqual([]);
  });
});

describe('the posts of a match against the practice bot', () => {
  let thread = '';
  let told: FakeMessage[] = [];
  const botId = () => world.bot.client.user!.id;
  async function botSettles(): Promise<void> {
    for (let i = 0; i < 500; i++) {
      await world.bot.scheduler.idle();
      await world.bot.idle();
      const waits = waitsOf((await world.store.matches.byThread(thread))!);
      if (!waits.some((w) => w.player === botId())) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('the practice opponent never finished');
  }
  beforeAll(async () => {
    await world.run({ user: 'alice', name: 'skirmish practice', options: { warband: "Hrolf's Watch", opponent_warband: 'House Horde', points: 121 } });
    thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    await botSettles();
    const choose = new Chooser(seeded(5));
    for (let step = 0; step < 2000; step++) {
      const row = matchRecord((await world.store.matches.byThread(thread))!);
      if (row.status === 'over') break;
      const snapshot = row.snapshot!;
      const game = gameOf(snapshot);
      const prompt = snapshot.stage === 'pregame' ? snapshot.pregame.prompt : game!.prompt;
      if (prompt) {
        const message = openPrompt(world, thread)!;
        if (componentsOf(message)[0]!.type === 3) await world.select('alice', message);
        else await world.click('alice', message);
      } else {
        const input = slashFor('alice', thread, chooseCommand(game!, choose))!;
        const s = await world.run(input);
        if (s.response?.ephemeral)
          await world.run({ user: 'alice', channel: thread, name: 'end', options: { unit: game!.turn!.unit ?? (input.options as { unit: string }).unit } });
      }
      await botSettles();
    }
    told = world.messages(thread).filter((m) => !m.ephemeral);
    if (process.env.DUMP_POSTS)
      writeFileSync(`${process.env.DUMP_POSTS}.bot`, told.map((m) => `--- ${m.attachments.map((a) => a.filename).join(',')}\n${m.content}`).join('\n'));
  }, 300_000);

  it('never mention the bot, and name the winner once', () => {
    expect(told.filter((m) => m.content.includes(`<@${botId()}>`)).map((m) => m.content)).toEqual([]);
    const result = told.find((m) => m.content.includes('🏆'));
    if (result) expect(result.content).toMatch(/🏆 (<@\d+>|\*\*[^*]+\*\*) wins!/);
    expect(told.filter((m) => /\*\*([^*]+)\*\* \(\*\*?\1\*?\*?\)/.test(m.content)).map((m) => m.content)).toEqual([]);
  });

  it('tell the last act before the result', () => {
    const result = told.findIndex((m) => /🏆|The match is a draw/.test(m.content));
    expect(result).toBeGreaterThan(0);
    const over = told.findIndex((m) => m.content.includes('Game over'));
    const lines = told.slice(over).flatMap((m) => m.content.split('\n'));
    const at = lines.findIndex((l) => l.includes('Game over'));
    expect(lines.slice(at + 1).filter((l) => l.startsWith('• ') && !l.includes('Game over'))).toEqual([]);
  });
});
