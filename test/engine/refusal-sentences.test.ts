/**
 * A refusal is shown to the player as the engine says it, so each is a whole sentence: it starts with a
 * capital (or a unit's label) and ends with a full stop. Paths and end squares word their reasons as
 * clauses for longer sentences (a forced move's "cannot be moved so: …"), and a move that stops on one
 * must still end its sentence (issue 26: "cannot end in the obstructing terrain at K15" had no stop).
 */
import { describe, expect, it } from 'vitest';
import { newGame, playGame } from '../../src/bench/selfplay';
import { defaultContent } from '../../src/content/load';
import { nameOf } from '../../src/formats/squares';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { profile } from '../../src/rulesets/sellsword/engine/stats';
import { boardOf, onMap, unitList } from '../../src/rulesets/sellsword/engine/table';

const content = defaultContent();

/** Every move, maneuver, path, attack, trait, rest and crow the active side's units could be asked for. */
function probes(state: GameState): object[] {
  const board = boardOf(state);
  const squares = Array.from({ length: board.width * board.height }, (_, i) => nameOf(board, i));
  const mine = unitList(state).filter((u) => onMap(u) && u.player === state.turn?.player);
  const others = unitList(state).filter((u) => onMap(u) && u.player !== state.turn?.player);
  return mine.flatMap((u) => {
    const { attacks, traits } = profile(state, u);
    return [
      ...squares.map((to) => ({ act: 'move', unit: u.id, to })),
      ...squares.map((to) => ({ act: 'maneuver', unit: u.id, to })),
      ...squares.map((to) => ({ act: 'move', unit: u.id, path: [to] })),
      ...attacks.flatMap((a) => others.map((t) => ({ act: 'attack', unit: u.id, attack: a.id, target: t.id }))),
      ...attacks.flatMap((a) => others.map((t) => ({ act: 'attack', unit: u.id, attack: a.id, target: t.id, charge: true }))),
      ...traits
        .flatMap((t) => ('id' in t ? [t.id] : []))
        .flatMap((trait) => [{ act: 'trait', unit: u.id, trait }, ...others.map((o) => ({ act: 'trait', unit: u.id, trait, target: o.id }))]),
      { act: 'rest', unit: u.id, token: 'react' },
      { act: 'crow', unit: u.id },
    ];
  });
}

describe('refusals are sentences (issue 26)', { timeout: 120_000 }, () => {
  it('every refused act the engine explains starts a sentence and ends it with a full stop', () => {
    const unended = new Map<string, string>();
    let asked = 0;
    for (const map of content.maps.keys()) {
      let seen = 0;
      playGame(newGame(content, map, 7), 7, 300, (state) => {
        if (state.over || state.prompt || !state.turn || seen++ % 40 !== 0) return;
        for (const command of probes(state)) {
          const r = decide(state, command as never);
          if (!('error' in r)) continue;
          asked++;
          const { code, message } = r.error;
          if (!/^[A-Z0-9"(].*[.!?]\)?$/s.test(message)) unended.set(code, message);
        }
      });
    }
    expect(asked).toBeGreaterThan(500);
    expect([...unended]).toEqual([]);
  });
});
