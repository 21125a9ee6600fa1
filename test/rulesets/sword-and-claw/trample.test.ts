/**
 * SC Movement d Trampling (rulings SC121–SC123): who may be trampled, the attack a troop tramples
 * with, the −2 on replies to a trampling troop, and the straight line through the target's space.
 */
import { describe, expect, it } from 'vitest';
import { squareIndex } from '../../../src/formats/squares';
import type { ScSize } from '../../../src/rulesets/sword-and-claw/formats/vocabulary';
import type { Piece } from '../../../src/rulesets/sword-and-claw/rules/table';
import { crossing, mayTrample, TRAMPLE_ID, trampleAttacks, trampledReplyModifiers } from '../../../src/rulesets/sword-and-claw/rules/trample';
import { troop } from './cards';

const board = { width: 8, height: 8 };
const sq = (name: string) => squareIndex(board, name)!;
const piece = (id: string, at: string, size: ScSize = 'medium'): Piece => ({ id, player: id === 'm' ? 'p1' : 'p2', size, at: sq(at) });

describe('SC Movement d Trampling', () => {
  it('only a smaller enemy may be trampled', () => {
    expect(mayTrample('large', 'medium')).toBe(true);
    expect(mayTrample('medium', 'small')).toBe(true);
    expect(mayTrample('medium', 'medium')).toBe(false);
    expect(mayTrample('medium', 'huge')).toBe(false);
  });

  it('without a stomp-like attack: to-hit of its lowest melee attack, damage d6 + Strength + size modifier', () => {
    const move = { charging: false, startedNextTo: false };
    const brute = troop({
      size: 'large',
      str: 3,
      attacks: [
        { id: 'club', name: 'Club', toHit: 1, dmg: 'd6+3' },
        { id: 'tail', name: 'Tail', toHit: -1, dmg: 'd6+1' },
        { id: 'rock', name: 'Rock', toHit: -3, dmg: 'd6', range: '4/8/12' },
      ],
    });
    expect(trampleAttacks(brute, move)).toEqual([{ id: TRAMPLE_ID, name: 'Trample', toHit: -1, dmg: { bonus: 4 }, atk: 1, qualities: [] }]);
    const huge = troop({ size: 'huge', str: 5, attacks: [{ id: 'fist', name: 'Fist', toHit: 2, dmg: 'd6+5' }] });
    expect(trampleAttacks(huge, move)[0]).toMatchObject({ toHit: 2, dmg: { bonus: 7 } });
    const medium = troop({ str: 1 });
    expect(trampleAttacks(medium, move)[0]).toMatchObject({ toHit: 1, dmg: { bonus: 1 } });
  });

  it('a stomp, slam or rush is used instead, a lance only by Cavalry, and no Charge Only attack on a target it started next to', () => {
    const move = { charging: false, startedNextTo: false };
    const wolf = troop({
      size: 'large',
      attacks: [
        { id: 'jaws', name: 'Great Jaws', toHit: 1, dmg: 'd6+3' },
        { id: 'bowling-rush', name: 'Bowling Rush', toHit: 0, dmg: 'd6+2', qualities: ['Charge Only'] },
      ],
    });
    const charge = { charging: true, startedNextTo: false };
    expect(trampleAttacks(wolf, charge).map((a) => a.id)).toEqual(['bowling-rush']);
    // Charge Only: not on a plain move, nor at a target it started the turn next to; then the rulebook's trample.
    expect(trampleAttacks(wolf, { charging: false, startedNextTo: false }).map((a) => a.id)).toEqual([TRAMPLE_ID]);
    expect(trampleAttacks(wolf, { charging: true, startedNextTo: true })).toEqual([
      { id: TRAMPLE_ID, name: 'Trample', toHit: 0, dmg: { bonus: 1 }, atk: 1, qualities: [] },
    ]);
    const lance = [{ id: 'lance', name: 'Lance', toHit: 2, dmg: 'd6+2' }];
    expect(trampleAttacks(troop({ qualities: ['Cavalry'], attacks: lance }), move).map((a) => a.id)).toEqual(['lance']);
    expect(trampleAttacks(troop({ attacks: lance }), move).map((a) => a.id)).toEqual([TRAMPLE_ID]);
  });

  it('replies by the target or a troop next to it are at −2', () => {
    expect(trampledReplyModifiers(true)).toEqual([{ why: 'trampling', value: -2 }]);
    expect(trampledReplyModifiers(false)).toEqual([]);
  });

  it('the mover keeps its entering direction until it is clear of the target (the square opposite)', () => {
    const m = piece('m', 'A2');
    const s = piece('s', 'B2', 'small');
    expect(crossing(board, m, m.at, [sq('B2'), sq('C2')], s)).toEqual({ enters: 0, clears: 1, straight: true });
    expect(crossing(board, m, m.at, [sq('B2'), sq('C3')], s)).toEqual({ enters: 0, clears: 1, straight: false });
    expect(crossing(board, m, m.at, [sq('B2')], s)).toEqual({ enters: 0, clears: null, straight: true });
    expect(crossing(board, m, m.at, [sq('A3'), sq('B3')], s)).toBeNull();
    // A Large (2×2) mover entering a Medium target from the left clears it two steps on.
    const big = piece('m', 'A1', 'large');
    const t = piece('t', 'C2');
    expect(crossing(board, big, big.at, [sq('B1'), sq('C1'), sq('D1')], t)).toEqual({ enters: 0, clears: 2, straight: true });
  });
});
