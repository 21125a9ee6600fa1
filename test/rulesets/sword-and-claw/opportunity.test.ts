import { describe, expect, it } from 'vitest';
import { squareIndex } from '../../../src/formats/squares';
import { afterMove } from '../../../src/rulesets/sword-and-claw/rules/movement';
import { checkMeleeTarget } from '../../../src/rulesets/sword-and-claw/rules/targets';
import { opportunityAttackers, opportunityAttacksPerRound } from '../../../src/rulesets/sword-and-claw/rules/opportunity';
import { type Piece, scTable } from '../../../src/rulesets/sword-and-claw/rules/table';
import type { ScSize } from '../../../src/rulesets/sword-and-claw/formats/vocabulary';
import { troop } from './cards';

const open = Array.from({ length: 8 }, () => '.'.repeat(8));
const sq = (name: string) => squareIndex({ width: 8, height: 8 }, name)!;
const piece = (id: string, player: string, at: string, size: ScSize = 'medium'): Piece => ({ id, player, size, at: sq(at) });

describe('SC Opportunity Attacks', () => {
  const mover = piece('a', 'p1', 'C3');
  const grid = [...open];
  grid[1] = '...#....';

  it('the enemies next to the square a troop steps out of may attack, sides and corners alike', () => {
    const table = scTable({ id: 't', name: 'T', grid }, [
      mover,
      piece('x', 'p2', 'D2'),
      piece('y', 'p2', 'B3'),
      piece('z', 'p2', 'F3'),
      piece('f', 'p1', 'C4'),
    ]);
    expect(opportunityAttackers(table, mover, mover.at, 'move')).toEqual(['x', 'y']);
    expect(opportunityAttackers(table, mover, mover.at, 'run', new Set(['x']))).toEqual(['y']);
  });

  it('a Slide provokes none', () => {
    const table = scTable({ id: 't', name: 'T', grid: open }, [mover, piece('x', 'p2', 'D2')]);
    expect(opportunityAttackers(table, mover, mover.at, 'slide')).toEqual([]);
  });

  it('SC13: a Large enemy is next to any square its space touches; blocking terrain at a corner parts no one', () => {
    const table = scTable({ id: 't', name: 'T', grid }, [mover, piece('g', 'p2', 'D4', 'large')]);
    expect(opportunityAttackers(table, mover, mover.at, 'move')).toEqual(['g']);
    const corner = scTable({ id: 't', name: 'T', grid }, [piece('b', 'p1', 'C2'), piece('x', 'p2', 'D3')]);
    expect(opportunityAttackers(corner, piece('b', 'p1', 'C2'), sq('C2'), 'move')).toEqual(['x']);
  });

  it('SC14: a round allows as many as the melee attacks the troop makes, the most of an "Or" group', () => {
    expect(opportunityAttacksPerRound(troop())).toBe(1);
    const twoAxes = troop({ attacks: [{ id: 'axe', name: 'Axe', toHit: 0, dmg: 'd6', atk: 2 }] });
    expect(opportunityAttacksPerRound(twoAxes)).toBe(2);
    const crossbowman = troop({
      attacks: [
        {
          or: [
            { id: 'shortsword', name: 'Shortsword', toHit: -1, dmg: 'd6' },
            { id: 'crossbow', name: 'Crossbow', toHit: 1, dmg: 'd6+3', range: '6/12/18', atk: 3 },
          ],
        },
        { id: 'kick', name: 'Kick', toHit: 0, dmg: 'd6' },
      ],
    });
    expect(opportunityAttacksPerRound(crossbowman)).toBe(2);
  });
});

describe('SC Melee a: whom a strike may be declared against', () => {
  const a = piece('a', 'p1', 'C3');
  const table = scTable({ id: 't', name: 'T', grid: open }, [a, piece('x', 'p2', 'D4'), piece('y', 'p2', 'F3'), piece('f', 'p1', 'C4')]);

  it('an adjacent enemy, by a troop that did not run', () => {
    expect(checkMeleeTarget(table, a, 'x', afterMove('move'))).toBeNull();
    expect(checkMeleeTarget(table, a, 'x', afterMove('slide'))).toBeNull();
    expect(checkMeleeTarget(table, a, 'x', afterMove('run'))?.code).toBe('no-melee-after-moving');
    expect(checkMeleeTarget(table, a, 'x', afterMove('slide', true))?.code).toBe('no-melee-after-moving');
    expect(checkMeleeTarget(table, a, 'y', afterMove('move'))).toEqual({ code: 'not-adjacent', message: 'y is not next to a' });
    expect(checkMeleeTarget(table, a, 'f', afterMove('move'))?.code).toBe('not-an-enemy');
    expect(checkMeleeTarget(table, a, 'q', afterMove('move'))?.code).toBe('unknown-target');
  });
});
