/**
 * Who can attack whom, and at what odds (§4.1–§4.5, R17–R20, R29). Pure queries: decide() validates
 * attacks with these, and the bot and renderer show the same numbers, so a player never sees an
 * option the engine would refuse.
 */
import { cannotSee } from './sight-words';
import type { Attack } from '../formats/card';
import { nearestIn } from '../../../engine/distance';
import { areEnemies } from './sides';
import { type Blocker, mayHide, sight, sightBlockers, sightLine, type Body, type Occupancy, type Sight, type SightLine } from '../../../engine/sight';
import type { GameState, UnitState } from './state';
import { hasTrait, profile, type Profile } from './stats';
import { cardOf, label, onMap, SIZE_RANK, squaresOf, tableMemo, tableOf, unitList } from './table';

/** Statuses that make their bearer Compromised (§6.2). */
const COMPROMISING = ['pinned', 'stunned', 'helpless', 'glamyred', 'compromised'] as const;

export function bodyOf(state: GameState, unit: UnitState): Body {
  return { squares: squaresOf(state, unit), size: SIZE_RANK[profile(state, unit).size] };
}

/** Occupancy for sight between two units: everyone else on the map. */
export function occupancyBetween(state: GameState, a: UnitState, b: UnitState): Occupancy {
  return occupancyOf(state, a.id, b.id);
}

/** What stops each sight line from looker to target (R17), for a refusal's words; null when it sees. */
export function blockedLines(state: GameState, looker: UnitState, target: UnitState): Blocker[][] | null {
  return sightBlockers(tableOf(state).board, occupancyBetween(state, looker, target), bodyOf(state, looker), bodyOf(state, target));
}

/**
 * The clear line a picture draws from looker to target (engine/sight.ts sightLine, the same walk as
 * sightOf), everyone else in the way as for an attack; null when no line is clear.
 */
export function sightLineOf(state: GameState, looker: UnitState, target: UnitState): SightLine | null {
  if (looker.at === null || target.at === null) return null;
  return sightLine(tableOf(state).board, occupancyBetween(state, looker, target), bodyOf(state, looker), bodyOf(state, target));
}

/** Per table, looker id and target id: the last sight traced between them, with their places. */
const SIGHTS = Symbol('sights');
type Sights = Map<string, Map<string, { readonly from: number | null; readonly to: number | null; readonly sight: Sight }>>;

/** Sight from one unit to another, traced once per table (who stands where) and pair. */
export function sightOf(state: GameState, looker: UnitState, target: UnitState): Sight {
  const cache = tableMemo(tableOf(state), SIGHTS, (): Sights => new Map());
  let from = cache.get(looker.id);
  if (!from) cache.set(looker.id, (from = new Map()));
  const known = from.get(target.id);
  if (known && known.from === looker.at && known.to === target.at) return known.sight;
  const seen = nearbySight(state, bodyOf(state, looker), bodyOf(state, target), looker.id, target.id);
  from.set(target.id, { from: looker.at, to: target.at, sight: seen });
  return seen;
}

/**
 * Sight depends only on the board and on what stands near the two units: every sight line lies in the
 * box holding both spaces, and a line only looks at squares touching it. So lines are traced once per
 * board for the same two spaces and the same units in and around that box, however the rest of the
 * table changes (another unit moving across the map leaves them alone).
 */
const boxSights = new WeakMap<object, Map<string, Sight>>();

function nearbySight(state: GameState, from: Body, to: Body, lookerId: string, targetId: string): Sight {
  const table = tableOf(state);
  const { board } = table;
  const w = board.width;
  let c0 = Infinity;
  let c1 = -Infinity;
  let r0 = Infinity;
  let r1 = -Infinity;
  const n = from.squares.length;
  for (let k = 0; k < n + to.squares.length; k++) {
    const sq = k < n ? from.squares[k]! : to.squares[k - n]!;
    const c = sq % w;
    const r = (sq - c) / w;
    if (c < c0) c0 = c;
    if (c > c1) c1 = c;
    if (r < r0) r0 = r;
    if (r > r1) r1 = r;
  }
  // The key spells out the occupancy of every square touching the box: each unit that covers one,
  // in table order (a later unit overwrites an earlier one on a shared square), with its size, and
  // whether it is one of the two (their own squares count as empty).
  // One character per square or unit (squares are below 40 × 40, so code units stay small).
  const codes: number[] = [from.squares.length, from.size];
  for (let k = 0; k < from.squares.length; k++) codes.push(from.squares[k]!);
  codes.push(to.squares.length, to.size);
  for (let k = 0; k < to.squares.length; k++) codes.push(to.squares[k]!);
  for (const id in state.units) {
    const u = state.units[id]!;
    if (u.at === null || u.dropped) continue;
    const size = cardOf(state, u).size;
    const span = size === 'big' ? 2 : 1;
    const c = u.at % w;
    const r = (u.at - c) / w;
    if (c + span - 1 < c0 - 1 || c > c1 + 1 || r + span - 1 < r0 - 1 || r > r1 + 1) continue;
    codes.push((u.at * 4 + SIZE_RANK[size]) * 2 + (u.id === lookerId || u.id === targetId ? 1 : 0));
  }
  const key = String.fromCharCode(...codes);
  let cache = boxSights.get(board);
  if (!cache) boxSights.set(board, (cache = new Map()));
  let seen = cache.get(key);
  if (!seen) {
    if (cache.size > 50000) cache.clear();
    seen = sight(board, occupancyOf(state, lookerId, targetId), from, to);
    cache.set(key, seen);
  }
  return seen;
}

