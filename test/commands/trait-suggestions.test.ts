/**
 * /trait says what a trait can do and why it cannot (R32, playtest round 20): a trait typed by its
 * printed name is the one meant, a target out of reach is refused with its distance, the target option
 * lists the allies in reach with what each gains, and an empty list says how far the nearest ally is.
 */
import { describe, expect, it } from 'vitest';
import { NOTHING } from '../../src/discord/choices';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { typedTrait } from '../../src/rulesets/sellsword/engine/table';
import { traitChoices, traitTargetChoices } from '../../src/rulesets/sellsword/table/trait-suggestions';
import { table } from '../render/states';

// The Priest of the Dawn's Mend Wounds: 1 blue token, an ally within 3 squares regains 10 Vigor.
const priestAnd = (houndAt: string, houndVigor: number) => {
  const game = table({
    map: 'barrow-hill',
    units: [
      { id: 'pd', card: 'valor-priest', player: 'p1', at: 'B2' },
      { id: 'wh', card: 'valor-war-hound', player: 'p1', at: houndAt },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'T20' },
    ],
  });
  const units: GameState['units'] = { ...game.units, wh: { ...game.units.wh!, vigor: houndVigor } };
  return { ...game, units };
};

describe('/trait: names, reach and targets (R32, issue 26)', () => {
  it('a trait typed by its printed name, any case, is the one with that id', () => {
    const game = priestAnd('B5', 2);
    expect(typedTrait(game, game.units.pd!, 'Mend Wounds')?.id).toBe('mend');
    expect(typedTrait(game, game.units.pd!, ' mend wounds ')?.id).toBe('mend');
    expect(typedTrait(game, game.units.pd!, 'mend')?.id).toBe('mend');
    expect(typedTrait(game, game.units.pd!, 'Dawnburst')).toBeUndefined();
  });

  it('a trait the unit lacks is refused with the act traits it has', () => {
    const game = priestAnd('B5', 2);
    const r = decide(game, { act: 'trait', unit: 'pd', trait: 'heal' }, 'p1');
    expect('error' in r && r.error.message).toBe('Priest of the Dawn (pd) has no act trait "heal". Its act traits: Mend Wounds.');
  });

  it('§4.30: a trait its marked box took away is refused as lost, and the empty list says so (playtest round 23)', () => {
    const game = priestAnd('B5', 2);
    const hurt: GameState = { ...game, units: { ...game.units, pd: { ...game.units.pd!, injuries: [{ trait: 'mend' }] } } };
    expect(typedTrait(hurt, hurt.units.pd!, 'Mend Wounds')?.id).toBe('mend');
    const r = decide(hurt, { act: 'trait', unit: 'pd', trait: 'mend' }, 'p1');
    expect('error' in r && r.error).toMatchObject({
      code: 'trait-lost',
      message: 'Priest of the Dawn (pd) has lost Mend Wounds: its Mend Wounds box is marked.',
    });
    const choices = traitChoices(hurt, 'p1', 'pd', '');
    expect(choices).toHaveLength(1);
    expect(String(choices[0]!.name)).toContain('PD has lost Mend Wounds: its Mend Wounds box is marked');
  });

  it('a named ally out of reach is refused with how far it is and how far the trait reaches', () => {
    const game = priestAnd('B6', 2);
    const r = decide(game, { act: 'trait', unit: 'pd', trait: 'mend', target: 'wh' }, 'p1');
    expect('error' in r && r.error).toEqual({ code: 'out-of-reach', message: 'War Hound (wh) is 4 squares away; Mend Wounds reaches 3.' });
    const enemy = decide(game, { act: 'trait', unit: 'pd', trait: 'mend', target: 'gh' }, 'p1');
    expect('error' in enemy && enemy.error.message).toBe('Ghoul (gh) is not an ally of Priest of the Dawn (pd).');
  });

  it('an ally behind walls that shut every way is refused without a count of squares', () => {
    // Mill Crossing's mill is walled, its two doors sliding walls shut while nobody stands in them.
    const game = table({
      map: 'mill-crossing',
      units: [
        { id: 'pd', card: 'valor-priest', player: 'p1', at: 'I5' },
        { id: 'wh', card: 'valor-war-hound', player: 'p1', at: 'I9' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'A18' },
      ],
    });
    const r = decide(game, { act: 'trait', unit: 'pd', trait: 'mend', target: 'wh' }, 'p1');
    expect('error' in r && r.error.message).toBe('Walls shut every way from Priest of the Dawn (pd) to War Hound (wh); Mend Wounds reaches 3.');
  });

  it('with no ally in reach but the priest itself at full Vigor, the trait list says so and how far the nearest is', () => {
    const game = priestAnd('B6', 2);
    expect(traitChoices(game, 'p1', 'pd', '')).toEqual([
      { name: 'Nothing to choose: no ally within 3 squares would gain from Mend Wounds: WH is 4 squares away', value: NOTHING },
    ]);
  });

  it('the target option lists the allies in reach with what each would gain', () => {
    const game = priestAnd('B5', 2);
    const choices = traitTargetChoices(game, 'p1', 'pd', 'Mend Wounds', '');
    // The War Hound's Vigor is 5 at most: of Mend Wounds' 10 it gains 3.
    expect(choices).toEqual([{ name: 'WH · +3 Vigor (2 → 5)', value: 'wh' }]);
  });

  it('the target option says why when no ally gains anything, and asks for the trait first', () => {
    expect(traitTargetChoices(priestAnd('B6', 2), 'p1', 'pd', 'mend', '')[0]!.name).toContain('WH is 4 squares away');
    expect(traitTargetChoices(priestAnd('B5', 2), 'p1', 'pd', '', '')).toEqual([{ name: 'Nothing to choose: pick a trait first', value: NOTHING }]);
  });
});

describe('/trait unit list (issue 26)', () => {
  it('a unit with no act trait says so, not "cannot trait now" (playtest round 20)', async () => {
    const { unitChoices } = await import('../../src/rulesets/sellsword/table/act-suggestions');
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'tg', card: 'valor-guard', player: 'p1', at: 'B2' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'T20' },
      ],
    });
    expect(unitChoices(game, 'p1', 'tg', 'trait')[0]!.name).toBe('Nothing to choose: TG has no trait it can use as an act');
  });
});
