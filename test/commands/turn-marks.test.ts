/**
 * Posting a turn reads only that turn's events: the snapshot keeps where the last turns
 * began, the check still proves the snapshot equals the log's replay, and what a turn post is drawn
 * from is the same either way.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Chooser } from '../../src/bench/selfplay';
import { checkMatch } from '../../src/match/match-check';
import { gameOf, type MatchEvent, type MatchSetup, type MatchSnapshot } from '../../src/match/match-state';
import { markedStart, replayedTurnAt, turnAt } from '../../src/posts/post-pictures';
import { seeded } from '../../src/engine/dice';
import { type MatchRow, openStore, type Store } from '../../src/store';
import { memoryStore, testClock } from '../store/fixture';
import { playOn, setupFor, storedMatch } from './stored-match';

/** Plays the match to its end; after every act, `look` sees the row and the events the act wrote. */
async function playAll(
  store: Store,
  id: string,
  seed: number,
  look: (row: MatchRow, wrote: { seq: number; event: MatchEvent }[]) => void | Promise<void>,
): Promise<MatchRow> {
  const choose = new Chooser(seeded(seed));
  let row = (await store.matches.get(id))!;
  for (let i = 0; i < 3000 && !gameOf(row.snapshot as MatchSnapshot)?.over; i++) {
    const before = row.seq;
    row = await playOn(store, id, choose);
    await look(row, await store.matches.events<MatchEvent>(id, before));
  }
  return row;
}

const isGame = (e: MatchEvent, type: string) => e.stage === 'game' && e.event.type === type;

/**
 * One match played to its end, for the first two tests: after every act that posts a turn, what the
 * turn post is drawn from then and what a replay gives, with whether the snapshot marked the turn.
 */
async function playOnce() {
  const store = openStore(':memory:', { now: testClock() });
  await storedMatch(store, 'm1', setupFor(31, ['mill-crossing']));
  const posted: { seq: number; marked: boolean; turn: unknown; replayed: unknown }[] = [];
  const ends: number[] = [];
  const final = await playAll(store, 'm1', 32, async (row, wrote) => {
    const setup = row.setup as MatchSetup;
    const posts = wrote.filter((e) => isGame(e.event, 'turn-ended')).map((e) => e.seq);
    ends.push(...posts);
    if (gameOf(row.snapshot as MatchSnapshot)?.over) posts.push(row.seq);
    for (const seq of posts)
      posted.push({
        seq,
        marked: markedStart(row.snapshot as MatchSnapshot, seq, row.seq) !== null,
        turn: await turnAt(store, row, setup, seq),
        replayed: await replayedTurnAt(store, row, setup, seq),
      });
  });
  return { store, final, posted, ends };
}
let played: ReturnType<typeof playOnce> | undefined;
const match = () => (played ??= playOnce());
afterAll(async () => (await played)?.store.close());

describe('turn marks in the snapshot', () => {
  it('give every turn post, made right after its act, the same turn as a replay, from that turn’s events only', async () => {
    const { store, final, posted } = await match();
    expect(gameOf(final.snapshot as MatchSnapshot)!.over).toBe(true);
    expect(posted.length).toBeGreaterThan(10);
    for (const post of posted) {
      expect(post.marked, `turn ending at ${post.seq}`).toBe(true);
      expect(post.turn).toEqual(post.replayed);
    }
    expect(await checkMatch(store, 'm1')).toEqual({ ok: true, events: final.seq });
  });

  it('fall back to a replay for a turn the match has moved more than a turn past', async () => {
    const { store, final, ends } = await match();
    const setup = final.setup as MatchSetup;
    const snapshot = final.snapshot as MatchSnapshot;
    let replayed = 0;
    for (const seq of ends) {
      if (!markedStart(snapshot, seq, final.seq)) replayed++;
      expect(await turnAt(store, final, setup, seq)).toEqual(await replayedTurnAt(store, final, setup, seq));
    }
    expect(replayed).toBeGreaterThan(0);
  });

  it('keep a snapshot saved before turn marks without them, which the check accepts', async () => {
    const store = memoryStore();
    await storedMatch(store, 'm3', setupFor(35, ['mill-crossing']));
    const choose = new Chooser(seeded(36));
    while (((await store.matches.get('m3'))!.snapshot as MatchSnapshot).stage !== 'game') await playOn(store, 'm3', choose);
    // As an older bot saved it: the game alone.
    const row = (await store.matches.get('m3'))!;
    const legacy = await store.matches.act<MatchSnapshot, MatchEvent, unknown>('m3', row.seq, (s) => ({
      ok: true,
      events: [],
      snapshot: { stage: 'game', game: gameOf(s!)! },
    }));
    expect(legacy.ok).toBe(true);
    for (let i = 0; i < 40; i++) await playOn(store, 'm3', choose);
    const later = (await store.matches.get('m3'))!;
    expect((later.snapshot as MatchSnapshot & { stage: 'game' }).turns).toBeUndefined();
    expect((await checkMatch(store, 'm3'))!.ok).toBe(true);
    const end = (await store.matches.events<MatchEvent>('m3')).filter((e) => isGame(e.event, 'turn-ended')).at(-1)!.seq;
    expect(await turnAt(store, later, later.setup as MatchSetup, end)).toEqual(await replayedTurnAt(store, later, later.setup as MatchSetup, end));
  });

  it('are checked: a wrong mark is a difference', async () => {
    const store = memoryStore();
    await storedMatch(store, 'm4', setupFor(37, ['mill-crossing']));
    const choose = new Chooser(seeded(38));
    for (let i = 0; i < 30; i++) await playOn(store, 'm4', choose);
    const row = (await store.matches.get('m4'))!;
    const snapshot = row.snapshot as MatchSnapshot & { stage: 'game' };
    expect(snapshot.turns).toBeDefined();
    const bent = { ...snapshot, turns: { ...snapshot.turns!, start: { ...snapshot.turns!.start, seq: snapshot.turns!.start.seq - 1 } } };
    await store.matches.act<MatchSnapshot, MatchEvent, unknown>('m4', row.seq, () => ({ ok: true, events: [], snapshot: bent }));
    expect((await checkMatch(store, 'm4'))!.ok).toBe(false);
  });
});
