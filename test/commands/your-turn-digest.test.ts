/**
 * A ping's digest of what happened since the player's last act, without a full replay per turn:
 * from the states where the last posted turns began, only the events since then are read, and the
 * digest is the one the whole log gives. Without them, or when the player's last act is older, the
 * log is read from the start.
 */
import { describe, expect, it, vi } from 'vitest';
import { Chooser } from '../../src/bench/selfplay';
import { picturePost, turnAt } from '../../src/posts/post-pictures';
import { yourTurnContent, type KnownState } from '../../src/posts/your-turn';
import { seeded } from '../../src/engine/dice';
import { gameOf, withFixed, type MatchEvent, type MatchSetup, type MatchSnapshot } from '../../src/match/match-state';
import type { MatchRow, Store } from '../../src/store';
import { afterLastAct } from '../../src/rulesets/sellsword/render';
import { memoryStore } from '../store/fixture';
import { playOn, setupFor, storedMatch, untilPlaying } from './stored-match';

async function playedMatch(store: Store, turns: number): Promise<number[]> {
  const choose = new Chooser(seeded(51));
  await storedMatch(store, 'm1', setupFor(51, ['burning-village']));
  await untilPlaying(store, 'm1', choose);
  const ends: number[] = [];
  let read = 0;
  for (let i = 0; i < 600; i++) {
    const row = (await store.matches.get('m1'))!;
    // Only the events written since the last look: the turns that ended meanwhile.
    for (const e of await store.matches.events<MatchEvent>('m1', read)) if (e.event.stage === 'game' && e.event.event.type === 'turn-ended') ends.push(e.seq);
    read = row.seq;
    if (ends.length >= turns || gameOf(row.snapshot as MatchSnapshot)!.over) return ends;
    await playOn(store, 'm1', choose);
  }
  throw new Error('the match did not get that far');
}

/** The seq of the player's last act (an answer, an act begun, a turn ended) in the stored match. */
async function lastActSeq(store: Store, row: MatchRow, player: string): Promise<number> {
  const setup = row.setup as MatchSetup;
  const rows = (await store.matches.events<MatchEvent>(row.id, 0, row.seq)).filter((e) => e.event.stage === 'game');
  const after = afterLastAct(
    setup.start!,
    rows.map((e) => (e.event as Extract<MatchEvent, { stage: 'game' }>).event),
    player,
  );
  return after === 0 ? 0 : rows[after - 1]!.seq;
}

