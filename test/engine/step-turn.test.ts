/** A turn made of steps (docs/rulesets.md §2): orders per unit and step, closing steps, what remains. */
import { describe, expect, it } from 'vitest';
import { giveOrder, nextStep, remaining, startTurn, type StepRules, type StepTurn } from '../../src/engine';

type Step = 'movement' | 'ranged' | 'melee';
type Order = { kind: 'move' | 'shoot' | 'strike'; to?: string };
const TAKES: Record<Step, Order['kind']> = { movement: 'move', ranged: 'shoot', melee: 'strike' };
const RULES: StepRules<Step, Order> = { steps: ['movement', 'ranged', 'melee'], takes: (s, o) => TAKES[s] === o.kind, declared: ['ranged', 'melee'] };

const ok = (t: StepTurn<Step, Order> | { code: string }) => {
  if ('code' in t) throw new Error(t.code);
  return t;
};

describe('a turn made of steps', () => {
  it('opens on the first step with no orders', () => {
    expect(startTurn(RULES, 'attackers', 'p1')).toEqual({ side: 'attackers', player: 'p1', step: 'movement', orders: [], used: [] });
  });

  it('takes one order per unit a step, refusing a second one and an order the step does not take', () => {
    const t = ok(giveOrder(RULES, startTurn(RULES, 'a', 'p1'), 'u1', { kind: 'move', to: 'b2' }));
    expect(giveOrder(RULES, t, 'u1', { kind: 'move', to: 'b3' })).toMatchObject({ code: 'already-acted-this-step' });
    expect(giveOrder(RULES, t, 'u2', { kind: 'strike' })).toMatchObject({ code: 'not-this-step' });
    expect(remaining(t, ['u1', 'u2', 'u3'])).toEqual(['u2', 'u3']);
  });

  it('resolves nothing on closing a step that acts at once, and frees every unit for the next step', () => {
    const t = ok(giveOrder(RULES, startTurn(RULES, 'a', 'p1'), 'u1', { kind: 'move' }));
    const { resolve, turn } = nextStep(RULES, t);
    expect(resolve).toEqual([]);
    expect(turn).toEqual({ side: 'a', player: 'p1', step: 'ranged', orders: [], used: [] });
    expect(remaining(turn!, ['u1', 'u2'])).toEqual(['u1', 'u2']);
  });

  it("hands back a declaring step's orders in the order declared, and ends after the last step", () => {
    let t = nextStep(RULES, nextStep(RULES, startTurn(RULES, 'a', 'p1')).turn!).turn!;
    expect(t.step).toBe('melee');
    t = ok(giveOrder(RULES, t, 'u3', { kind: 'strike', to: 'x' }));
    t = ok(giveOrder(RULES, t, 'u1', { kind: 'strike', to: 'y' }));
    const closed = nextStep(RULES, t);
    expect(closed.resolve.map((o) => o.unit)).toEqual(['u3', 'u1']);
    expect(closed.turn).toBeNull();
  });
});
