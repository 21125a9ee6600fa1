/**
 * Map tags for wounds from terrain and recurring statuses (R19, R22) say what the unit lost: wounds
 * avoided with Vigor are told as Vigor spent, never as wounds taken; and the log says a status that
 * follows such a hit holds anyway.
 */
import { describe, expect, it } from 'vitest';
import { eventSentences } from '../../src/rulesets/sellsword/render';
import { harmWords } from '../../src/rulesets/sellsword/render/wound-words';
import { lastTurnTable } from './states';

describe('harm tags', () => {
  it('wounds that marked boxes read as wounds', () => {
    expect(harmWords({ wounds: 10, avoided: 0, type: 'pierce' })).toBe('10 pierce wounds');
  });
  it('wounds all avoided with Vigor read as Vigor spent, not "10 pierce wounds"', () => {
    expect(harmWords({ wounds: 10, avoided: 10, type: 'pierce' })).toBe('-10 Vigor (pierce)');
  });
  it('a split says both', () => {
    expect(harmWords({ wounds: 10, avoided: 5, type: 'cold' })).toBe('5 cold wounds, -5 Vigor');
  });
  it('wounds its immunity stopped read as none, never "-0 fire" (playtest round 23)', () => {
    expect(harmWords({ wounds: 0, avoided: 0, type: 'fire' })).toBe('no fire wounds');
  });
});

describe('a status after a hit whose wounds were avoided', () => {
  it('is said to hold, with its cause and why: Vigor absorbs wounds only', () => {
    const t = lastTurnTable();
    const words = eventSentences(t.state, { lastTurn: t.events, before: t.before, names: { p1: 'Hrolf', p2: 'Morga' } }).join('\n');
    expect(words).toMatch(
      /5 cut wounds reached KC: Vigor absorbed all 5 \(Vigor \d+ → \d+\), no injury box marked; KC is now hobbled \(\+1 movement for every square\), caused by \w+'s [^;.]+ \(Vigor absorbs wounds, not statuses\)\./,
    );
    expect(words).not.toContain('anyway');
  });
});
