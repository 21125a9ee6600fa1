/**
 * Who can attack whom, and at what odds (§4.1–§4.5, R17–R20, R29). Pure queries: decide() validates
 * attacks with these, and the bot and renderer show the same numbers, so a player never sees an
 * option the engine would refuse.
 */
import type { Attack } from '../formats/card';
import { adjacent, nearestIn } from './distance';
import { areEnemies } from './sides';
import { sight, type Body, type Occupancy, type Sight } from './sight';
import type { GameState, UnitState } from './state';
import { hasTrait, profile, type Profile } from './stats';
import { label, onMap, SIZE_RANK, squaresOf, tableOf } from './table';

/** Statuses that make their bearer Compromised (§6.2). */
const COMPROMISING = ['pinned', 'stunned', 'helpless', 'glamyred', 'compromised'] as const;

export function bodyOf(state: GameState, unit: UnitState): Body {
  return { squares: squaresOf(state, unit), size: SIZE_RANK[profile(state, unit).size] };
}

/** Occupancy for sight between two units: everyone else on the map. */
export function occupancyBetween(state: GameState, a: UnitState, b: UnitState): Occupancy {
  const { occupant } = tableOf(state);
  return (i) => {
    const who = occupant[i];
    if (who === null || who === undefined || who === a.id || who === b.id) return 0;
    return SIZE_RANK[state.cards[state.units[who]!.card]!.size];
  };
}

const sights = new WeakMap<object, Map<string, Sight>>();

/** Sight from one unit to another, traced once per table (who stands where) and pair. */
export function sightOf(state: GameState, looker: UnitState, target: UnitState): Sight {
  const table = tableOf(state);
  let cache = sights.get(table);
  if (!cache) sights.set(table, (cache = new Map()));
  const key = `${looker.id}@${looker.at}>${target.id}@${target.at}`;
  let seen = cache.get(key);
  if (!seen) {
    seen = sight(tableOf(state).board, occupancyBetween(state, looker, target), bodyOf(state, looker), bodyOf(state, target));
    cache.set(key, seen);
  }
  return seen;
}

/** R15 range from a to b, counted from a. */
export function rangeBetween(state: GameState, a: UnitState, b: UnitState): number {
  return nearestIn(tableOf(state).rangesFrom(squaresOf(state, a)), squaresOf(state, b));
}

export function areAdjacent(state: GameState, a: UnitState, b: UnitState): boolean {
  const t = tableOf(state);
  return onMap(a) && onMap(b) && adjacent(t.board, t.wallAt, squaresOf(state, a), squaresOf(state, b));
}

/** Enemies of `unit` adjacent to it. */
export function adjacentEnemies(state: GameState, unit: UnitState): UnitState[] {
  return Object.values(state.units).filter((u) => onMap(u) && areEnemies(state, u, unit) && areAdjacent(state, u, unit));
}

/**
 * Whether `target` is invisible to `looker` (§4.2 "Attacking Invisible Targets", R18): terrain hides it,
 * it has the Invisible status or trait, or it is Stealthy, has cover, and no enemy is adjacent to it.
 * See Invisible ignores all of these.
 */
export function invisibleTo(state: GameState, looker: UnitState, target: UnitState, seen: Sight = sightOf(state, looker, target)): boolean {
  if (hasTrait(state, looker, 'see-invisible')) return false;
  if (seen.hidden) return true;
  if (target.statuses.some((s) => s.status === 'invisible') || hasTrait(state, target, 'invisible')) return true;
  return hasTrait(state, target, 'stealthy') && seen.cover && adjacentEnemies(state, target).length === 0;
}

/** R29 flanking: two enemies each adjacent to the unit and to no other of their enemies, exactly 2 apart (3 for Big). */
export function flanked(state: GameState, unit: UnitState): boolean {
  const around = adjacentEnemies(state, unit).filter((e) => adjacentEnemies(state, e).every((x) => x.id === unit.id));
  const gap = profile(state, unit).size === 'big' ? 3 : 2;
  for (let i = 0; i < around.length; i++) {
    for (let j = i + 1; j < around.length; j++) if (rangeBetween(state, around[i]!, around[j]!) === gap) return true;
  }
  return false;
}

