/**
 * The autocomplete cache (suggestion-cache.ts): the keystrokes of one command read and decode the
 * match once and give the same answers as without the cache; any act on the match is a new entry;
 * a store's cache is its own (two stores with the same match id and seq never share an entry).
 */
import { describe, expect, it, vi } from 'vitest';
import { Chooser } from '../../src/bench/selfplay';
import { attackChoices, squareChoices, targetChoices, unitChoices } from '../../src/rulesets/sellsword/table/act-suggestions';
import { moveOptions } from '../../src/rulesets/sellsword/engine';
import { MATCHES_KEPT, suggesting } from '../../src/commands/play/suggestion-cache';
import { seeded } from '../../src/engine/dice';
import { gameOf, type MatchSnapshot } from '../../src/match/match-state';
import type { Store } from '../../src/store';
import { memoryStore } from '../store/fixture';
import { playOn, setupFor, storedMatch, untilPlaying } from './stored-match';

async function playing(seed: number) {
  const store = memoryStore();
  await storedMatch(store, 'm', setupFor(seed, ['mill-crossing']));
  const choose = new Chooser(seeded(seed));
  let row = await untilPlaying(store, 'm', choose);
  // On to a turn with no prompt open: the moment a player types an act.
  for (let i = 0; i < 20; i++) {
    const game = gameOf(row.snapshot as MatchSnapshot)!;
    if (game.turn && !game.prompt) break;
    row = await playOn(store, 'm', choose);
  }
  return { store, row };
}

describe('suggestion cache', () => {
  it('reads the match once for the keystrokes of one command, with the answers made without it', async () => {
    const { store, row } = await playing(4);
    const reads = vi.spyOn(store.matches, 'byThread');
    const game = gameOf(row.snapshot as MatchSnapshot)!;
    const player = game.turn!.player;
    const unitId = Object.values(game.units).find((u) => u.player === player && !u.turnTaken && !u.dropped)!.id;
    // A square it can reach, spelled whole and by its column: the list puts the square typed first.
    const square = moveOptions(game, unitId, false).at(-1)!.square;
    for (const typed of ['', 'a', 'ab', 'abc', square.slice(0, 1), square, square.toLowerCase(), '']) {
      const found = (await suggesting(store, 't-m'))!;
      expect(found.game).toEqual(game);
      expect(unitChoices(found.game, player, typed, 'move', found.names, found.memo)).toEqual(unitChoices(game, player, typed, 'move', found.names));
      expect(unitChoices(found.game, player, typed, undefined, found.names, found.memo)).toEqual(unitChoices(game, player, typed, undefined, found.names));
      expect(squareChoices(found.game, player, unitId, typed, false, found.names, found.memo)).toEqual(
        squareChoices(game, player, unitId, typed, false, found.names),
      );
      // Every unit's targets, for each of its attacks and for none named: the words worked out once, as without the cache.
      for (const u of Object.values(game.units).filter((x) => x.player === player))
        for (const attack of [undefined, ...attackChoices(game, player, u.id, '').map((c) => String(c.value))])
          expect(targetChoices(found.game, player, u.id, attack, typed, found.names, found.memo)).toEqual(
            targetChoices(game, player, u.id, attack, typed, found.names),
          );
    }
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('reads the match afresh after an act, and answers for the new state', async () => {
    const { store } = await playing(6);
    const choose = new Chooser(seeded(60));
    const first = (await suggesting(store, 't-m'))!;
    const after = await playOn(store, 'm', choose);
    const next = (await suggesting(store, 't-m'))!;
    expect(next).not.toBe(first);
    expect(next.game).toEqual(gameOf(after.snapshot as MatchSnapshot));
  });

  it('keeps a decoded game only for the matches typed in last: one idle since holds none', async () => {
    const { row } = await playing(4);
    // Many matches in play, each in its own thread: the one stored match's row under each id.
    const reads: string[] = [];
    const store = {
      matches: {
        versionByThread: async (thread: string) => ({ id: thread.slice(2), seq: row.seq, updated: row.updated }),
        byThread: async (thread: string) => {
          reads.push(thread);
          return { ...row, id: thread.slice(2), threadId: thread };
        },
      },
    } as unknown as Store;
    await suggesting(store, 't-idle');
    for (let i = 0; i < MATCHES_KEPT - 1; i++) await suggesting(store, `t-m${i}`);
    await suggesting(store, 't-idle');
    expect(reads.filter((t) => t === 't-idle')).toHaveLength(1);
    for (let i = 0; i < MATCHES_KEPT; i++) await suggesting(store, `t-n${i}`);
    await suggesting(store, 't-idle');
    expect(reads.filter((t) => t === 't-idle')).toHaveLength(2);
    expect(MATCHES_KEPT).toBeLessThanOrEqual(64);
  });

  it('keeps each store to itself, and has nothing for a thread without a match', async () => {
    const a = await playing(4);
    const b = await playing(9);
    const fromA = (await suggesting(a.store, 't-m'))!;
    const fromB = (await suggesting(b.store, 't-m'))!;
    expect(fromA.game).toEqual(gameOf(a.row.snapshot as MatchSnapshot));
    expect(fromB.game).toEqual(gameOf(b.row.snapshot as MatchSnapshot));
    expect(await suggesting(a.store, 'no-such-thread')).toBeNull();
  });
});
