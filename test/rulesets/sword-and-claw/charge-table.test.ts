/**
 * A charge at the table (SC Movement a; rulings SC33–SC36): `/order charge` suggests the troops that
 * may charge and the enemies each can reach, reads the order, tells the d6 in the log and draws the
 * charge on the turn picture in its own line style, with its word in the key.
 */
import { describe, expect, it } from 'vitest';
import { rulesetOf } from '../../../src/rulesets';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { initialState, STEP_RULES } from '../../../src/rulesets/sword-and-claw/match/apply';
import { decideSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import type { ScCommand, ScSetup, ScState } from '../../../src/rulesets/sword-and-claw/match/types';
import { labelOf } from '../../../src/rulesets/sword-and-claw/table/names';
import { startTurn } from '../../../src/engine/step-turn';

const found = rulesetOf('sword-and-claw');
if (!found.ok || !found.ruleset.table || !found.ruleset.view) throw new Error('Sword and Claw has no table or view rules');
const { table, view } = found.ruleset;
const content = loadScContent();
if (!content.ok) throw new Error('content');
const cards = Object.fromEntries(['human-spearman', 'reptilian-skirmisher'].map((id) => [id, content.value.troops.get(id)!]));
const setup: ScSetup = {
  ruleset: 'sword-and-claw',
  seed: 3,
  players: ['alice', 'bob'],
  attacker: 'alice',
  defenderEdge: null,
  map: { ruleset: 'sword-and-claw', id: 'f', name: 'F', sample: false, grid: Array.from({ length: 12 }, () => '........') },
  cards,
  armies: { alice: 'Iron Company', bob: 'Mire Raiders' },
  troops: [
    { id: 'spear-1', troop: 'human-spearman', player: 'alice' },
    { id: 'skink-near', troop: 'reptilian-skirmisher', player: 'bob' },
    { id: 'skink-far', troop: 'reptilian-skirmisher', player: 'bob' },
  ],
};
const start = initialState(setup);
// The spearman (Move 4, a charge of 8) at A1; one skirmisher five squares down (A6), one eleven down (A12).
const state: ScState = {
  ...start,
  attacker: 'alice',
  defender: 'bob',
  round: 1,
  troops: {
    'spear-1': { ...start.troops['spear-1']!, at: 0 },
    'skink-near': { ...start.troops['skink-near']!, at: 40 },
    'skink-far': { ...start.troops['skink-far']!, at: 88 },
  },
  turn: { ...startTurn(STEP_RULES, 'alice', 'alice'), step: 'movement' },
};

describe('Sword and Claw at the table: a charge', () => {
  it('suggests the enemies within charge only, tells the d6 and draws the charge', () => {
    const troop = labelOf(setup, 'spear-1');
    expect(table!.suggest(setup, state, 'alice', 'charge', 'troop', {}).choices.map((c) => c.value)).toEqual([troop]);
    const targets = table!.suggest(setup, state, 'alice', 'charge', 'target', { troop }).choices;
    expect(targets.map((c) => c.value)).toEqual([labelOf(setup, 'skink-near')]);
    expect(table!.suggest(setup, state, 'bob', 'charge', 'troop', {}).why).toBe('It is not your turn.');
    const parsed = table!.parse(setup, state, 'alice', 'charge', { troop, target: targets[0]!.value });
    expect(parsed).toMatchObject({ ok: true, command: { type: 'charge', troop: 'spear-1', target: 'skink-near' } });
    if (!parsed.ok) return;
    const r = decideSc(setup, state, parsed.command as ScCommand, 'alice');
    if (!r.ok) throw new Error(r.error.message);
    const told = table!.tell(setup, state, r.events, (p) => p).flatMap((t) => t.lines);
    expect(told.join('\n')).toMatch(new RegExp(`^🎲 ${troop} charges ${labelOf(setup, 'skink-near')}: d6 [1-6], `, 'm'));
    const picture = view!.table(setup, r.state, { before: state, lastTurn: r.events, names: { alice: 'Alice', bob: 'Bob' } });
    const path = picture.overlays.find((o) => o.kind === 'path');
    expect(path).toMatchObject({ unit: 'spear-1', style: 'dash-dot' });
    expect(picture.legend).toContainEqual({ kind: 'path', style: 'dash-dot', words: 'Charge' });
    expect(r.state.troops['spear-1']!.moved).toBe('charge');
  });
});