/** Compromised against this attacker (§6.2): by status, by flanking, or unable to see an attacker that sees it. */
export function compromisedAgainst(state: GameState, target: UnitState, attacker: UnitState): string | null {
  const status = target.statuses.find((s) => (COMPROMISING as readonly string[]).includes(s.status));
  if (status) return status.status;
  if (flanked(state, target)) return 'flanked';
  // R18: only when the attacker sees the target and the target does not see the attacker; terrain
  // that hides both from each other gives nobody +2.
  if (onMap(attacker) && !invisibleTo(state, attacker, target) && invisibleTo(state, target, attacker)) return 'cannot see the attacker';
  return null;
}

export interface AttackLine {
  /** Sum of every modifier to the d20. */
  readonly modifier: number;
  /** The number the d20 plus modifier must reach. */
  readonly need: number;
  /** Each modifier, as a player reads it: "cover −2". */
  readonly notes: readonly string[];
  readonly range: number;
  readonly cover: boolean;
  readonly invisible: boolean;
  /** R20: Helpless and adjacent is hit without a roll, critically. */
  readonly automatic: boolean;
}

export interface LineProblem {
  readonly code: string;
  readonly message: string;
}

/**
 * Everything about one attack from `attacker` at `target` before the die is rolled, or why it cannot
 * be made. `charge` adds R23's +2.
 */
export function attackLine(
  state: GameState,
  attacker: UnitState,
  attack: Attack,
  target: UnitState,
  opts: { charge?: boolean } = {},
): AttackLine | LineProblem {
  const who = label(state, target);
  if (!onMap(target)) return { code: 'no-target', message: `${who} is not on the map` };
  const seen = sightOf(state, attacker, target);
  if (!seen.visible) return { code: 'no-line-of-sight', message: `${label(state, attacker)} cannot see ${who}` };
  const range = rangeBetween(state, attacker, target);
  if (range > attack.range) return { code: 'out-of-range', message: `${who} is ${range} squares away; ${attack.name} reaches ${attack.range}` };
  const a: Profile = profile(state, attacker);
  const t: Profile = profile(state, target);
  const invisible = invisibleTo(state, attacker, target, seen);
  if (invisible && range >= a.wits) {
    return { code: 'invisible-too-far', message: `${who} is invisible to ${label(state, attacker)} and ${range} away; invisible targets must be closer than its Wits (${a.wits})` };
  }
  const notes: string[] = [`bonus ${sign(attack.bonus)}`];
  let modifier = attack.bonus;
  const add = (n: number, why: string) => {
    if (n === 0) return;
    modifier += n;
    notes.push(`${why} ${sign(n)}`);
  };
  add(a.attackModifier, 'auras');
  add(-a.injuries, 'injuries');
  if (seen.cover) add(range >= 12 ? -4 : -2, range >= 12 ? 'cover at range 12+' : 'cover');
  if (invisible) add(-4, 'invisible');
  const compromised = compromisedAgainst(state, target, attacker);
  if (compromised) add(2, `compromised (${compromised})`);
  if (opts.charge) add(2, 'charge');
  const adjacentNow = areAdjacent(state, attacker, target);
  let defence = t[attack.vs];
  if (attack.vs === 'armor' && !adjacentNow && hasTrait(state, target, 'shield')) defence += 2;
  const automatic = adjacentNow && target.statuses.some((s) => s.status === 'helpless');
  return { modifier, need: defence, notes, range, cover: seen.cover, invisible, automatic };
}

export const isProblem = (x: AttackLine | LineProblem): x is LineProblem => 'code' in x;

const sign = (n: number) => (n >= 0 ? `+${n}` : `−${-n}`);

/** Chance to hit (0–1) for a line: naturals 1 miss and 20 hit (R20). */
export function hitChance(line: AttackLine): number {
  if (line.automatic) return 1;
  let hits = 0;
  for (let d = 1; d <= 20; d++) if (d === 20 || (d !== 1 && d + line.modifier >= line.need)) hits++;
  return hits / 20;
}
