/**
 * The queries the practice AI asks (queries.ts): attackOutlook agrees with attackOdds and spreads the
 * same chance over its outcomes, `from` is the same as standing there, movePlans is reachableSquares
 * with the engine's own paths, burstOutlook lists whom a burst catches, recoveryChance counts the
 * faces that recover.
 */
import { describe, expect, it } from 'vitest';
import { Chooser, chooseCommand, newGame } from '../../src/bench/selfplay';
import { defaultContent } from '../../src/content/load';
import { nameOf, squareIndex } from '../../src/engine/board';
import { step } from '../../src/rulesets/sellsword/engine/decide';
import { seeded } from '../../src/engine/dice';
import {
  attackOdds,
  attackOutlook,
  burstOutlook,
  movePlans,
  reachableSquares,
  recoveryChance,
  targetsFrom,
  visibleTargets,
} from '../../src/rulesets/sellsword/engine/queries';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { profile } from '../../src/rulesets/sellsword/engine/stats';
import { boardOf, onMap } from '../../src/rulesets/sellsword/engine/table';
import { waitingUnits } from '../../src/rulesets/sellsword/engine/turns';

const content = defaultContent();

/** States along a self-play game with a turn in progress and no prompt. */
function statesOf(map: string, seed: number, every: number): GameState[] {
  let state = newGame(content, map, seed);
  const choose = new Chooser(seeded(seed));
  const out: GameState[] = [];
  for (let n = 0; !state.over && n < 600; n++) {
    if (state.turn && !state.prompt && n % every === 0) out.push(state);
    const r = step(state, chooseCommand(state, choose));
    if ('error' in r) {
      const unit = state.turn?.unit ?? waitingUnits(state, state.turn!.player)[0]!.id;
      state = (step(state, { end: unit }) as { state: GameState }).state;
    } else state = r.state;
  }
  return out;
}

describe('queries for the practice AI', () => {
  const states = [...statesOf('burning-village', 3, 7), ...statesOf('barrow-hill', 4, 7)];

  it('attackOutlook has attackOdds’ figures, and its outcomes add up to the chance to hit', () => {
    let checked = 0;
    for (const state of states) {
      for (const u of Object.values(state.units)) {
        if (!onMap(u)) continue;
        for (const t of visibleTargets(state, u.id)) {
          const odds = attackOdds(state, u.id, t.attack, t.unit);
          const look = attackOutlook(state, u.id, t.attack, t.unit);
          if ('code' in odds || 'code' in look) throw new Error('a visible target has no odds');
          expect(look.chance).toBeCloseTo(odds.chance, 12);
          expect(look.criticalChance).toBeCloseTo(odds.criticalChance, 12);
          expect(look.expectedWounds).toBeCloseTo(odds.expectedWounds, 9);
          expect(look.outcomes.reduce((s, o) => s + o.chance, 0)).toBeCloseTo(look.chance, 12);
          expect(look.outcomes.reduce((s, o) => s + o.chance * o.wounds, 0)).toBeCloseTo(look.expectedWounds, 9);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('attackOutlook and targetsFrom with `from` are the same as standing there', () => {
    let checked = 0;
    for (const state of states.slice(0, 20)) {
      const id = state.turn!.unit ?? waitingUnits(state, state.turn!.player).find(onMap)?.id;
      if (id === undefined || !onMap(state.units[id]!)) continue;
      for (const [square] of [...movePlans(state, id)].slice(0, 6)) {
        const moved: GameState = { ...state, units: { ...state.units, [id]: { ...state.units[id]!, at: squareIndex(boardOf(state), square)! } } };
        expect(targetsFrom(state, id, square)).toEqual(visibleTargets(moved, id));
        for (const t of visibleTargets(moved, id)) {
          const there = attackOutlook(moved, id, t.attack, t.unit);
          const from = attackOutlook(state, id, t.attack, t.unit, { from: square });
          expect(from).toEqual(there);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('movePlans gives reachableSquares’ squares and costs, with paths a move accepts', () => {
    for (const state of states.slice(0, 30)) {
      const turn = state.turn!;
      const id = turn.unit ?? waitingUnits(state, turn.player)[0]!.id;
      for (const maneuver of [false, true]) {
        const plans = movePlans(state, id, maneuver);
        expect(new Map([...plans].map(([sq, p]) => [sq, p.cost]))).toEqual(reachableSquares(state, id, maneuver));
        for (const [, p] of [...plans].slice(0, 5)) {
          const r = step(state, { act: maneuver ? 'maneuver' : 'move', unit: id, path: p.path });
          if (
            'error' in r &&
            r.error.code !== 'rule-of-three' &&
            r.error.code !== 'pinned' &&
            r.error.code !== 'no-acts-left' &&
            r.error.code !== 'in-reserve'
          ) {
            throw new Error(`${r.error.code}: ${r.error.message}`);
          }
        }
      }
    }
  });

  it('burstOutlook at an enemy’s square lists that enemy (never the attacker), each unit caught with odds', () => {
    let checked = 0;
    for (const state of states) {
      for (const u of Object.values(state.units)) {
        if (!onMap(u)) continue;
        for (const a of profile(state, u).attacks) {
          if (a.burst === undefined) continue;
          for (const e of Object.values(state.units)) {
            if (!onMap(e) || e.player === u.player) continue;
            const caught = burstOutlook(state, u.id, a.id, nameOf(boardOf(state), e.at!));
            if ('code' in caught) continue;
            expect(caught.some((c) => c.unit === e.id)).toBe(true);
            expect(caught.some((c) => c.unit === u.id)).toBe(false);
            for (const c of caught) expect(c.outlook.chance).toBeGreaterThan(0);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('recoveryChance counts the d20 faces under the need (natural 20 fails)', () => {
    const state = states[0]!;
    const unit = Object.values(state.units).find(onMap)!;
    const withStatus: GameState = {
      ...state,
      units: {
        ...state.units,
        [unit.id]: { ...unit, injuries: [], statuses: [{ status: 'shaken', recover: 'brawn', modifier: 0, source: null, asterisk: false }] },
      },
    };
    const brawn = profile(withStatus, withStatus.units[unit.id]!).brawn;
    expect(recoveryChance(withStatus, unit.id, 0)).toBeCloseTo(Math.min(19, Math.max(0, brawn - 1)) / 20, 12);
    expect(recoveryChance(withStatus, unit.id, 1)).toBe(0);
  });
});
