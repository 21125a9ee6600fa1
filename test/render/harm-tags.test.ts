/**
 * Map tags for wounds from terrain and recurring statuses (R19, R22) say what the unit lost: wounds
 * avoided with Vigor are told as Vigor spent, never as wounds taken.
 */
import { describe, expect, it } from 'vitest';
import { harmWords } from '../../src/render/overlays';

describe('harm tags', () => {
  it('wounds that marked boxes read as wounds', () => {
    expect(harmWords({ wounds: 10, avoided: 0, type: 'pierce' })).toBe('-10 pierce');
  });
  it('wounds all avoided with Vigor read as Vigor spent, not "-10 pierce"', () => {
    expect(harmWords({ wounds: 10, avoided: 10, type: 'pierce' })).toBe('-10 Vigor (pierce)');
  });
  it('a split says both', () => {
    expect(harmWords({ wounds: 10, avoided: 5, type: 'cold' })).toBe('-5 cold, -5 Vigor');
  });
});