describe("a ping's digest", () => {
  it('reads the log only from the turns just posted, and says what the whole log says', async () => {
    const store = memoryStore();
    const ends = await playedMatch(store, 12);
    expect(ends.length).toBeGreaterThanOrEqual(12);
    const row = (await store.matches.get('m1'))!;
    const setup = row.setup as MatchSetup;
    const now = gameOf(row.snapshot as MatchSnapshot)!;
    // The last turn posted, as the turn post knows where it began (its seq and state).
    const began = (await turnAt(store, row, setup, ends.at(-1)!)).began;
    expect(began).toBeDefined();
    const known: KnownState[] = [{ seq: began!.seq, state: withFixed(now, began!.moment) }];

    const reads = vi.spyOn(store.matches, 'events');
    let windowed = 0;
    for (const player of setup.players) {
      reads.mockClear();
      const whole = await yourTurnContent(store, row, setup, row.seq, player, 'Your turn.');
      expect(reads.mock.calls.map((c) => c[1])).toEqual([0]);
      reads.mockClear();
      const fromKnown = await yourTurnContent(store, row, setup, row.seq, player, 'Your turn.', known);
      expect(fromKnown).toBe(whole);
      // The player who ended the last turn acted inside it: only its events were read.
      if (reads.mock.calls.length === 1) {
        expect(reads.mock.calls[0]![1]).toBe(began!.seq);
        windowed++;
      }
    }
    expect(windowed).toBeGreaterThan(0);
    const digests = await Promise.all(setup.players.map((p) => yourTurnContent(store, row, setup, row.seq, p, 'x', known)));
    expect(digests.some((d) => d.includes('-# Since your last act: '))).toBe(true);
  });

  it('leaves out the words its change posted just above it (playtest: an answer\'s "act goes on" line told again)', async () => {
    const store = memoryStore();
    await playedMatch(store, 12);
    const row = (await store.matches.get('m1'))!;
    const setup = row.setup as MatchSetup;
    let checked = 0;
    // Pings at several points of the match: those whose digest ends with a unit's line are the case.
    for (let seq = row.seq; seq > 0 && checked < 3; seq -= 7) {
      for (const player of setup.players) {
        const whole = await yourTurnContent(store, row, setup, seq, player, 'Your turn.');
        const digest = whole.split('\n-# Since your last act: ')[1];
        if (!digest) continue;
        // A line the change posted above the ping (the bot's answer and the act it let go on, say), the
        // digest's last: the digest leaves it out. (Only as its tail, and never before a drop: 24ecb09.)
        const sentences = digest.replace(/ \(`\/skirmish log[^)]*\)$/, '').split(/(?<=\.) (?=[A-Z])/);
        const told = sentences.at(-1);
        // A unit's line ("OW replied to KN …"), whole: a round's or check's words may hold sentences of their own.
        if (!told || !/^[A-Z]{1,4}\d* [a-z]/.test(told)) continue;
        const above = `🤖 **Practice bot**:\n• Something it chose.\n**Alice**'s act goes on:\n• ${told}`;
        const after = await yourTurnContent(store, row, setup, seq, player, 'Your turn.', [], seq, undefined, above);
        expect(after.split('\n-# Since your last act: ')[1] ?? '').not.toContain(told);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('comes from the turns the bot posted as the match went on', { timeout: 60_000 }, async () => {
    const store = memoryStore();
    const choose = new Chooser(seeded(52));
    await storedMatch(store, 'm2', setupFor(52, ['burning-village']));
    await untilPlaying(store, 'm2', choose);
    const reads = vi.spyOn(store.matches, 'events');
    let posted = 0;
    let fromStart = 0;
    let lastEnd = 0;
    let answeredInside = 0;
    for (let i = 0; i < 1500 && (posted < 14 || (answeredInside === 0 && posted < 40)); i++) {
      const row = await playOn(store, 'm2', choose);
      const game = gameOf(row.snapshot as MatchSnapshot)!;
      if (game.over) break;
      const end = (await store.matches.events<MatchEvent>('m2', lastEnd))
        .filter((e) => e.event.stage === 'game' && e.event.event.type === 'turn-ended')
        .at(-1)?.seq;
      if (end === undefined || !game.turn || game.prompt) continue;
      lastEnd = end;
      // Each turn is posted as it ends, with the ping for whoever goes next, as the outbox does.
      const ping = { seq: row.seq, player: game.turn.player, content: 'Your turn.' };
      reads.mockClear();
      const post = await picturePost(store, row, { kind: 'turn', seq: end, ping });
      posted++;
      if (reads.mock.calls.some((c) => (c[1] ?? 0) === 0)) fromStart++;
      // The riding ping's digest stops where the posted turn began (the post tells that turn), and is
      // what the whole log gives up to there; a player going on after their own turn gets none.
      const log = await store.matches.events<MatchEvent>('m2', 0, end);
      const ended = log.at(-1)!.event;
      const began = log
        .slice(0, -1)
        .findLast((e) => e.event.stage === 'game' && (e.event.event.type === 'turn-ended' || e.event.event.type === 'round-started'));
      const same = ended.stage === 'game' && ended.event.type === 'turn-ended' && ended.event.player === ping.player;
      const whole =
        same || !began ? 'Your turn.' : await yourTurnContent(store, row, row.setup as MatchSetup, row.seq, ping.player, 'Your turn.', [], began.seq);
      expect(post.content!.endsWith(whole)).toBe(true);
      // A player who answered a prompt inside the posted turn acted after it began: the post tells
      // what followed, and the digest has nothing older to tell.
      if (began && !same && (await lastActSeq(store, row, ping.player)) > began.seq) {
        answeredInside++;
        expect(post.content!).not.toContain('-# Since your last act: ');
      }
    }
    expect(posted).toBeGreaterThanOrEqual(14);
    expect(answeredInside).toBeGreaterThan(0);
    // The first pings have no posted turn holding the player's last act; after that, none reads the whole log.
    expect(fromStart).toBeLessThanOrEqual(3);
  });

  it("tells, in the log's sentences and order, what happened since the player's last act, drops in bold", { timeout: 60_000 }, async () => {
    const store = memoryStore();
    const choose = new Chooser(seeded(53));
    await storedMatch(store, 'm3', setupFor(53, ['burning-village']));
    await untilPlaying(store, 'm3', choose);
    const digests: { player: string; text: string }[] = [];
    for (let i = 0; i < 250; i++) {
      const row = await playOn(store, 'm3', choose);
      const game = gameOf(row.snapshot as MatchSnapshot)!;
      if (game.over) break;
      // Whoever the game waits on now is pinged, with what happened since their last act.
      const waiting = game.prompt?.player ?? game.turn?.player;
      if (!waiting) continue;
      const line = await yourTurnContent(store, row, row.setup as MatchSetup, row.seq, waiting, 'x');
      const text = line.split('\n-# Since your last act: ')[1];
      if (text) digests.push({ player: waiting, text });
    }
    expect(digests.length).toBeGreaterThan(10);
    for (const { text } of digests) {
      // Shorthand like "SA -10 pierce" is gone: sentences, as in the log.
      expect(text).not.toMatch(/ -\d+ /);
      expect(text).not.toMatch(/\b(HIT|MISS|CRIT|GLANCE)\b/);
      // Issue 26: the digest is the log since the player's last act, in its order, every drop in bold.
      expect(text.replace(/\*\*\S+ was dropped[^*]*\*\*/g, '')).not.toMatch(/\b\S+ was dropped\b/);
    }
  });
});
