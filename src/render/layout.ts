/**
 * Where things go on the map image. The image is one column: header, board with coordinates on all
 * four sides, legend. A phone shows it scaled to its width, so everything sits under the board's
 * width and nothing beside it: a side panel would shrink the squares on a narrow screen.
 */
import type { BoardView, Sq } from './board-view';

export interface BoardGeometry {
  /** Side of one square in pixels. */
  readonly cell: number;
  /** Width of the coordinate margin on each side. */
  readonly margin: number;
  readonly width: number;
  readonly height: number;
}

/** Square size: about 1,000 px of board for small maps, never under 36 px a square (40×40 maps). */
export function boardGeometry(board: Pick<BoardView, 'width' | 'height'>): BoardGeometry {
  const cell = Math.max(36, Math.min(56, Math.floor(1000 / Math.max(board.width, board.height))));
  const margin = Math.round(cell * 0.9);
  return { cell, margin, width: board.width * cell + 2 * margin, height: board.height * cell + 2 * margin };
}

/** Text size for the header and legend: a fixed share of the image width, so it reads the same when scaled to a phone. */
export const textSize = (imageWidth: number): number => Math.max(22, Math.round(imageWidth / 32));

/** Pixel position of a square's top-left corner inside the board picture (coordinates included). */
export function cornerOf(g: BoardGeometry, at: Pick<Sq, 'col' | 'row'>): { x: number; y: number } {
  return { x: g.margin + at.col * g.cell, y: g.margin + at.row * g.cell };
}

/** Centre of a unit's space: its square, or the middle of its 2×2 or 3×3. */
export function centreOf(g: BoardGeometry, at: Pick<Sq, 'col' | 'row'>, span: 1 | 2 | 3): { x: number; y: number } {
  const c = cornerOf(g, at);
  return { x: c.x + (span * g.cell) / 2, y: c.y + (span * g.cell) / 2 };
}