function occupancyOf(state: GameState, a: string, b: string): Occupancy {
  const { occupant } = tableOf(state);
  return (i) => {
    const who = occupant[i];
    if (who === null || who === undefined || who === a || who === b) return 0;
    return SIZE_RANK[state.cards[state.units[who]!.card]!.size];
  };
}

/**
 * The squares `looker` sees (§4.1, R17): those where a unit of its own size would be in its sight, by
 * the one sight routine (engine/sight.ts `sight`) with every other unit in the way as for an attack.
 * Wall squares and its own are left out. What the sight overlay marks in sight or blocked.
 */
export function squaresInSight(state: GameState, looker: UnitState): Set<number> {
  const table = tableOf(state);
  const from = bodyOf(state, looker);
  const own = new Set(from.squares);
  const seen = new Set<number>();
  for (let i = 0; i < table.occupant.length; i++) {
    if (own.has(i) || table.wallAt(i)) continue;
    const there = table.occupant[i] ?? looker.id;
    if (sight(table.board, occupancyOf(state, looker.id, there), from, { squares: [i], size: from.size }).visible) seen.add(i);
  }
  return seen;
}

/** R15 range from a to b, counted from a. */
export function rangeBetween(state: GameState, a: UnitState, b: UnitState): number {
  return nearestIn(tableOf(state).rangesFrom(squaresOf(state, a)), squaresOf(state, b));
}

export function areAdjacent(state: GameState, a: UnitState, b: UnitState): boolean {
  return onMap(a) && onMap(b) && tableOf(state).touching(a.at!, cardOf(state, a).size, b.at!, cardOf(state, b).size);
}

/** Enemies of `unit` adjacent to it. */
export function adjacentEnemies(state: GameState, unit: UnitState): UnitState[] {
  return unitList(state).filter((u) => onMap(u) && areEnemies(state, u, unit) && areAdjacent(state, u, unit));
}

/**
 * Whether `target` is invisible to `looker` (§4.2 "Attacking Invisible Targets", R18): terrain hides it,
 * it has the Invisible status or trait, or it is Stealthy, has cover, and no enemy is adjacent to it.
 * See Invisible ignores all of these.
 */
export function invisibleTo(state: GameState, looker: UnitState, target: UnitState, seen?: Sight): boolean {
  return invisibility(state, looker, target, seen) !== null;
}

/**
 * Why `target` is invisible to `looker`, or null when it is not (invisibleTo): its own Invisible
 * status or trait, terrain (brush or smoke) hiding it, or Stealthy in cover. A roll's note names it, so
 * a unit in plain view on the map is not read as having a status it does not have (the roll's words
 * and the suggestions name it; the event's note stays 'invisible').
 */
export function invisibility(state: GameState, looker: UnitState, target: UnitState, seen?: Sight): 'status' | 'terrain' | 'stealthy' | null {
  if (hasTrait(state, looker, 'see-invisible')) return null;
  if (target.statuses.some((s) => s.status === 'invisible') || hasTrait(state, target, 'invisible')) return 'status';
  const stealthy = hasTrait(state, target, 'stealthy');
  // Lines are traced only when they matter: for cover, or when brush or smoke could hide the target.
  if (!seen && !stealthy && !mayHide(tableOf(state).board, squaresOf(state, looker), squaresOf(state, target))) return null;
  const sighted = seen ?? sightOf(state, looker, target);
  if (sighted.hidden) return 'terrain';
  return stealthy && sighted.cover && adjacentEnemies(state, target).length === 0 ? 'stealthy' : null;
}

const FLANKS = Symbol('flanks');

/** R29 flanking: two enemies each adjacent to the unit and to no other of their enemies, exactly 2 apart (3 for Big). */
export function flanked(state: GameState, unit: UnitState): boolean {
  // Only who stands where matters, so once per table and place.
  const cache = tableMemo(tableOf(state), FLANKS, () => new Map<string, { readonly at: number | null; readonly flanked: boolean }>());
  const known = cache.get(unit.id);
  if (known && known.at === unit.at) return known.flanked;
  const is = isFlanked(state, unit);
  cache.set(unit.id, { at: unit.at, flanked: is });
  return is;
}

