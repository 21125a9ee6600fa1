import { describe, expect, it } from 'vitest';
import { listDice } from '../../../src/rulesets/sword-and-claw/rules/dice';
import { checkMeleeDeclaration, type Fighter, strike } from '../../../src/rulesets/sword-and-claw/rules/melee';
import { resolveMeleeStep } from '../../../src/rulesets/sword-and-claw/rules/melee-step';
import { isHurt, isRemoved, woundsFromDamage } from '../../../src/rulesets/sword-and-claw/rules/wounds';
import { troop } from './cards';

const d10 = (v: number) => ({ d: 10, v });
const d6 = (v: number) => ({ d: 6, v });
const who = { attacker: 'a', target: 'b' };

describe('SC Attacks 1–3 and SC To-Hit: a d10 plus skill against Melee Defense', () => {
  const sword = troop().attacks[0]![0]!;
  const target = troop({ defense: { melee: 7, ranged: 6 } });

  it('SC Attacks 3: equal to the defence hits, one lower misses and rolls no damage', () => {
    expect(strike(listDice([d10(6), d6(1)]), who, sword, false, target)).toMatchObject({ total: 7, defense: 7, hit: true });
    const miss = strike(listDice([d10(5)]), who, sword, false, target);
    expect(miss).toMatchObject({ total: 6, hit: false, damage: null, wounds: 0, dice: [d10(5)] });
  });

  it('SC Hurt: a Hurt attacker takes −1, which turns a bare hit into a miss', () => {
    const hurt = strike(listDice([d10(6)]), who, sword, true, target);
    expect(hurt).toMatchObject({
      total: 6,
      hit: false,
      modifiers: [
        { why: 'skill', value: 1 },
        { why: 'hurt', value: -1 },
      ],
    });
  });

  it('SC6: a natural 10 is no automatic hit, a natural 1 no automatic miss', () => {
    const poor = troop({ attacks: [{ id: 'fist', name: 'Fist', toHit: -3, dmg: 'd6' }] }).attacks[0]![0]!;
    expect(strike(listDice([d10(10)]), who, poor, false, troop({ defense: { melee: 8, ranged: 6 } })).hit).toBe(false);
    const great = troop({ attacks: [{ id: 'axe', name: 'Axe', toHit: 6, dmg: 'd6' }] }).attacks[0]![0]!;
    expect(strike(listDice([d10(1), d6(1)]), who, great, false, troop({ defense: { melee: 7, ranged: 6 } })).hit).toBe(true);
  });

  it('SC Attacks 4: a hit rolls a d6 plus the bonus and compares it with To Wound', () => {
    const hit = strike(listDice([d10(9), d6(6)]), who, sword, false, troop({ toWound: '3/7' }));
    expect(hit).toMatchObject({ hit: true, damage: 7, wounds: 2, dice: [d10(9), d6(6)] });
  });
});

