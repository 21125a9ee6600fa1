/**
 * Charge (SC Movement a; SC App. A Can't Run, Nimble Charger; rulings SC33–SC36): the inches a charge
 * allows, the straight line to the charged enemy, and where the d6 leaves the troop. The line is the
 * cheapest path to a square next to the enemy (then board order), so the player cannot swing wide
 * around an enemy to dodge its opportunity attack.
 */
import type { TroopCard } from '../formats/troop-card';
import { checkPath, reachable } from './movement';
import { areAdjacent } from './opportunity';
import type { Piece, ScTable } from './table';

/** SC Movement a: double the Move; SC App. A Can't Run: no double Move for a Charge. */
export const chargeAllowance = (card: Pick<TroopCard, 'move' | 'qualities'>): number => (card.qualities.includes("Can't Run") ? card.move : 2 * card.move);

/** SC App. A Nimble Charger: may first move up to its Move in any direction. */
export const isNimbleCharger = (card: Pick<TroopCard, 'qualities'>): boolean => card.qualities.includes('Nimble Charger');

export interface ChargeLine {
  /** Top-left squares entered, in order, up to a square next to the target. */
  readonly path: readonly number[];
  /** Inches spent at each square of `path`. */
  readonly spentAt: readonly number[];
}

/** Inches spent after each square of a path, as checkPath counts them (every second diagonal 2). */
export function spentAlong(table: ScTable, mover: Piece, path: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i <= path.length; i++) {
    const r = checkPath(table, mover, path.slice(0, i), Number.POSITIVE_INFINITY);
    out.push('code' in r ? Number.POSITIVE_INFINITY : r.spent);
  }
  return out;
}

/** Squared distance between top-left squares: of two ends as cheap, the one more squarely facing the target (ruling SC33). */
function apart(table: ScTable, at: number, target: Piece): number {
  const w = table.board.width;
  const dc = (at % w) - (target.at % w);
  const dr = Math.floor(at / w) - Math.floor(target.at / w);
  return dc * dc + dr * dr;
}

/**
 * The straight line from where `mover` stands to `target` (ruling SC33): the cheapest path, within the
 * charge's inches and the one space more a 5 or 6 gives, to a square where it stands next to the
 * target; null when none is that near. A mover already next to the target has an empty line.
 */
export function chargeLine(table: ScTable, mover: Piece, target: Piece, inches: number): ChargeLine | null {
  if (areAdjacent(table, mover, target)) return { path: [], spentAt: [] };
  // Every step moves at most one square each way and costs at least an inch: an enemy further off than
  // the search reaches (and the widest spaces) is out of charge without searching.
  const w = table.board.width;
  const far = Math.max(Math.abs((mover.at % w) - (target.at % w)), Math.abs(Math.floor(mover.at / w) - Math.floor(target.at / w)));
  if (far > inches + 3 + 4) return null;
  // One space more may cost 2 (a second diagonal) or 3 (difficult, on a diagonal): search that far.
  const found = [...reachable(table, mover, inches + 3)]
    .filter(([at]) => areAdjacent(table, { ...mover, at }, target))
    .sort(([a, pa], [b, pb]) => pa.spent - pb.spent || pa.path.length - pb.path.length || apart(table, a, target) - apart(table, b, target) || a - b);
  if (found.length === 0) return null;
  const path = found[0]![1].path;
  const spentAt = spentAlong(table, mover, path);
  // Within the inches, or one square short of the end within them (the 5 or 6's space).
  const within = spentAt.filter((s) => s <= inches).length;
  if (path.length - within > 1) return null;
  return { path, spentAt };
}

/** SC Movement a: the d6 after a charge. 1–2 one inch less (a step back if it used them all), 3–4 as moved, 5–6 one space more. */
export function chargeEnd(line: ChargeLine, inches: number, die: number): readonly number[] {
  const within = line.spentAt.filter((s) => s <= inches).length;
  if (die >= 5) return line.path.slice(0, Math.min(line.path.length, within + 1));
  if (die >= 3) return line.path.slice(0, within);
  // One inch less: a troop that used them all ends a square back; one that stopped short is where it stopped.
  return line.path.slice(0, line.spentAt.filter((s) => s <= inches - 1).length);
}
