/**
 * canAct answers exactly what legalActs answers about one unit: over states of random legal play on
 * every shipped map, for every unit and every kind of command (and all kinds at once), canAct is true
 * exactly when legalActs holds a command of that kind for that unit, also on crowded tables of 8 units a
 * side, where canAct's one-step probes are refused more often and it falls back to its search. And autocomplete's unit list,
 * built on canAct, is the list made from legalActs. unitLegalActs gives one unit's commands of some
 * kinds exactly as legalActs lists them, in the same order; and legalActs leaves out no single-target
 * attack that decide() accepts (its candidates skip targets beyond the attack's reach unseen).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newGame, playGame } from '../../src/bench/selfplay';
import { defaultContent } from '../../src/content/load';
import { type ActKind, canAct, commanderOf, type Command, decide, legalActs, profile, unitLegalActs } from '../../src/rulesets/sellsword/engine';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { unitChoices } from '../../src/rulesets/sellsword/table/act-suggestions';
import { isNothing } from '../../src/discord/choices';

const content = defaultContent();
const maps = [...content.maps.keys()];
const KINDS: readonly ActKind[] = ['end', 'move', 'maneuver', 'rest', 'crow', 'trait', 'attack'];

const kindOf = (c: Command): { unit: string; kind: ActKind } | null =>
  'act' in c ? { unit: c.unit, kind: c.act } : 'end' in c ? { unit: c.end, kind: 'end' } : null;

/** States of one random game, sampled: every `every`-th state, at most `max`. */
function statesOf(map: string, seed: number, every: number, max: number, unitsEach?: number): GameState[] {
  const out: GameState[] = [];
  let n = 0;
  playGame(newGame(content, map, seed, unitsEach), seed, 400, (state) => {
    if (n++ % every === 0 && out.length < max) out.push(state);
  });
  return out;
}

/** The unit list as it was made before canAct: from every legal act the user may give. */
function unitsFromLegalActs(game: GameState, legal: readonly Command[], user: string, act?: string): string[] {
  const ids = new Set<string>();
  if (game.prompt) return [];
  for (const c of legal) {
    const k = kindOf(c);
    if (!k) continue;
    const unit = game.units[k.unit]!;
    const may = commanderOf(game, unit) === user || (k.kind === 'end' && unit.player === user);
    if (!may) continue;
    if (act === undefined || k.kind === act) ids.add(k.unit);
  }
  return [...ids];
}

describe('canAct', { timeout: 120_000 }, () => {
  it('agrees with legalActs for every unit and kind on random play', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.constantFrom(...maps), fc.integer({ min: 1, max: 1_000_000 }), (map, seed) => {
        for (const state of statesOf(map, seed, 5, 12)) {
          const legal = legalActs(state).flatMap((c) => kindOf(c) ?? []);
          for (const id of Object.keys(state.units)) {
            const mine = legal.filter((l) => l.unit === id);
            expect(canAct(state, id), `${map}/${seed} ${id}`).toBe(mine.length > 0);
            for (const kind of KINDS) {
              expect(canAct(state, id, new Set([kind])), `${map}/${seed} ${id} ${kind}`).toBe(mine.some((l) => l.kind === kind));
              checked++;
            }
          }
        }
      }),
      { numRuns: 5 },
    );
    expect(checked).toBeGreaterThan(500);
  });

  // canAct tries cheap candidates first (end, rests, crow, traits, attacks one step away, one-step
  // moves given as a path) and searches only when none is accepted: with 8 units a side the board is
  // crowded, so first steps are often blocked by units and walls while a square further off is not.
  it('agrees with "legalActs(...) has one" with 8 units a side, kind by kind, over several seeds', () => {
    let yes = 0;
    let no = 0;
    fc.assert(
      fc.property(fc.constantFrom(...maps), fc.integer({ min: 1, max: 1_000_000 }), (map, seed) => {
        for (const state of statesOf(map, seed, 4, 15, 8)) {
          const legal = legalActs(state).flatMap((c) => kindOf(c) ?? []);
          for (const id of Object.keys(state.units)) {
            for (const kind of KINDS) {
              const has = legal.filter((l) => l.unit === id && l.kind === kind).length > 0;
              expect(canAct(state, id, new Set([kind])), `${map}/${seed} ${id} ${kind}`).toBe(has);
              if (has) yes++;
              else no++;
            }
          }
        }
      }),
      { numRuns: 6, seed: 29 },
    );
    expect(yes).toBeGreaterThan(200);
    expect(no).toBeGreaterThan(200);
  });

  it("unitLegalActs lists one unit's commands of the kinds asked, as legalActs does and in its order", () => {
    let checked = 0;
    for (const map of maps) {
      for (const state of statesOf(map, 11, 7, 6)) {
        const legal = legalActs(state);
        for (const id of Object.keys(state.units)) {
          for (const kinds of [...KINDS.map((k) => [k]), ['attack', 'trait'], KINDS] as (readonly ActKind[])[]) {
            const wanted = legal.filter((c) => {
              const k = kindOf(c);
              return k !== null && !state.prompt && k.unit === id && kinds.includes(k.kind);
            });
            expect(unitLegalActs(state, id, new Set(kinds)), `${map} ${id} ${kinds.join(',')}`).toEqual(wanted);
            checked += wanted.length;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('legalActs holds exactly the single-target attacks decide() accepts', () => {
    let accepted = 0;
    for (const map of maps) {
      for (const state of statesOf(map, 5, 6, 8)) {
        if (!state.turn || state.prompt || state.over) continue;
        const legal = new Set(legalActs(state).map((c) => JSON.stringify(c)));
        for (const unit of Object.values(state.units)) {
          if (unit.player !== state.turn.player || unit.at === null) continue;
          for (const target of Object.values(state.units)) {
            if (target.at === null || target.player === commanderOf(state, unit)) continue;
            for (const attack of profile(state, unit).attacks) {
              if (attack.burst !== undefined) continue;
              const command: Command = { act: 'attack', unit: unit.id, attack: attack.id, target: target.id };
              const ok = !('error' in decide(state, command));
              if (ok) accepted++;
              expect(legal.has(JSON.stringify(command)), `${map} ${unit.id} ${attack.id} ${target.id}`).toBe(ok);
            }
          }
        }
      }
    }
    expect(accepted).toBeGreaterThan(10);
  });

  it("gives autocomplete's unit list the units and order legalActs gives, for every player and act", () => {
    for (const map of maps) {
      for (const state of statesOf(map, 3, 9, 5)) {
        const legal = legalActs(state);
        for (const user of state.players) {
          for (const act of [undefined, ...KINDS.filter((k) => k !== 'end')]) {
            const listed = unitChoices(state, user, '', act)
              .map((c) => String(c.value))
              .filter((v) => !isNothing(v));
            expect(listed, `${map} ${user} ${act}`).toEqual(unitsFromLegalActs(state, legal, user, act));
          }
        }
      }
    }
  });
});
