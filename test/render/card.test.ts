/** Stat-card wording, checked against the rulebook's Gray Necromancer example. */
import { describe, expect, it } from 'vitest';
import { attackBody, descriptorLine, effectText, moveText, traitText } from '../../src/rulesets/sellsword/render/card-text';
import { content } from './states';
import { drawNarrowCardCanvas, NARROW_CARD_PX, NARROW_CARD_WIDTH } from '../../src/rulesets/sellsword/render/card-narrow';
import { renderCard } from '../../src/rulesets/sellsword/render/card-png';
import { PHONE_TEXT, shownWidth } from '../../src/render/phone';

const necro = content.index.units.get('havoc-gray-necromancer')!;

describe('the narrow card', () => {
  it('as posted (several cards side by side), every card of the catalog shows its text at least 11 px tall on a phone', () => {
    for (const card of content.index.units.values()) {
      const png = renderCard(card, undefined, undefined, 'narrow');
      const width = png.readUInt32BE(16);
      const height = png.readUInt32BE(20);
      expect((NARROW_CARD_PX * shownWidth(width, height)) / width, `${card.name} (${width}×${height})`).toBeGreaterThanOrEqual(PHONE_TEXT);
    }
  });

  it('is the narrow width, and taller than wide', () => {
    const canvas = drawNarrowCardCanvas(necro, content.index.mods.get('havoc-infernal-aura'));
    expect(canvas.width).toBe(NARROW_CARD_WIDTH);
    expect(canvas.height).toBeGreaterThan(canvas.width);
  });
});

describe('card text', () => {
  it('writes a flyer\'s Move as "Fly 7", not the printed "F7" (playtest round 17)', () => {
    const imp = content.index.units.get('havoc-carrion-imp')!;
    expect(imp.stats.fly).toBe(true);
    expect(moveText(imp, imp.stats.move)).toBe(`Fly ${imp.stats.move}`);
    expect(moveText(necro, necro.stats.move)).toBe(String(necro.stats.move));
  });

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
