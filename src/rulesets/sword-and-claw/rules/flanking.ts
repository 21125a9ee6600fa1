/**
 * Flanking (SC Flanking, SC App. C; ruling SC72): a troop is flanked when two different enemies stand
 * next to its space either on opposite sides of it, or one on a corner of it and the other on the
 * opposite corner or next to that corner. A flanked troop is struck in melee at +1 (SC To-Hit).
 *
 * The grid has no facing, so "sides" and "corners" are the map's: the squares of the ring round the
 * troop's space (rules/sweep.ts ringOf) along its north, east, south and west edges, and the four
 * squares touching it only at a corner. A troop of any size is flanked the same way (App. C says "a
 * creature"); a big enemy counts on every ring square it covers. For a one-square troop this is: two
 * enemies three or four places apart round its eight neighbours. Flyers flank only troops they may
 * fight hand to hand (ruling SC92).
 */
import { LEVELS, mayFight } from './altitude';
import { ringOf } from './sweep';
import { type Piece, pieceLevel, type ScTable } from './table';

/** Where a ring square lies round a space whose ring has `q` squares a quarter: a corner (0 NW, 1 NE, 2 SE, 3 SW) or a side (0 N, 1 E, 2 S, 3 W). */
const placeOf = (i: number, q: number): { corner: boolean; quarter: number } => ({ corner: i % q === 0, quarter: Math.floor(i / q) });

/** Whether enemies on ring squares `i` and `j` flank (SC App. C 1, 2); `n` is the ring's length. */
function flanks(i: number, j: number, n: number): boolean {
  const q = n / 4;
  const [a, b] = [placeOf(i, q), placeOf(j, q)];
  // 1. On opposite sides.
  if (!a.corner && !b.corner) return (a.quarter + 2) % 4 === b.quarter;
  // 2. One on a corner, the other on the opposite corner or a ring square next to it.
  const corner = a.corner ? i : j;
  const other = a.corner ? j : i;
  const opposite = (corner + 2 * q) % n;
  return other === opposite || other === (opposite + 1) % n || other === (opposite + n - 1) % n;
}

/**
 * The ids of `target`'s enemies next to it, by ring square round its space: at every level that may
 * fight it hand to hand (ruling SC92: as SC13 counts next to), so a square may hold two (ground and Hover).
 */
function enemiesRound(table: ScTable, target: Piece): string[][] {
  const level = pieceLevel(target);
  return ringOf(table, target).map((square) =>
    square === null
      ? []
      : LEVELS.flatMap((l) => {
          const id = table.layers[l][square];
          const p = id ? table.pieces.get(id) : undefined;
          return p && p.id !== target.id && p.player !== target.player && mayFight(level, l) ? [p.id] : [];
        }),
  );
}

/**
 * Whether `target` is flanked on `table` (SC Flanking). `target` need not be among the table's
 * pieces: a mover paused for an opportunity attack is left off the table and read where it stands.
 */
export function isFlanked(table: ScTable, target: Piece): boolean {
  let kept = flankedOn.get(table);
  if (!kept) flankedOn.set(table, (kept = new Map()));
  // The answer reads the table and these fields of the target, and nothing else.
  const key = `${target.id} ${target.player} ${target.size} ${target.at} ${target.altitude ?? ''}`;
  let flanked = kept.get(key);
  if (flanked === undefined) kept.set(key, (flanked = flankedNow(table, target)));
  return flanked;
}

/**
 * Answers kept per table: the AI weighs every strike at a troop, each reading whether it is flanked.
 * A table is never written to (rules/table.ts), so a kept answer is the one worked out again.
 */
const flankedOn = new WeakMap<ScTable, Map<string, boolean>>();

function flankedNow(table: ScTable, target: Piece): boolean {
  const round = enemiesRound(table, target);
  const n = round.length;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (flanks(i, j, n) && round[i]!.some((a) => round[j]!.some((b) => a !== b))) return true;
  return false;
}
