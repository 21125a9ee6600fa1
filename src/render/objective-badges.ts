/**
 * An objective's number drawn over the tokens when one stands on it. The board picture (terrain.ts)
 * draws each objective's number in its first square's top-left corner, and a token there covers it
 * (issue 26: "holding objective 2", and the "2" under the token could not be seen). So, after the
 * tokens, each such number is drawn again in a gold diamond centred on that square's bottom-left corner,
 * on the objective's gold outline: three quarters of it lie outside the token's square, and it is
 * drawn over the token, so no token hides it. Only the token's bottom-left corner goes under it (its
 * fourth status badge, the end of its row of action tokens).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { BoardView } from './board-view';
import { font } from './fonts';
import type { BoardGeometry } from './layout';
import { OBJECTIVE, OBJECTIVE_INK } from './palette';

/**
 * Where an objective's badge goes, its area's first square's bottom-left corner, and its text size.
 * Not the top-left corner, where the board draws the number: a reach overlay's costs sit in its
 * squares' bottom-left corners, and the one in the square above would go under the badge.
 */
export function objectiveBadgeSpot(g: BoardGeometry, board: BoardView, area: readonly number[], textPx: number) {
  const first = Math.min(...area);
  const px = Math.max(g.cell * 0.36, textPx);
  return {
    col: first % board.width,
    row: Math.floor(first / board.width),
    x: g.margin + (first % board.width) * g.cell,
    y: g.margin + (Math.floor(first / board.width) + 1) * g.cell,
    px,
    r: px * 0.56,
  };
}

/**
 * Draws the number of each objective whose first square is `held` (a unit stands on it) in
 * a badge over whatever stands there, the number at least `textPx` (a close-up's text size) or as
 * large as the board's own (0.36 of a square).
 */
export function objectiveBadges(ctx: SKRSContext2D, g: BoardGeometry, board: BoardView, held: (col: number, row: number) => boolean, textPx = 0): void {
  board.objectives.forEach((area, n) => {
    if (area.length === 0) return;
    const spot = objectiveBadgeSpot(g, board, area, textPx);
    if (!held(spot.col, spot.row)) return;
    ctx.save();
    // A diamond, the objective's own shape: a round gold badge with a number was read as a charge's
    // step marker or a unit's tag (playtest round 14), both of which are round.
    const d = spot.r * 1.3;
    ctx.beginPath();
    ctx.moveTo(spot.x, spot.y - d);
    ctx.lineTo(spot.x + d, spot.y);
    ctx.lineTo(spot.x, spot.y + d);
    ctx.lineTo(spot.x - d, spot.y);
    ctx.closePath();
    ctx.fillStyle = OBJECTIVE;
    ctx.fill();
    ctx.lineWidth = Math.max(1.5, spot.px * 0.12);
    ctx.strokeStyle = OBJECTIVE_INK;
    ctx.stroke();
    ctx.font = font(spot.px, 'bold');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = OBJECTIVE_INK;
    // The engine's scoring counts objectives from 1, as the log names them.
    ctx.fillText(`${n + 1}`, spot.x, spot.y + spot.px * 0.04);
    ctx.restore();
  });
}
