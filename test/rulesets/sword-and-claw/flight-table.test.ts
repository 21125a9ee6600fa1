/**
 * Flight at the table (SC Flight; rulings SC90, SC98): `/order fly`, a Move's `altitude` and a
 * deployment's, offered and read through the table rules, and a flyer's level on the turn picture.
 * The scenarios (test/scenarios/sword-and-claw/sc-flight-*) prove the rules in a match.
 */
import { describe, expect, it } from 'vitest';
import { rulesetOf, type TableRules } from '../../../src/rulesets';
import { startTurn } from '../../../src/engine/step-turn';
import { initialState, STEP_RULES } from '../../../src/rulesets/sword-and-claw/match/apply';
import { decideSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import type { ScSetup, ScState } from '../../../src/rulesets/sword-and-claw/match/types';
import { scTableView } from '../../../src/rulesets/sword-and-claw/view/table-view';
import { scViewInputOf } from '../../../src/rulesets/sword-and-claw/view/from-match';
import { troop } from './cards';

const found = rulesetOf('sword-and-claw');
if (!found.ok || !found.ruleset.table) throw new Error('Sword and Claw has no table rules');
const table: TableRules = found.ruleset.table;

const harrier = troop({ id: 'harrier', name: 'Harrier', move: 6, qualities: ['Flight'] });
const footman = troop({ id: 'footman', name: 'Footman' });

/** Alice's harrier Landed at A1 and her footman at B1, Bob's footman far off; alice's movement step. */
function flying(): { setup: ScSetup; state: ScState } {
  const setup: ScSetup = {
    ruleset: 'sword-and-claw',
    seed: 5,
    players: ['alice', 'bob'],
    attacker: 'alice',
    defenderEdge: null,
    map: { ruleset: 'sword-and-claw', id: 'f', name: 'F', sample: false, grid: Array.from({ length: 8 }, () => '........') },
    cards: { harrier, footman },
    armies: { alice: 'A', bob: 'B' },
    troops: [
      { id: 'h', troop: 'harrier', player: 'alice' },
      { id: 'f', troop: 'footman', player: 'alice' },
      { id: 'e', troop: 'footman', player: 'bob' },
    ],
  };
  const start = initialState(setup);
  const at = { h: 0, f: 1, e: 63 };
  const state: ScState = {
    ...start,
    attacker: 'alice',
    defender: 'bob',
    round: 1,
    troops: Object.fromEntries(
      Object.entries(at).map(([id, square]) => [id, { ...start.troops[id]!, at: square, ...(id === 'h' ? { altitude: 'landed' as const } : {}) }]),
    ),
    turn: startTurn(STEP_RULES, 'alice', 'alice'),
  };
  return { setup, state };
}

describe('SC Flight at the table', () => {
  it('/order fly offers a flyer the other levels with their cost (2" a level up), and reads its answer as a change of level', () => {
    const { setup, state } = flying();
    const troops = table.suggest(setup, state, 'alice', 'fly', 'troop', {}).choices.map((c) => c.name);
    expect(troops).toHaveLength(1);
    expect(troops[0]).toMatch(/\(Harrier\) at A1$/);
    const label = table.suggest(setup, state, 'alice', 'fly', 'troop', {}).choices[0]!.value;
    const levels = table.suggest(setup, state, 'alice', 'fly', 'altitude', { troop: label }).choices;
    expect(levels.map((c) => c.value)).toEqual(['hover', 'low', 'high']);
    expect(levels.map((c) => c.name)).toEqual(['hover: Hovering (2")', 'low: at Low Altitude (4")', 'high: at High Altitude (6")']);
    const parsed = table.parse(setup, state, 'alice', 'fly', { troop: label, altitude: 'High' });
    expect(parsed).toMatchObject({ ok: true, command: { type: 'move', troop: 'h', how: 'move', altitude: 'high' } });
    expect(table.parse(setup, state, 'alice', 'fly', { troop: label, altitude: 'up' })).toMatchObject({ ok: false, error: { code: 'bad-altitude' } });
  });

  it("a Move's `to:` after naming an altitude lists the squares left after the climb, priced with it (SC Movement b)", () => {
    const { setup, state } = flying();
    const label = table.suggest(setup, state, 'alice', 'move', 'troop', {}).choices.find((c) => c.name.includes('A1'))!.value;
    const plain = table.suggest(setup, state, 'alice', 'move', 'to', { troop: label }).choices.map((c) => c.value);
    const low = table.suggest(setup, state, 'alice', 'move', 'to', { troop: label, altitude: 'low' }).choices;
    // Move 6 less 4 to climb two levels: 2 inches on, and its own square's neighbours cost 4 + 1.
    expect(plain).toContain('F1');
    expect(low.map((c) => c.value)).not.toContain('F1');
    expect(low.map((c) => c.name)).toContain('C1 (6")');
    // Over its own footman at B1: a Low flyer may end over a troop below it (ruling SC91).
    expect(low.map((c) => c.value)).toContain('B1');
    const parsed = table.parse(setup, state, 'alice', 'move', { troop: label, to: 'B1', altitude: 'low' });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const moved = decideSc(setup, state, parsed.command as never, 'alice');
    if (!moved.ok) throw new Error(moved.error.message);
    expect(moved.state.troops.h).toMatchObject({ at: 1, altitude: 'low' });
  });

  it("the picture marks a flyer aloft in its token's corner and draws it over the troop below; the strip says its level", () => {
    const { setup, state } = flying();
    const after = decideSc(setup, state, { type: 'move', troop: 'h', how: 'move', to: 1, altitude: 'hover' }, 'alice');
    if (!after.ok) throw new Error(after.error.message);
    const view = scTableView(scViewInputOf(setup, after.state));
    const unit = view.units.find((u) => u.id === 'h')!;
    expect(unit).toMatchObject({ marker: { text: 'Hv', word: 'Hovering' }, aloft: true });
    expect(unit.condition).toContain('flying: Hovering');
    expect(view.units.find((u) => u.id === 'f')!.marker).toBeUndefined();
    expect(view.legend.some((e) => e.kind === 'badge' && e.text === 'Hv')).toBe(true);
  });
});