describe('SC Troops "To Wound": damage into wounds', () => {
  const tw = (text: string) => troop({ toWound: text }).toWound;

  it('the rulebook example, 4/9: 1–3 no wound, 4–8 one, 9 or more two', () => {
    expect([1, 3, 4, 8, 9, 20].map((d) => woundsFromDamage(d, tw('4/9')))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('SC5: "+x" adds x past the last number for each further wound (4/9/+5: 14 a third, 19 a fourth)', () => {
    expect([8, 9, 13, 14, 18, 19, 24].map((d) => woundsFromDamage(d, tw('4/9/+5')))).toEqual([1, 2, 2, 3, 3, 4, 5]);
  });

  it('SC Shields: +1 to every To Wound value, the "+x" steps following', () => {
    expect([4, 5, 10, 15].map((d) => woundsFromDamage(d, tw('4/9/+5'), 1))).toEqual([0, 1, 2, 3]);
  });

  it('SC Hurt and removal: half the Wounds or more is Hurt; Wounds reached is removed', () => {
    expect([0, 1, 2].map((t) => isHurt(t, 2))).toEqual([false, true, true]);
    expect([1, 2, 3].map((t) => isHurt(t, 5))).toEqual([false, false, true]);
    expect(isHurt(0, 1)).toBe(false);
    expect([1, 2, 3].map((t) => isRemoved(t, 2))).toEqual([false, true, true]);
  });
});

describe('SC Troops "#Atk" and "Or", SC Melee a: what a troop may declare', () => {
  const crossbowman = troop({
    name: 'Human Crossbowman',
    attacks: [
      {
        or: [
          { id: 'shortsword', name: 'Shortsword', toHit: -1, dmg: 'd6' },
          { id: 'crossbow', name: 'Crossbow', toHit: 1, dmg: 'd6+3', range: '6/12/18', qualities: ['Requires Reload'] },
        ],
      },
    ],
  });
  const bear = troop({
    name: 'Bear Rider',
    attacks: [
      { id: 'axe', name: 'Axe', toHit: 1, dmg: 'd6+2', atk: 2 },
      {
        or: [
          { id: 'maul', name: 'Maul', toHit: 0, dmg: 'd6+3' },
          { id: 'bite', name: 'Bite', toHit: 0, dmg: 'd6+1' },
        ],
      },
    ],
  });

  it('attacks in separate entries may all be made, each up to its #Atk', () => {
    expect(checkMeleeDeclaration(bear, ['axe', 'axe', 'maul'])).toBeNull();
    expect(checkMeleeDeclaration(bear, ['axe', 'axe', 'axe'])).toEqual({ code: 'too-many-attacks', message: 'Axe strikes 2 times a turn' });
  });

  it('of attacks joined by "Or" a troop makes one', () => {
    expect(checkMeleeDeclaration(bear, ['maul', 'bite'])).toEqual({
      code: 'one-of-or-attacks',
      message: 'Bear Rider makes one of Maul or Bite in a turn, not two',
    });
  });

  it('a ranged attack is not a melee attack, and an unknown attack is named', () => {
    expect(checkMeleeDeclaration(crossbowman, ['shortsword'])).toBeNull();
    expect(checkMeleeDeclaration(crossbowman, ['crossbow'])?.code).toBe('not-a-melee-attack');
    expect(checkMeleeDeclaration(crossbowman, ['dagger'])).toEqual({
      code: 'unknown-attack',
      message: 'Human Crossbowman has no attack "dagger" (it has shortsword, crossbow)',
    });
  });
});

describe('SC Melee b, d: a step resolves in order, then applies every effect', () => {
  const fighters = new Map<string, Fighter>([
    ['a', { card: troop({ wounds: 2 }), taken: 1 }],
    ['b', { card: troop({ wounds: 2 }), taken: 1 }],
  ]);

  it('a troop removed in the step still strikes, and Hurt is as the step began', () => {
    const dice = listDice([d10(9), d6(2), d10(6), d6(2)]);
    const result = resolveMeleeStep(dice, fighters, [
      { attacker: 'a', attack: 'sword', target: 'b' },
      { attacker: 'b', attack: 'sword', target: 'a' },
    ]);
    expect(dice.used()).toBe(4);
    // Both were Hurt (1 of 2 wounds) before the step: 6 + 1 − 1 = 6 reaches Melee Defense 6.
    expect(result.strikes.map((s) => [s.total, s.hit, s.wounds])).toEqual([
      [9, true, 1],
      [6, true, 1],
    ]);
    expect([...result.taken]).toEqual([
      ['b', 2],
      ['a', 2],
    ]);
    expect(result.removed).toEqual(['b', 'a']);
  });

  it('wounds from several strikes on one target add up', () => {
    const fresh = new Map<string, Fighter>([
      ['a', { card: troop({ attacks: [{ id: 'sword', name: 'Sword', toHit: 1, dmg: 'd6+1', atk: 2 }] }), taken: 0 }],
      ['b', { card: troop({ wounds: 3 }), taken: 0 }],
    ]);
    const result = resolveMeleeStep(listDice([d10(8), d6(3), d10(8), d6(3)]), fresh, [
      { attacker: 'a', attack: 'sword', target: 'b' },
      { attacker: 'a', attack: 'sword', target: 'b' },
    ]);
    expect(result.taken.get('b')).toBe(2);
    expect(result.removed).toEqual([]);
  });
});
