/**
 * Sellsword's act commands in the words Discord lists them with: each command's description, the
 * charge option's, and the acts whose only option is the unit (commands/play/acts.ts builds the
 * commands from these), and the hint an act's answer may end with (an act just opened).
 */
import { canAct, type GameState } from '../engine';

export const ACT_WORDS = {
  move: 'Basic Move: walk a unit to a square (the cheapest path), or along a path you give',
  maneuver: 'Maneuver: one careful step that does not invite replies',
  attack: 'Attack a unit (or a square, for a burst); charge to move in first',
  charge: 'Charge: 2 steps straight into reach first, for 5 Vigor and +5 wounds',
  rest: 'Rest: regain a token',
  trait: "Use one of the unit's act traits",
  end: "End the unit's turn (a unit that has not acted ends its turn without acting)",
} as const;

/** The acts that take nothing but the unit, in the order the commands list them after /rest. */
export const UNIT_ONLY_ACTS = [{ name: 'crow', description: 'Crow: once a round, in a turn this unit dropped an enemy, regain 5 Vigor' }] as const;

/**
 * What an act's answer adds after the acts left when the unit may crow now (R30: it dropped an enemy
 * this turn, has not crowed this round, and lacks Vigor, as the engine's canAct says); empty otherwise.
 * A tester who dropped two enemies never heard of crowing (issue 26).
 */
export function openActHint(after: GameState, unitId: string): string {
  return canAct(after, unitId, CROW) ? ' It dropped an enemy this turn, so it may crow: `/crow` gives back up to 5 Vigor.' : '';
}

const CROW: ReadonlySet<'crow'> = new Set(['crow'] as const);
