/** The queries the bot and renderer read: charge options and odds, on the R23 scenario's table. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { describe, expect, it } from 'vitest';
import { scenarioState } from '../../src/rulesets/sellsword/scenario-runner';
import { scenarioContent } from '../fixtures/scenario-content';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { apply } from '../../src/rulesets/sellsword/engine/events';
import {
  attackOdds,
  chargeOptions,
  chargePlan,
  describeState,
  legalActs,
  moveOptions,
  reachableSquares,
  visibleTargets,
} from '../../src/rulesets/sellsword/engine/queries';
import { scenarioSchema } from '../../src/rulesets/sellsword/formats/scenario';

const scenario = scenarioSchema.parse(JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', 'r23-charge.json'), 'utf8')));
let state = scenarioState(scenario, scenarioContent());
const begun = decide(state, { begin: true });
if ('error' in begun) throw new Error(begun.error.message);
for (const e of begun.events) state = apply(state, e);

describe('queries', () => {
  it('R23: lists the charges a unit can make, with the path decide would take', () => {
    expect(chargeOptions(state, 'c')).toEqual([{ target: 't', attack: 'axe', path: ['B3', 'B4'] }]);
    expect(chargePlan(state, 'c', 'bow', 't')).toMatchObject({ code: 'cannot-charge-with' });
  });

  it('R20, R23: judges a charge from the end of its path, with +2 to hit and +5 to the first wound', () => {
    expect(attackOdds(state, 'c', 'axe', 't')).toMatchObject({ code: 'out-of-range' });
    const odds = attackOdds(state, 'c', 'axe', 't', { charge: true });
    if ('code' in odds) throw new Error(odds.message);
    // d20 + 5 + 2 ≥ 12 hits from a natural 5 up: 16 faces; 22 or more (a natural 15 up) is critical: 6 faces.
    expect(odds.chance).toBeCloseTo(16 / 20);
    expect(odds.criticalChance).toBeCloseTo(6 / 20);
    expect(odds.line.notes).toContain('charge +2');
    // 10 + 5 on a hit (9 faces), +10 more when critical (6 faces), 5 off on the glancing natural 13.
    expect(odds.expectedWounds).toBeCloseTo((9 * 15 + 6 * 25 + 10) / 20);
  });

  it("a unit's own square is no destination: moving 0 squares is not a move (already-there)", () => {
    // The charger stands on C2 (r23-charge.json).
    const own = 'C2';
    expect(reachableSquares(state, 'c').has(own)).toBe(false);
    expect(moveOptions(state, 'c').map((o) => o.square)).not.toContain(own);
    expect(decide(state, { act: 'move', unit: 'c', to: own })).toMatchObject({ error: { code: 'already-there' } });
  });

  it('R25, §6.2: a move is warned of a reply only from an enemy that may React (not a stunned one)', () => {
    const warned = (s: GameState) => new Set(moveOptions(s, 'c').flatMap((o) => o.repliers));
    expect(warned(state)).toContain('s');
    const stunned: GameState = {
      ...state,
      units: { ...state.units, s: { ...state.units.s!, statuses: [{ status: 'stunned', recover: 'spirit', modifier: 0, source: null, asterisk: false }] } },
    };
    expect(warned(stunned)).not.toContain('s');
  });

  it('reachable squares and visible targets agree with the board', () => {
    const reach = reachableSquares(state, 'c');
    // Five steps east along row 2, and no further.
    expect(reach.get('H2')).toBe(5);
    expect(reach.has('I2')).toBe(false);
    // C5 is held by the enemy: C6 is reached round it, C3 C4 B5 C6, the second diagonal costing 2 (R12).
    expect(reach.get('C6')).toBe(5);
    // The sentry on D1 is adjacent (axe and bow both reach it); the target on C5 is 3 away (bow only).
    expect(visibleTargets(state, 'c').map((t) => [t.unit, t.attack, t.range, t.cover])).toEqual([
      ['s', 'axe', 1, false],
      ['s', 'bow', 1, false],
      ['t', 'bow', 3, false],
    ]);
  });

  it('describes the state in words for logs and screen readers', () => {
    expect(describeState(state)).toMatch(/Round 1, phase 1\. Score: p1 0, p2 0 \(target 121\)\.\np1 to act\./);
  });

  it('after the end, says the match is over with the winner and score, and a dropped unit as dropped alone', () => {
    const c = state.units.c!;
    const over: GameState = {
      ...state,
      over: true,
      winner: 'p1',
      turn: null,
      units: { ...state.units, c: { ...c, dropped: true, vigor: 0, statuses: [{ status: 'shaken' } as never] } },
    };
    const text = describeState(over);
    expect(text).toMatch(/^The match is over \(ended in round 1\)\. Score: p1 0, p2 0 \(target 121\)\.\np1 has won\./);
    expect(text).not.toMatch(/phase/);
    expect(text).toMatch(/: [^\n]*\(c\) dropped\.$/m);
    expect(text).not.toMatch(/shaken/);
  });

  it('R32: offers an act trait only when it would change something, and a trait for one unit once per unit it would help', () => {
    const r32 = scenarioSchema.parse(
      JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', 'r32-act-traits-that-would-do-nothing-are-refused.json'), 'utf8')),
    );
    let table = scenarioState(r32, scenarioContent());
    const started = decide(table, { begin: true });
    if ('error' in started) throw new Error(started.error.message);
    for (const e of started.events) table = apply(table, e);
    const traits = legalActs(table).filter((c) => 'act' in c && c.act === 'trait' && c.unit === 'h');
    // Mend reaches a3, who is hurt; Bless only on a3; Rally, Ward and Veil would change nothing.
    expect(traits).toEqual([
      { act: 'trait', unit: 'h', trait: 'mend' },
      { act: 'trait', unit: 'h', trait: 'bless', target: 'a3' },
    ]);
  });
});
