import { describe, expect, it } from 'vitest';
import { listDice } from '../../../src/rulesets/sword-and-claw/rules/dice';
import { checkPlacement } from '../../../src/rulesets/sword-and-claw/rules/deployment';
import { scTable } from '../../../src/rulesets/sword-and-claw/rules/table';
import { defenderEdges, deploymentDepth, deploymentZone, OPPOSITE, rollOff } from '../../../src/rulesets/sword-and-claw/rules/setup';

describe('SC Set-up 4, 5, 7', () => {
  it('SC9: without a named attacker, a d6 roll-off, ties rolled again, the higher roll attacks', () => {
    const dice = listDice([
      { d: 6, v: 4 },
      { d: 6, v: 4 },
      { d: 6, v: 2 },
      { d: 6, v: 5 },
    ]);
    expect(rollOff(dice, ['p1', 'p2'])).toEqual({
      attacker: 'p2',
      defender: 'p1',
      dice: [
        { d: 6, v: 4 },
        { d: 6, v: 4 },
        { d: 6, v: 2 },
        { d: 6, v: 5 },
      ],
    });
  });

  it('SC10: the defender chooses a shorter edge; the attackers take the opposite one', () => {
    expect(defenderEdges(24, 16)).toEqual(['left', 'right']);
    expect(defenderEdges(16, 24)).toEqual(['top', 'bottom']);
    expect(defenderEdges(20, 20)).toEqual(['top', 'bottom']);
    expect(OPPOSITE.left).toBe('right');
  });

  it('SC Set-up 7: a zone reaches 1d6 + 3 inches from the edge', () => {
    expect([1, 6].map(deploymentDepth)).toEqual([4, 9]);
    const zone = deploymentZone(10, 8, 'right', deploymentDepth(1));
    expect(zone.size).toBe(4 * 8);
    expect(zone.has(6) && zone.has(9) && !zone.has(5)).toBe(true);
    const top = deploymentZone(10, 8, 'bottom', 4);
    expect([...top].every((i) => Math.floor(i / 10) >= 4)).toBe(true);
  });
});

describe('SC Set-up 7 and ruling SC11: placing a troop', () => {
  const grid = ['......', '......', '......', '..#...', '......', '......'];
  const table = scTable({ id: 't', name: 'T', grid }, [{ id: 'x', player: 'p1', size: 'medium', at: 0 }]);
  const zone = deploymentZone(6, 6, 'bottom', 4);

  it('every square of the space must lie in the zone, clear of blocking terrain and other troops', () => {
    expect(checkPlacement(table, { id: 'a', size: 'medium' }, 6 * 5, zone)).toBeNull();
    expect(checkPlacement(table, { id: 'b', size: 'large' }, 6 * 1, zone)).toEqual({
      code: 'outside-deployment-zone',
      message: 'A2 is outside the deployment zone',
    });
    expect(checkPlacement(table, { id: 'b', size: 'large' }, 6 * 2 + 1, zone)).toEqual({ code: 'blocking-terrain', message: 'C4 is hard blocking terrain' });
    expect(checkPlacement(table, { id: 'b', size: 'huge' }, 6 * 3 + 4, zone)?.code).toBe('off-map');
    expect(checkPlacement(table, { id: 'a', size: 'medium' }, 0, deploymentZone(6, 6, 'top', 4))).toEqual({ code: 'occupied', message: 'A1 is taken by x' });
  });
});