function isFlanked(state: GameState, unit: UnitState): boolean {
  const around = adjacentEnemies(state, unit).filter((e) => adjacentEnemies(state, e).every((x) => x.id === unit.id));
  const gap = profile(state, unit).size === 'big' ? 3 : 2;
  for (let i = 0; i < around.length; i++) {
    for (let j = i + 1; j < around.length; j++) if (rangeBetween(state, around[i]!, around[j]!) === gap) return true;
  }
  return false;
}

/** Compromised against this attacker (§6.2): by status, by flanking, or unable to see an attacker that sees it. */
export function compromisedAgainst(state: GameState, target: UnitState, attacker: UnitState): string | null {
  // R65: Glamyred compromises only while a failed roll holds.
  const status = target.statuses.find((s) => (COMPROMISING as readonly string[]).includes(s.status) && (s.status !== 'glamyred' || s.held));
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
 * What one unit's attacks at another share, whatever the attack: sight, range, and (once asked) the
 * invisibility, compromise and adjacency that set the odds. They depend on the table and on the two
 * unit objects alone (units never change in place), so they are kept per table and pair while both
 * objects are the same: the driver's and the bot's target lists, decide() and the roll ask in turn.
 */
interface Pair {
  readonly attacker: UnitState;
  readonly target: UnitState;
  readonly seen: Sight;
  readonly range: number;
  odds?: { readonly invisible: boolean; readonly compromised: string | null; readonly adjacent: boolean };
}

const PAIRS = Symbol('pairs');

function pairOf(state: GameState, attacker: UnitState, target: UnitState): Pair {
  const byAttacker = tableMemo(tableOf(state), PAIRS, () => new Map<string, Map<string, Pair>>());
  let byTarget = byAttacker.get(attacker.id);
  if (!byTarget) byAttacker.set(attacker.id, (byTarget = new Map()));
  const known = byTarget.get(target.id);
  if (known && known.attacker === attacker && known.target === target) return known;
  const seen = sightOf(state, attacker, target);
  // Range matters only when the target is visible (the refusals come in that order).
  const pair: Pair = { attacker, target, seen, range: seen.visible ? rangeBetween(state, attacker, target) : Number.POSITIVE_INFINITY };
  byTarget.set(target.id, pair);
  return pair;
}

function oddsOf(state: GameState, pair: Pair): NonNullable<Pair['odds']> {
  if (!pair.odds) {
    const { attacker, target } = pair;
    const invisible = invisibleTo(state, attacker, target, pair.seen);
    pair.odds = { invisible, compromised: compromisedAgainst(state, target, attacker), adjacent: areAdjacent(state, attacker, target) };
  }
  return pair.odds;
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
  // Names are spelled out only for a refusal: most lines asked for are not refused.
  if (!onMap(target)) return { code: 'no-target', message: `${label(state, target)} is not on the map` };
  const pair = pairOf(state, attacker, target);
  const { seen, range } = pair;
  if (!seen.visible) return { code: 'no-line-of-sight', message: cannotSee(state, attacker, target, blockedLines(state, attacker, target)) };
  if (range > attack.range)
    return { code: 'out-of-range', message: `${label(state, target)} is ${range} squares away; ${attack.name} reaches ${attack.range}` };
  const a: Profile = profile(state, attacker);
  const t: Profile = profile(state, target);
  const { invisible, compromised, adjacent: adjacentNow } = oddsOf(state, pair);
  if (invisible && range >= a.wits) {
    return {
      code: 'invisible-too-far',
      message: `${label(state, target)} is invisible to ${label(state, attacker)} and ${range} away; invisible targets must be closer than its Wits (${a.wits})`,
    };
  }
  const notes: string[] = [`bonus ${sign(attack.bonus)}`];
  let modifier = attack.bonus;
  modifier += noted(notes, a.attackModifier, 'auras');
  modifier += noted(notes, -a.injuries, 'injuries');
  if (seen.cover) modifier += noted(notes, range >= 12 ? -4 : -2, range >= 12 ? 'cover at range 12+' : 'cover');
  if (invisible) modifier += noted(notes, -4, 'invisible');
  if (compromised) modifier += noted(notes, 2, `compromised (${compromised})`);
  if (opts.charge) modifier += noted(notes, 2, 'charge');
  let defence = t[attack.vs];
  if (attack.vs === 'armor' && !adjacentNow && hasTrait(state, target, 'shield')) defence += 2;
  const automatic = adjacentNow && target.statuses.some((s) => s.status === 'helpless');
  return { modifier, need: defence, notes, range, cover: seen.cover, invisible, automatic };
}

/** A modifier, noted as a player reads it when it is not 0 ("cover −2"); returns it. */
function noted(notes: string[], n: number, why: string): number {
  if (n !== 0) notes.push(`${why} ${sign(n)}`);
  return n;
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
