/**
 * Setting up a battle (SC Set-up 4, 5, 7, 8): who attacks, which edges the sides set up on, and how
 * deep each side's deployment zone reaches.
 */
import type { Roll } from '../../../engine/dice';
import type { Dice } from './dice';

/** A board edge: the side of the map a side sets up along. */
export type Edge = 'top' | 'bottom' | 'left' | 'right';

export const OPPOSITE: Readonly<Record<Edge, Edge>> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

/**
 * Ruling SC9 (SC Set-up 4): the challenger may name the attacker; otherwise each player rolls a d6,
 * the first player first, ties are rolled again, and the higher roll attacks.
 */
export function rollOff(dice: Dice, players: readonly [string, string]): { attacker: string; defender: string; dice: Roll[] } {
  const rolled: Roll[] = [];
  for (;;) {
    const a = dice(6);
    const b = dice(6);
    rolled.push({ d: 6, v: a }, { d: 6, v: b });
    if (a !== b) {
      const [attacker, defender] = a > b ? players : [players[1], players[0]];
      return { attacker, defender, dice: rolled };
    }
  }
}

/**
 * SC Set-up 5: the edges the defender may choose: the two shorter edges of a rectangular map (the
 * rulebook's advice, made the rule: ruling SC10), the top and bottom of a square one.
 */
export const defenderEdges = (width: number, height: number): readonly [Edge, Edge] => (width > height ? ['left', 'right'] : ['top', 'bottom']);

/** SC Set-up 7: a group may be placed up to 1d6 + 3 inches from its side's edge. */
export const deploymentDepth = (d6: number): number => d6 + 3;

/**
 * The squares within `depth` inches of `edge` (ruling SC11: every square of a troop's space must be
 * in the zone), as square indices row × width + column.
 */
export function deploymentZone(width: number, height: number, edge: Edge, depth: number): Set<number> {
  const zone = new Set<number>();
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const fromEdge = edge === 'top' ? row : edge === 'bottom' ? height - 1 - row : edge === 'left' ? col : width - 1 - col;
      if (fromEdge < depth) zone.add(row * width + col);
    }
  }
  return zone;
}

/** SC Set-up 7, 8 for the core forces: the attackers deploy first, then the defenders, then the attackers take the first turn. */
export const DEPLOYMENT_ORDER = ['attacker', 'defender'] as const;
export const FIRST_TURN = 'attacker' as const;
