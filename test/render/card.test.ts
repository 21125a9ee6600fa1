/** Stat-card wording, checked against the rulebook's Gray Necromancer example. */
import { describe, expect, it } from 'vitest';
import { attackBody, descriptorLine, effectText, traitText } from '../../src/render/card-text';
import { content } from './states';
import { drawNarrowCardCanvas, NARROW_CARD_PX, NARROW_CARD_WIDTH } from '../../src/render/card-narrow';
import { PHONE_SCREEN as PHONE_WIDTH, PHONE_TEXT } from '../../src/render/phone';

const necro = content.index.units.get('havoc-gray-necromancer')!;

describe('the narrow card', () => {
  it('writes its attacks at least 11 px tall when Discord shows it 400 px wide, and is taller than wide', () => {
    expect((NARROW_CARD_PX * PHONE_WIDTH) / NARROW_CARD_WIDTH).toBeGreaterThanOrEqual(PHONE_TEXT);
    const canvas = drawNarrowCardCanvas(necro, content.index.mods.get('havoc-infernal-aura'));
    expect(canvas.width).toBe(NARROW_CARD_WIDTH);
    expect(canvas.height).toBeGreaterThan(canvas.width);
  });
});

describe('card text', () => {
  it('writes attacks as the rulebook does', () => {
    expect(attackBody(necro.attacks[0]!)).toBe('(Range 1) +9 vs. Armor; 10 Pierce THEN 10 recurring Magic (Spirit).');
    expect(attackBody(necro.attacks[1]!)).toBe('(Range 10, 2 Acts, 1 blue) +10 vs. Agility; 10 Magic AND 10 Cold.');
  });

  it('writes traits, statuses and movement effects', () => {
    expect(necro.traits.map((t) => traitText(t))).toEqual([
      { name: null, text: 'Immune 5 Cold' },
      { name: null, text: 'Immune 5 Fear' },
      { name: 'Channel the Grave', text: 'Allies (possessed) within 4 squares have +1 attack.' },
      { name: 'Ritual', text: 'As an act, pay 10 Vigor; Allies (undead) within 5 squares gain 15 Vigor.' },
    ]);
    expect(effectText({ status: 'pinned', recover: ['agility', 'brawn'], modifier: -2, asterisk: true })).toBe('Pinned* (Agility/Brawn) -2');
    expect(effectText({ push: 2 })).toBe('Push 2');
  });

  it('names the quality among the descriptors', () => {
    expect(descriptorLine(necro.descriptors, necro.quality)).toBe('Human · Seasoned · Possessed');
    expect(descriptorLine(['orc'], 3)).toBe('Orc · Blooded');
  });
});
