/**
 * A unit's space on the board: a square of 1×1, 2×2 or 3×3 squares named by its top-left square.
 * Board geometry only, so every game uses it; each game maps its sizes to spans.
 */
import { cornerCut, isDiagonal, type Board } from './board';

/** How many squares wide (and deep) a unit's space is: 1×1, 2×2 or 3×3. Each game maps its sizes to spans. */
export type Span = 1 | 2 | 3;

/** The squares of a span×span space whose top-left is `at`, row by row (check fitsOnBoard first). */
export function footprint(board: Pick<Board, 'width'>, at: number, span: Span): number[] {
  const w = board.width;
  if (span === 1) return [at];
  if (span === 2) return [at, at + 1, at + w, at + w + 1];
  return [at, at + 1, at + 2, at + w, at + w + 1, at + w + 2, at + 2 * w, at + 2 * w + 1, at + 2 * w + 2];
}

/** Whether a span×span space from top-left `at` stays on the board. */
export function fitsOnBoard(board: Pick<Board, 'width' | 'height'>, at: number, span: Span): boolean {
  if (at < 0 || at >= board.width * board.height) return false;
  return at % board.width <= board.width - span && Math.floor(at / board.width) <= board.height - span;
}

/** The squares a step of a span×span space from `from` to `to` newly covers: its new space less its old. */
export function newlyCovered(board: Pick<Board, 'width'>, from: number, to: number, span: Span): number[] {
  // A 1×1 space's step newly covers just where it goes (the commonest step, on every path searched).
  if (span === 1) return from === to ? [] : [to];
  const before = footprint(board, from, span);
  return footprint(board, to, span).filter((s) => !before.includes(s));
}

/**
 * Whether a diagonal step of a span×span space cuts a closed corner (board.ts `cornerCut`, with the
 * game's `closes` and `together`): the corners its leading squares pass, each newly covered square
 * stepping from the square it moves from, so `together` is asked about each such square's two
 * neighbours beside its step (one may be the space's own). An orthogonal step cuts no corner.
 */
export function spaceCutsCorner(
  board: Board,
  from: number,
  to: number,
  span: Span,
  closes: (i: number) => boolean,
  together?: (s1: number, s2: number) => boolean,
): boolean {
  if (!isDiagonal(board, from, to)) return false;
  // A 1×1 space newly covers just `to`, stepping from `from` (the commonest step, on every path searched).
  if (span === 1) return cornerCut(board, from, to, closes, together);
  const delta = to - from;
  return newlyCovered(board, from, to, span).some((s) => cornerCut(board, s - delta, s, closes, together));
}
