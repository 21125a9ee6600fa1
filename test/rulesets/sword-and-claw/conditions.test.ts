/** SC Conditions and SC App. B Entangling, Paralyzing, Poison, No Damage (ruling SC38). */
import { describe, expect, it } from 'vitest';
import { canAttack, conditionsFrom, doesDamage, entangledPenalty, moveLimit, saveEffect } from '../../../src/rulesets/sword-and-claw/rules/conditions';

describe('SC App. B condition qualities', () => {
  it('Entangling: on a hit, even one doing no wound', () => {
    expect(conditionsFrom(['Entangling'], true, 0)).toEqual(['entangled']);
    expect(conditionsFrom(['Entangling'], false, 0)).toEqual([]);
  });
  it('Paralyzing and Poison: only if the attack does at least one wound', () => {
    expect(conditionsFrom(['Paralyzing', 'Poison'], true, 0)).toEqual([]);
    expect(conditionsFrom(['Paralyzing', 'Poison'], true, 1)).toEqual(['paralyzed', 'poisoned']);
  });
  it('No Damage: the attack does no damage', () => {
    expect(doesDamage(['No Damage', 'Entangling'])).toBe(false);
    expect(doesDamage(['Entangling'])).toBe(true);
  });
});

describe('SC Conditions', () => {
  it('Entangled: cannot move; saved under 10, half speed this turn; 10 or more, moves normally', () => {
    expect(saveEffect('entangled', 'remains')).toEqual({ remains: true, wounds: 0, move: 'none' });
    expect(saveEffect('entangled', 'removed')).toEqual({ remains: false, wounds: 0, move: 'half' });
    expect(saveEffect('entangled', 'cleanly')).toEqual({ remains: false, wounds: 0, move: 'full' });
  });
  it('Entangled: half speed once, no matter how many entangles it saved for; attacks at -2', () => {
    const half = saveEffect('entangled', 'removed');
    expect(moveLimit([half, half])).toBe('half');
    expect(moveLimit([half, saveEffect('entangled', 'remains')])).toBe('none');
    expect(entangledPenalty(['entangled', 'entangled'])).toBe(-2);
    expect(entangledPenalty([])).toBe(0);
  });
  it('Paralyzed: cannot move or attack; on a save it moves normally and the condition ends', () => {
    expect(saveEffect('paralyzed', 'remains')).toEqual({ remains: true, wounds: 0, move: 'none' });
    expect(saveEffect('paralyzed', 'removed')).toEqual({ remains: false, wounds: 0, move: 'full' });
    expect(canAttack(['paralyzed'])).toBe(false);
    expect(canAttack(['poisoned'])).toBe(true);
  });
  it('Poisoned: one wound on a failed save; a passed save ends it with no damage', () => {
    expect(saveEffect('poisoned', 'remains')).toEqual({ remains: true, wounds: 1, move: 'full' });
    expect(saveEffect('poisoned', 'removed')).toEqual({ remains: false, wounds: 0, move: 'full' });
  });
});
