/**
 * The army check (SC Set-up 1, 2, 6; rulings SC1, SC110): an army list comes from one faction; its
 * core force spends no more than the battle's point total, and, when it has reserve forces, at least
 * half of it, each reserve no more than the points the core leaves; no troop has a quality that is
 * not played yet (not-yet.ts). Every problem is reported at once, each with the path of the
 * offending entry and a stable code.
 */
import { didYouMean } from '../../formats/suggest';
import type { Army, ArmyUnit } from './formats/army';
import type { TroopIndex } from './formats/catalog';
import { UNPLAYED_TROOP_QUALITIES } from './not-yet';

export interface ArmyLimits {
  /** The point total agreed for the battle, per side (SC Set-up 2). */
  readonly points: number;
}

/** Ruling SC2: a battle's point total when the challenge or league names none. */
export const DEFAULT_ARMY_LIMITS: ArmyLimits = { points: 200 };

export type ArmyCode = 'unknown-troop' | 'mixed-faction' | 'over-points' | 'quality-not-played' | 'core-under-half' | 'reserve-over-points';

export interface ArmyProblem {
  readonly code: ArmyCode;
  readonly path: string;
  readonly message: string;
}

export interface ArmyPoints {
  /** What the army fields at most: its core and its dearer reserve (SC Set-up 7: one reserve takes the field). */
  readonly points: number;
  readonly problems: ArmyProblem[];
  /** With reserves only: the core force's points and each reserve's. */
  readonly core?: number;
  readonly reserves?: readonly [number, number];
}

/** The points of one force's troops, each entry checked (card, faction, qualities) at `at[i]`. */
function forcePoints(army: Army, units: readonly ArmyUnit[], at: string, troops: TroopIndex, problems: ArmyProblem[]): number {
  let points = 0;
  units.forEach((entry, i) => {
    const path = `${at}[${i}].troop`;
    const card = troops.get(entry.troop);
    if (!card) {
      problems.push({ code: 'unknown-troop', path, message: `no troop card "${entry.troop}"${didYouMean(entry.troop, troops.keys())}` });
      return;
    }
    points += card.points * entry.count;
    // A siege weapon would be played as a plain troop that moves and attacks alone, which the rulebook never gives.
    const unplayed = card.qualities.find((q) => UNPLAYED_TROOP_QUALITIES.includes(q));
    if (unplayed) problems.push({ code: 'quality-not-played', path, message: `"${card.id}" has ${unplayed}, a quality the bot does not play yet` });
    if (card.faction !== army.faction) {
      problems.push({
        code: 'mixed-faction',
        path,
        message: `"${card.id}" is a ${card.faction} troop; a ${army.faction} army takes ${army.faction} troops only`,
      });
    }
  });
  return points;
}

export function checkArmy(army: Army, troops: TroopIndex, limits: ArmyLimits = DEFAULT_ARMY_LIMITS): ArmyPoints {
  const problems: ArmyProblem[] = [];
  const core = forcePoints(army, army.units, 'units', troops, problems);
  if (!army.reserves) {
    // Ruling SC1: a list without reserves is its core force alone, and may spend the whole total.
    if (core > limits.points)
      problems.push({ code: 'over-points', path: 'units', message: `the army costs ${core} points; this battle allows ${limits.points} a side` });
    return { points: core, problems };
  }
  const reserves = army.reserves.map((r, i) => forcePoints(army, r.units, `reserves[${i}].units`, troops, problems)) as [number, number];
  if (core > limits.points) {
    problems.push({ code: 'over-points', path: 'units', message: `the core force costs ${core} points; this battle allows ${limits.points} a side` });
  } else if (core * 2 < limits.points) {
    // SC Set-up 6: at least half of the points go on the core force.
    problems.push({
      code: 'core-under-half',
      path: 'units',
      message: `the core force costs ${core} points; at least half of the battle's ${limits.points} (${Math.ceil(limits.points / 2)}) must be spent on it`,
    });
  }
  // SC Set-up 6 (ruling SC110): each reserve is worth at most the points the core leaves.
  const left = Math.max(0, limits.points - core);
  reserves.forEach((points, i) => {
    if (points > left)
      problems.push({
        code: 'reserve-over-points',
        path: `reserves[${i}]`,
        message: `the ${i === 0 ? 'first' : 'second'} reserve costs ${points} points; the core force (${core}) leaves ${left} of the battle's ${limits.points}`,
      });
  });
  return { points: core + Math.max(...reserves), problems, core, reserves };
}
