/** Saving throws (SC Saving Throws b–e; ruling SC21): d10 + Strength + the size modifier. */
import { describe, expect, it } from 'vitest';
import { listDice } from '../../../src/rulesets/sword-and-claw/rules/dice';
import { savingThrow, sizeModifier } from '../../../src/rulesets/sword-and-claw/rules/saving-throws';
import { troop } from './cards';

const save = (d10: number, over: Record<string, unknown> = {}) => savingThrow(listDice([{ d: 10, v: d10 }]), troop(over));

describe('SC Saving Throws', () => {
  it('b: the size modifier is -1 Small, 0 Medium, +1 Cavalry or Large, +2 Huge', () => {
    expect(['small', 'medium', 'large', 'huge'].map((size) => sizeModifier(troop({ size })))).toEqual([-1, 0, 1, 2]);
    expect(sizeModifier(troop({ qualities: ['Cavalry'] }))).toBe(1);
    expect(sizeModifier(troop({ size: 'large', qualities: ['Cavalry'] }))).toBe(1);
  });

  it('c–e: under 6 the condition remains, 6 removes it, 10 removes it with nothing lingering', () => {
    expect(save(5)).toEqual({ d10: 5, total: 5, result: 'remains' });
    expect(save(6).result).toBe('removed');
    expect(save(9).result).toBe('removed');
    expect(save(10).result).toBe('cleanly');
  });

  it('b: Strength and size add to the d10', () => {
    expect(save(4, { str: 1, size: 'large' })).toEqual({ d10: 4, total: 6, result: 'removed' });
    expect(save(7, { str: -1, size: 'small' }).result).toBe('remains');
    expect(save(6, { str: 2, size: 'huge' }).result).toBe('cleanly');
  });
});
