/**
 * The `/order` hint at each step of a turn (table/hints.ts): which orders fit now and for how many
 * troops, and what `/order next` does (SC Sequence of play; the ranged step passed when nobody can
 * shoot). It follows a change that opened a turn or a step, and no other.
 */
import { describe, expect, it } from 'vitest';
import { rulesetOf } from '../../../src/rulesets';
import { startTurn } from '../../../src/engine/step-turn';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { initialState, STEP_RULES } from '../../../src/rulesets/sword-and-claw/match/apply';
import { decideSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import type { ScSetup, ScState, ScStepName } from '../../../src/rulesets/sword-and-claw/match/types';
import { orderHint } from '../../../src/rulesets/sword-and-claw/table/hints';

const loaded = loadScContent();
if (!loaded.ok) throw new Error('content');
const content = loaded.value;
const found = rulesetOf('sword-and-claw');
if (!found.ok || !found.ruleset.table) throw new Error('Sword and Claw has no table rules');
const table = found.ruleset.table;

/** An 8×12 clear map, the troops at "col,row" (0-based), alice's turn at `step`. */
function position(troops: Record<string, [string, 'alice' | 'bob', number, number]>, step: ScStepName) {
  const kinds = [...new Set(Object.values(troops).map(([kind]) => kind))];
  const setup: ScSetup = {
    ruleset: 'sword-and-claw',
    seed: 7,
    players: ['alice', 'bob'],
    attacker: 'alice',
    defenderEdge: null,
    map: { ruleset: 'sword-and-claw', id: 'f', name: 'F', sample: false, grid: Array.from({ length: 12 }, () => '........') },
    cards: Object.fromEntries(kinds.map((id) => [id, content.troops.get(id)!])),
    armies: { alice: 'Iron Company', bob: 'Mire Raiders' },
    troops: Object.entries(troops).map(([id, [troop, player]]) => ({ id, troop, player })),
  };
  const start = initialState(setup);
  const state: ScState = {
    ...start,
    attacker: 'alice',
    defender: 'bob',
    round: 1,
    troops: Object.fromEntries(Object.entries(troops).map(([id, [, , col, row]]) => [id, { ...start.troops[id]!, at: row * 8 + col }])),
    turn: { ...startTurn(STEP_RULES, 'alice', 'alice'), step },
  };
  return { setup, state };
}

describe('the /order hint at each step', () => {
  it('movement: the orders each troop may take, and the ranged step next when a troop may shoot', () => {
    // Two spearmen and a crossbowman far from the skirmisher: only the first spearman is within a charge of it.
    const { setup, state } = position(
      {
        spear1: ['human-spearman', 'alice', 0, 2],
        spear2: ['human-spearman', 'alice', 7, 0],
        xbow: ['human-crossbowman', 'alice', 6, 0],
        skink: ['reptilian-skirmisher', 'bob', 0, 9],
      },
      'movement',
    );
    expect(orderHint(setup, state)).toBe(
      'Next: `/order move` or `/order run` for 3 troops, `/order charge` for 1 troop, `/order aim` for 1 troop; `/order next` to go on to ranged.',
    );
  });

  it('movement: a Slide is offered to the troop next to an enemy, and the ranged step is passed when nobody may shoot', () => {
    const { setup, state } = position({ spear: ['human-spearman', 'alice', 0, 0], skink: ['reptilian-skirmisher', 'bob', 0, 1] }, 'movement');
    expect(orderHint(setup, state)).toBe(
      'Next: `/order move`, `/order run` or `/order slide` for 1 troop; `/order next` to go on to melee (none of your troops could shoot).',
    );
  });

  it('ranged: who may shoot; next resolves the shots and opens the melee step', () => {
    const { setup, state } = position({ xbow: ['human-crossbowman', 'alice', 2, 0], skink: ['reptilian-skirmisher', 'bob', 2, 6] }, 'ranged');
    expect(orderHint(setup, state)).toBe('Next: `/order shoot` or `/order ready` for 1 troop; `/order next` resolves the shots declared and goes on to melee.');
  });

  it('melee: who may strike; next resolves the strikes and ends the turn', () => {
    const { setup, state } = position(
      { spear: ['human-spearman', 'alice', 0, 0], spear2: ['human-spearman', 'alice', 5, 5], skink: ['reptilian-skirmisher', 'bob', 0, 1] },
      'melee',
    );
    // Either spearman may ready instead (SC Melee): the one with nobody to strike, only that.
    expect(orderHint(setup, state)).toBe(
      'Next: `/order attack` for 1 troop, `/order ready` for 2 troops; `/order next` resolves the strikes declared and ends your turn.',
    );
  });

  it('follows a change that opens a step, for the player whose turn it is, and no other change', () => {
    const { setup, state } = position({ spear: ['human-spearman', 'alice', 0, 0], skink: ['reptilian-skirmisher', 'bob', 0, 1] }, 'movement');
    const opened = decideSc(setup, state, { type: 'next' }, 'alice');
    if (!opened.ok) throw new Error(opened.error.message);
    expect(table.next!(setup, opened.state, opened.events)).toBe(
      'Next: `/order attack` or `/order ready` for 1 troop; `/order next` resolves the strikes declared and ends your turn.',
    );
    const told = table.tell(setup, state, opened.events, (p) => p).flatMap((t) => t.lines);
    expect(told).toEqual(["alice's melee step: strikes are declared, then resolved together."]);
    const slid = decideSc(setup, state, { type: 'move', troop: 'spear', how: 'slide', to: 1 }, 'alice');
    if (!slid.ok) throw new Error(slid.error.message);
    expect(table.next!(setup, slid.state, slid.events)).toBeNull();
  });
});
