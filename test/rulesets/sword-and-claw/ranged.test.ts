/** The ranged step's resolution (SC Ranged c, d, h; SC Attacks 1–4) through rules/ranged.ts, with listed dice. */
import { describe, expect, it } from 'vitest';
import { squareIndex } from '../../../src/formats/squares';
import { listDice } from '../../../src/rulesets/sword-and-claw/rules/dice';
import type { Fighter } from '../../../src/rulesets/sword-and-claw/rules/melee';
import { aimShot, checkShot, resolveRangedStep, shoot } from '../../../src/rulesets/sword-and-claw/rules/ranged';
import { type Piece, scTable } from '../../../src/rulesets/sword-and-claw/rules/table';
import { troop } from './cards';

const dims = { width: 8, height: 8 };
const sq = (name: string) => squareIndex(dims, name)!;
const piece = (id: string, player: string, at: string): Piece => ({ id, player, size: 'medium', at: sq(at) });
const grid = Array.from({ length: 8 }, () => '........');

const archer = troop({ id: 'archer', attacks: [{ id: 'bow', name: 'Bow', toHit: 0, dmg: 'd6+1', range: '4/8/12', atk: 2 }] });
const target = troop({ id: 'target', defense: { melee: 5, ranged: 6 }, toWound: '3/7', wounds: 2 });

describe('SC Ranged', () => {
  const pieces = [piece('a', 'p1', 'A1'), piece('t', 'p2', 'A4')];
  const table = scTable({ id: 'm', name: 'M', grid }, pieces);
  const fighters = new Map<string, Fighter>([
    ['a', { card: archer, taken: 0 }],
    ['t', { card: target, taken: 0 }],
  ]);
  const two = [
    { attacker: 'a', attack: 'bow', target: 't' },
    { attacker: 'a', attack: 'bow', target: 't' },
  ];

  it('h: Aim gives +1 to the first shot only', () => {
    const r = resolveRangedStep(
      listDice([
        { d: 10, v: 5 },
        { d: 6, v: 1 },
        { d: 10, v: 5 },
      ]),
      { table, fighters, aimed: new Set(['a']) },
      two,
    );
    expect(r.shots.map((s) => [s.total, s.hit])).toEqual([
      [6, true],
      [5, false],
    ]);
    expect(r.shots[0]!.modifiers).toContainEqual({ why: 'aim', value: 1 });
  });

  it('d: wounds of every shot add up after all are rolled; the target is removed once, and its later shots still roll', () => {
    const dice = listDice([
      { d: 10, v: 9 },
      { d: 6, v: 6 },
      { d: 10, v: 9 },
      { d: 6, v: 6 },
    ]);
    const r = resolveRangedStep(dice, { table, fighters }, two);
    expect(dice.used()).toBe(4);
    expect(r.shots.map((s) => s.wounds)).toEqual([2, 2]);
    expect(r.taken.get('t')).toBe(4);
    expect(r.removed).toEqual(['t']);
  });

  it('a: #Atk 2 allows two shots, a third is refused', () => {
    const shoot = (before: string[]) =>
      checkShot(table, pieces[0]!, archer, { melee: true, ranged: true, spells: true }, { attack: 'bow', target: 't', before });
    expect(shoot(['bow'])).toBeNull();
    expect(shoot(['bow', 'bow'])).toMatchObject({ code: 'too-many-attacks' });
  });
});

describe('SC23', () => {
  it('refuses a shot whose quality is not played yet, rather than shooting it plainly', () => {
    const mortar = troop({ id: 'mortar', attacks: [{ id: 'pot', name: 'Fire Pot', toHit: 0, dmg: 'd6', range: '4/8/12', qualities: ['Automatically hits'] }] });
    const table = scTable({ id: 'm', name: 'M', grid }, [piece('a', 'p1', 'A1'), piece('t', 'p2', 'A4')]);
    const after = { melee: true, ranged: true, spells: true };
    expect(checkShot(table, piece('a', 'p1', 'A1'), mortar, after, { attack: 'pot', target: 't', before: [] })).toMatchObject({ code: 'quality-not-played' });
  });

  it('SC Melee c (ruling SC45): a Cone printed with a range is made in the melee step, not shot', () => {
    const drake = troop({ id: 'drake', attacks: [{ id: 'breath', name: 'Breath', toHit: 0, dmg: 'd6', range: '4/8/12', qualities: ['Cone 4'] }] });
    const table = scTable({ id: 'm', name: 'M', grid }, [piece('a', 'p1', 'A1'), piece('t', 'p2', 'A4')]);
    const after = { melee: true, ranged: true, spells: true };
    expect(checkShot(table, piece('a', 'p1', 'A1'), drake, after, { attack: 'breath', target: 't', before: [] })).toMatchObject({
      code: 'projected-in-melee-step',
    });
  });
});

describe('SC App. B Indirect Fire (ruling SC73)', () => {
  // A wall across row 3 hides A5 from A1; the spotter on D7 sees it.
  const walled = ['........', '........', '###.....', '........', '........', '........', '........', '........'];
  const pot = (qualities: string[]) =>
    troop({ id: 'mortar', attacks: [{ id: 'pot', name: 'Fire Pot', toHit: 0, dmg: 'd6', range: '4/8/12', qualities: ['Indirect Fire', ...qualities] }] });
  const after = { melee: true, ranged: true, spells: true };

  it('a weapon with it that sees its target shoots as any other: no −4', () => {
    const table = scTable({ id: 'm', name: 'M', grid }, [piece('a', 'p1', 'A1'), piece('t', 'p2', 'A4')]);
    const fighters = new Map<string, Fighter>([
      ['a', { card: pot([]), taken: 0 }],
      ['t', { card: target, taken: 0 }],
    ]);
    expect(checkShot(table, piece('a', 'p1', 'A1'), pot([]), after, { attack: 'pot', target: 't', before: [] })).toBeNull();
    expect(aimShot({ table, fighters }, { attacker: 'a', attack: 'pot', target: 't' })).toMatchObject({
      indirect: false,
      modifiers: [{ why: 'skill', value: 0 }],
    });
  });

  it('an Area shot over the wall is at −4 against 5, and a miss deviates as an Area attack does', () => {
    const card = pot(['Area 1']);
    const table = scTable({ id: 'm', name: 'M', grid: walled }, [piece('a', 'p1', 'A1'), piece('s', 'p1', 'D7'), piece('t', 'p2', 'A5')]);
    const fighters = new Map<string, Fighter>([
      ['a', { card, taken: 0 }],
      ['s', { card: target, taken: 0 }],
      ['t', { card: target, taken: 0 }],
    ]);
    expect(checkShot(table, piece('a', 'p1', 'A1'), card, after, { attack: 'pot', target: 't', before: [] })).toBeNull();
    // d10 7 − 4 = 3 against 5: a miss by 2, within half the range (4 inches: 2); the d8's 3 sends it 2 squares east.
    const shot = shoot(
      listDice([
        { d: 10, v: 7 },
        { d: 8, v: 3 },
      ]),
      { table, fighters },
      { attacker: 'a', attack: 'pot', target: 't' },
    );
    expect(shot.modifiers).toEqual([
      { why: 'skill', value: 0 },
      { why: 'indirect fire', value: -4 },
    ]);
    expect(shot).toMatchObject({ total: 3, defense: 5, hit: false, area: { aimed: sq('A5'), centre: sq('C5'), deviated: 2, direction: 3 } });
  });
});
