/**
 * Trampling (SC Movement d; rulings SC121–SC123): who a move may trample, the attack it tramples
 * with, the straight line it must keep through the target's space, and the −2 on opportunity attacks
 * against it. Pure answers; a Move plays them in match/trample.ts (ruling SC134).
 */
import type { Board } from '../../../engine/board';
import { footprint } from '../../../engine/footprint';
import type { TroopAttack, TroopCard } from '../formats/troop-card';
import { SIZE_RANK, type ScSize } from '../formats/vocabulary';
import type { Modifier } from './melee';
import { type Piece, spanOf } from './table';

/** SC Movement d: the size modifier of a trample's damage: 0 for Medium (or Cavalry), +1 Large, +2 Huge. */
const SIZE_DAMAGE: Readonly<Record<ScSize, number>> = { small: 0, medium: 0, large: 1, huge: 2 };

/** The id of the trample made with the rulebook's own numbers (SC Movement d), when the card has no stomp-like attack. */
export const TRAMPLE_ID = 'trample';

/**
 * Ruling SC121: the "stomp, slam, etc." attacks a troop tramples with are its melee attacks named
 * Stomp, Slam, Trample, Rush, Charge or Ram (a word of the name, any case), and a Cavalry troop's Lance.
 */
const STOMP_WORDS = /\b(stomp|slam|trample|rush|charge|ram|lance)\b/i;

/** Whether a melee attack is one the troop tramples with (ruling SC121). */
function isStompLike(card: Pick<TroopCard, 'qualities'>, attack: TroopAttack): boolean {
  if (attack.range !== undefined) return false;
  const word = STOMP_WORDS.exec(attack.name)?.[1]?.toLowerCase();
  if (word === undefined) return false;
  return word !== 'lance' || card.qualities.includes('Cavalry');
}

/** SC Movement d: a target may be trampled when it is an enemy smaller than the mover. */
export const mayTrample = (mover: ScSize, target: ScSize): boolean => SIZE_RANK[mover] > SIZE_RANK[target];

/** What a trample's attack depends on besides the card: the order, and whether the mover began the turn next to the target. */
export interface TrampleCase {
  readonly charging: boolean;
  readonly startedNextTo: boolean;
}

/**
 * The attacks a troop may trample a target with (SC Movement d): its stomp-like attacks (ruling
 * SC121), a Charge Only one only on a Charge (SC App. B Charge Only) and never at a target it started
 * the turn next to; when none of them may be used, the rulebook's trample (ruling SC122): to-hit its
 * lowest melee attack's, damage d6 + Strength + the size modifier.
 */
export function trampleAttacks(card: TroopCard, c: TrampleCase): TroopAttack[] {
  const chargeOnly = (a: TroopAttack) => a.qualities.some((q) => q.name === 'Charge Only');
  const own = card.attacks.flat().filter((a) => isStompLike(card, a) && !(chargeOnly(a) && (!c.charging || c.startedNextTo)));
  if (own.length > 0) return own;
  return [rulebookTrample(card)];
}

/** Ruling SC122: the rulebook's trample: to-hit its lowest melee attack's (0 with none), damage d6 + Strength + the size modifier. */
export function rulebookTrample(card: TroopCard): TroopAttack {
  const melee = card.attacks.flat().filter((a) => a.range === undefined);
  const toHit = melee.length > 0 ? Math.min(...melee.map((a) => a.toHit)) : 0;
  return { id: TRAMPLE_ID, name: 'Trample', toHit, dmg: { bonus: card.str + SIZE_DAMAGE[card.size] }, atk: 1, qualities: [] };
}

/** The attack a trample `id` names: the rulebook's trample, or the card's own attack of that id. */
export const trampleAttackOf = (card: TroopCard, id: string): TroopAttack | undefined =>
  id === TRAMPLE_ID ? rulebookTrample(card) : card.attacks.flat().find((a) => a.id === id);

/**
 * SC Movement d: an opportunity attack on a trampling troop by the troop it tramples, or by a troop
 * next to that one, is made at −2.
 */
export const trampledReplyModifiers = (byTargetOrNextToIt: boolean): Modifier[] => (byTargetOrNextToIt ? [{ why: 'trampling', value: -2 }] : []);

/** Where a path crosses a target's space: the index of the step that first enters it, and of the step that clears it (null: it never does). */
export interface Crossing {
  readonly enters: number;
  readonly clears: number | null;
  /** Every step from entering to clearing goes the way the entering step went (ruling SC123). */
  readonly straight: boolean;
}

/**
 * How the path from `start` crosses `target`'s space, or null when it never enters it. Ruling SC123:
 * "the square opposite the one it entered the target's space from" is where the mover stands once it
 * has kept the direction of its entering step until its space no longer overlaps the target's.
 */
export function crossing(board: Pick<Board, 'width'>, mover: Piece, start: number, path: readonly number[], target: Piece): Crossing | null {
  const theirs = new Set(footprint(board, target.at, spanOf(target.size)));
  const overlaps = (at: number) => footprint(board, at, spanOf(mover.size)).some((s) => theirs.has(s));
  const w = board.width;
  const step = (from: number, to: number) => `${(to % w) - (from % w)},${Math.floor(to / w) - Math.floor(from / w)}`;
  const enters = path.findIndex((at) => overlaps(at));
  if (enters < 0) return null;
  const before = enters === 0 ? start : path[enters - 1]!;
  const way = step(before, path[enters]!);
  let straight = true;
  for (let i = enters + 1; i < path.length; i++) {
    if (step(path[i - 1]!, path[i]!) !== way) straight = false;
    if (!overlaps(path[i]!)) return { enters, clears: i, straight };
  }
  return { enters, clears: null, straight };
}

/**
 * Ruling SC123: the squares a mover stopped inside `target` would still walk, straight on the way it
 * entered, to clear it (at most as many as the two spaces' spans; off the board: none, it cannot go on).
 */
export function onThrough(board: Pick<Board, 'width' | 'height'>, mover: Piece, path: readonly number[], start: number, target: Piece): number[] | null {
  const c = crossing(board, mover, start, path, target);
  if (c === null || c.clears !== null || !c.straight) return null;
  const w = board.width;
  const last = path[path.length - 1]!;
  const before = path.length > 1 ? path[path.length - 2]! : start;
  const [dc, dr] = [(last % w) - (before % w), Math.floor(last / w) - Math.floor(before / w)];
  const theirs = new Set(footprint(board, target.at, spanOf(target.size)));
  const out: number[] = [];
  let [col, row] = [last % w, Math.floor(last / w)];
  for (let k = 0; k < spanOf(mover.size) + spanOf(target.size); k++) {
    [col, row] = [col + dc, row + dr];
    if (col < 0 || row < 0 || col >= w || row >= board.height) return null;
    const at = row * w + col;
    out.push(at);
    if (!footprint(board, at, spanOf(mover.size)).some((s) => theirs.has(s))) return out;
  }
  return null;
}
