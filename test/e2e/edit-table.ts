/**
 * Tests that need a particular table set it up by editing the saved game, in one store change with no
 * events, rather than by playing dice-dependent turns to reach it.
 */
import { expect } from 'vitest';
import type { GameState, UnitState } from '../../src/rulesets/sellsword/engine';
import { gameOf, momentOf, type MatchSnapshot } from '../../src/match/match-state';
import { rowOf } from './clock-play';
import type { World } from './world';

/**
 * Writes `from`'s units with `placed` changes applied (any other unit on a placed or `clear` square is
 * taken off the map), and gives `player` a fresh turn with no unit chosen and no prompt open. Returns
 * the units as written. The snapshot's turn marks start the turn on the edited table.
 */
export async function editTable(
  world: World,
  thread: string,
  from: GameState,
  player: string,
  placed: Readonly<Record<string, Partial<UnitState> & { readonly at: number }>>,
  clear: readonly number[] = [],
): Promise<Record<string, UnitState>> {
  const row = await rowOf(world, thread);
  const taken = [...Object.values(placed).map((p) => p.at), ...clear];
  const units = Object.fromEntries(
    Object.values(from.units).map((u) => [u.id, placed[u.id] ? { ...u, ...placed[u.id] } : u.at !== null && taken.includes(u.at) ? { ...u, at: null } : u]),
  );
  const turn = {
    ...from.turn!,
    player,
    unit: null,
    actsLeft: 0,
    used: { move: 0, maneuver: 0, attack: 0, rest: 0, crow: 0, trait: 0 },
    controller: null,
  };
  const set = await world.store.matches.act<MatchSnapshot, never, never>(row.id, row.seq, (s) => ({
    ok: true,
    events: [],
    snapshot: (() => {
      const game = { ...gameOf(s!)!, units, turn, prompt: null, resume: [] };
      // The turn begins on the edited table: pictures of it are drawn from there, not from before the edit.
      return { ...s!, game, turns: { start: { seq: row.seq, state: momentOf(game) }, last: null } } as MatchSnapshot;
    })(),
  }));
  expect(set.ok).toBe(true);
  return units;
}
