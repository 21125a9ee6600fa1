/**
 * The army check (SC Set-up 1, 2, 6 as far as the core force; ruling SC1): an army list comes from
 * one faction and spends no more than the battle's point total, with no troop whose quality is not
 * played yet (not-yet.ts). Every problem is reported at once,
 * each with the path of the offending entry and a stable code.
 */
import { didYouMean } from '../../formats/suggest';
import type { Army } from './formats/army';
import type { TroopIndex } from './formats/catalog';
import { UNPLAYED_TROOP_QUALITIES } from './not-yet';

export interface ArmyLimits {
  /** The point total agreed for the battle, per side (SC Set-up 2). */
  readonly points: number;
}

/** Ruling SC2: a battle's point total when the challenge or league names none. */
export const DEFAULT_ARMY_LIMITS: ArmyLimits = { points: 200 };

export type ArmyCode = 'unknown-troop' | 'mixed-faction' | 'over-points' | 'quality-not-played';

export interface ArmyProblem {
  readonly code: ArmyCode;
  readonly path: string;
  readonly message: string;
}

export function checkArmy(army: Army, troops: TroopIndex, limits: ArmyLimits = DEFAULT_ARMY_LIMITS): { points: number; problems: ArmyProblem[] } {
  const problems: ArmyProblem[] = [];
  let points = 0;
  army.units.forEach((entry, i) => {
    const card = troops.get(entry.troop);
    if (!card) {
      problems.push({ code: 'unknown-troop', path: `units[${i}].troop`, message: `no troop card "${entry.troop}"${didYouMean(entry.troop, troops.keys())}` });
      return;
    }
    points += card.points * entry.count;
    // A flyer or a siege weapon would be played as a plain ground troop, which the rulebook never gives.
    const unplayed = card.qualities.find((q) => UNPLAYED_TROOP_QUALITIES.includes(q));
    if (unplayed)
      problems.push({ code: 'quality-not-played', path: `units[${i}].troop`, message: `"${card.id}" has ${unplayed}, a quality the bot does not play yet` });
    if (card.faction !== army.faction) {
      problems.push({
        code: 'mixed-faction',
        path: `units[${i}].troop`,
        message: `"${card.id}" is a ${card.faction} troop; a ${army.faction} army takes ${army.faction} troops only`,
      });
    }
  });
  if (points > limits.points) {
    problems.push({ code: 'over-points', path: 'units', message: `the army costs ${points} points; this battle allows ${limits.points} a side` });
  }
  return { points, problems };
}
