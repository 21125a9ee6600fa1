/**
 * The practice opponent's choices in set positions: it charges when a charge is its best order (SC
 * Movement a; SC App. A Charge Only; rulings SC33–SC36) and aims an Area attack where it puts most
 * enemies and fewest friends under it (SC Area attacks; ruling SC24). Each order it gives is one the
 * rules accept.
 */
import { describe, expect, it } from 'vitest';
import { startTurn } from '../../../src/engine/step-turn';
import { chooseScCommand } from '../../../src/rulesets/sword-and-claw/ai/choose';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { initialState, STEP_RULES } from '../../../src/rulesets/sword-and-claw/match/apply';
import { decideSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import type { ScSetup, ScState, ScStepName } from '../../../src/rulesets/sword-and-claw/match/types';

const loaded = loadScContent();
if (!loaded.ok) throw new Error('content');
const content = loaded.value;

/** A clear map `width` × `height`, the troops placed at "col,row" (0-based), bob's turn at `step`. */
function position(width: number, height: number, troops: Record<string, [string, 'alice' | 'bob', number, number]>, step: ScStepName) {
  const kinds = [...new Set(Object.values(troops).map(([kind]) => kind))];
  const setup: ScSetup = {
    ruleset: 'sword-and-claw',
    seed: 7,
    players: ['alice', 'bob'],
    attacker: 'bob',
    defenderEdge: null,
    map: { ruleset: 'sword-and-claw', id: 'f', name: 'F', sample: false, grid: Array.from({ length: height }, () => '.'.repeat(width)) },
    cards: Object.fromEntries(kinds.map((id) => [id, content.troops.get(id)!])),
    armies: { alice: 'Iron Company', bob: 'Other' },
    troops: Object.entries(troops).map(([id, [troop, player]]) => ({ id, troop, player })),
  };
  const start = initialState(setup);
  const state: ScState = {
    ...start,
    attacker: 'bob',
    defender: 'alice',
    round: 1,
    troops: Object.fromEntries(Object.entries(troops).map(([id, [, , col, row]]) => [id, { ...start.troops[id]!, at: row * width + col }])),
    turn: { ...startTurn(STEP_RULES, 'bob', 'bob'), step },
  };
  return { setup, state };
}

/** The opponent's order for bob, checked by the rules. */
function order(setup: ScSetup, state: ScState) {
  const command = chooseScCommand(setup, state, 'bob');
  const r = decideSc(setup, state, command!, 'bob');
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.message}`);
  return command;
}

describe('the practice opponent charges (SC Movement a)', () => {
  it('charges an enemy its Move cannot reach but a charge can, rather than run to it and not fight', () => {
    // The spearman (Move 4, a charge of 8) stands six squares from the skirmisher: a Move leaves it two short.
    const { setup, state } = position(8, 12, { spear: ['human-spearman', 'bob', 0, 0], skink: ['reptilian-skirmisher', 'alice', 0, 7] }, 'movement');
    expect(order(setup, state)).toEqual({ type: 'charge', troop: 'spear', target: 'skink' });
  });

  it('walks up to strike when a Move reaches the enemy: the charge would risk the same strike for nothing', () => {
    const { setup, state } = position(8, 12, { spear: ['human-spearman', 'bob', 0, 0], skink: ['reptilian-skirmisher', 'alice', 0, 5] }, 'movement');
    expect(order(setup, state)).toMatchObject({ type: 'move', troop: 'spear', how: 'move' });
  });

  it('charges even within a Move when its best attack is Charge Only (SC App. B Charge Only)', () => {
    // The pouncer (Move 6) reaches the skirmisher with a Move; its Leaping Strike (d6+3) follows only a charge.
    const { setup, state } = position(8, 12, { pouncer: ['hollowmoon-pouncer', 'bob', 0, 0], skink: ['reptilian-skirmisher', 'alice', 0, 4] }, 'movement');
    expect(order(setup, state)).toEqual({ type: 'charge', troop: 'pouncer', target: 'skink' });
  });
});

describe('the practice opponent aims an Area attack (SC Area attacks, ruling SC24)', () => {
  it('at the square that puts the whole cluster under it, not at the nearer lone enemy', () => {
    // The bile spitter's Area 2 aimed at H1 covers H1, I1, H2 and I2: three spearmen; C4 stands alone, nearer.
    const { setup, state } = position(
      16,
      16,
      {
        spitter: ['reptilian-bile-spitter', 'bob', 0, 0],
        lone: ['human-spearman', 'alice', 2, 3],
        h1: ['human-spearman', 'alice', 7, 0],
        i1: ['human-spearman', 'alice', 8, 0],
        h2: ['human-spearman', 'alice', 7, 1],
      },
      'ranged',
    );
    expect(order(setup, state)).toEqual({ type: 'shoot', troop: 'spitter', attack: 'bile', target: 'h1' });
  });

  it('of two pairs as far, at the one with none of its own troops under the area', () => {
    // A friend stands at H2, under an area aimed at H1; the pair at A8 and B8 is as far and alone.
    const { setup, state } = position(
      16,
      16,
      {
        spitter: ['reptilian-bile-spitter', 'bob', 0, 0],
        h1: ['human-spearman', 'alice', 7, 0],
        i1: ['human-spearman', 'alice', 8, 0],
        friend: ['reptilian-skirmisher', 'bob', 7, 1],
        a8: ['human-spearman', 'alice', 0, 7],
        b8: ['human-spearman', 'alice', 1, 7],
      },
      'ranged',
    );
    expect(order(setup, state)).toEqual({ type: 'shoot', troop: 'spitter', attack: 'bile', target: 'a8' });
  });
});

describe('the practice opponent values the conditions its attacks put on (SC App. B Paralyzing, Poison; rulings SC38, SC136)', () => {
  it.each([
    { shooter: 'kilnborn-slip-thrower', attack: 'slip-jar', condition: 'paralyzed' as const },
    { shooter: 'kilnborn-lead-glazer', attack: 'lead-glaze-dart', condition: 'poisoned' as const },
  ])('$shooter shoots the enemy not yet $condition, though the other is a wound from removal', ({ shooter, attack, condition }) => {
    // Both spearmen stand three squares off; "held" already carries the condition and has taken a wound,
    // which alone would make it the better target (wounds that remove are worth more).
    const { setup, state } = position(
      8,
      8,
      { shooter: [shooter, 'bob', 0, 0], held: ['human-spearman', 'alice', 3, 0], fresh: ['human-spearman', 'alice', 0, 3] },
      'ranged',
    );
    const held = { ...state.troops.held!, taken: 1, conditions: [condition] };
    const withHeld: ScState = { ...state, troops: { ...state.troops, held } };
    expect(order(setup, withHeld)).toEqual({ type: 'shoot', troop: 'shooter', attack, target: 'fresh' });
    // Without the condition on either, the wounded one is the target, as before.
    const plain: ScState = { ...state, troops: { ...state.troops, held: { ...held, conditions: undefined } } };
    expect(order(setup, plain)).toEqual({ type: 'shoot', troop: 'shooter', attack, target: 'held' });
  });
});
