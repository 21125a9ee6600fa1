/**
 * The squares a projected attack's template covers (SC App. B Cone, Fan, Line, Aura; SC Melee c;
 * rulings SC45–SC47): pure geometry on the grid, one square an inch. The attacker's own squares are
 * never covered; squares off the board are not either.
 *
 * Points are in inches from the board's top-left corner, a square (c, r) spanning [c, c+1]×[r, r+1].
 * A template starts at the centre of the attacker's space and points at the centre of the aimed
 * troop's space (ruling SC45).
 * - Cone (45°) and Fan (90°): a circular sector with that angle, split evenly about the aim, reaching
 *   `length` inches past the side of the attacker's space (its radius is half the space's width plus
 *   the length). A square is covered when at least half of it lies under the sector, judged on an
 *   8×8 grid of points in the square, points on the sector's edge counting as under it (ruling SC46).
 * - Line: the ray from the centre through the aim; the `length` squares it passes through first,
 *   past the attacker's space. A ray through a grid corner goes on into the square diagonally past
 *   it (the two beside the corner are not under it); a ray along a grid line takes the squares
 *   below it, or right of it (ruling SC46: the attacker's choice the rulebook gives, made once).
 * - Aura: every square within `length` inches of the attacker's space, counted as a shot's range is
 *   (ruling SC18).
 */
import { openGroundDistance } from '../../../engine/distance';
import type { TroopAttack } from '../formats/troop-card';
import { DIAGONAL_RULE } from './movement';
import { groundAndHover, type Piece, type ScTable, spanOf } from './table';

/** The projected attacks' templates (SC Melee c), in the order the rulebook lists them. */
export const TEMPLATE_SHAPES = ['Cone', 'Line', 'Aura', 'Fan'] as const;
export type TemplateShape = (typeof TEMPLATE_SHAPES)[number];

export interface Template {
  readonly shape: TemplateShape;
  /** Cone, Fan and Line: inches from the attacker's space; Aura: its size in inches. */
  readonly length: number;
}

/** The attack's template, or null for an attack without one. */
export function templateOf(attack: TroopAttack): Template | null {
  const q = attack.qualities.find((x) => (TEMPLATE_SHAPES as readonly string[]).includes(x.name));
  return q ? { shape: q.name as TemplateShape, length: q.value ?? 1 } : null;
}

/** Half of each sector's angle, in radians: Cone 45° (SC App. B Cone), Fan 90° (SC App. B Fan). */
const HALF_ANGLE: Readonly<Record<'Cone' | 'Fan', number>> = { Cone: Math.PI / 8, Fan: Math.PI / 4 };

/** Points tried along each side of a square, and how many of them must be under a sector (at least half). */
const GRID = 8;
const HALF = (GRID * GRID) / 2;

/** Slack for points on a sector's edge, which count as under it (floating point would split them at random). */
const EDGE = 1e-9;

/** A space's centre, in inches. */
export function centreOf(table: ScTable, p: Piece): readonly [number, number] {
  const w = table.board.width;
  const half = spanOf(p.size) / 2;
  return [(p.at % w) + half, Math.floor(p.at / w) + half];
}

function squaresOf(table: ScTable, p: Piece): Set<number> {
  const w = table.board.width;
  const span = spanOf(p.size);
  const out = new Set<number>();
  for (let r = 0; r < span; r++) for (let c = 0; c < span; c++) out.add(p.at + r * w + c);
  return out;
}

function sector(table: ScTable, attacker: Piece, aim: readonly [number, number], shape: 'Cone' | 'Fan', length: number): number[] {
  const { width, height } = table.board;
  const [ox, oy] = centreOf(table, attacker);
  const norm = Math.hypot(aim[0] - ox, aim[1] - oy);
  const [ux, uy] = [(aim[0] - ox) / norm, (aim[1] - oy) / norm];
  const radius = spanOf(attacker.size) / 2 + length;
  const cos = Math.cos(HALF_ANGLE[shape]);
  const under = (x: number, y: number): boolean => {
    const [dx, dy] = [x - ox, y - oy];
    const dist = Math.hypot(dx, dy);
    return dist <= radius + EDGE && dx * ux + dy * uy >= dist * cos - EDGE;
  };
  const own = squaresOf(table, attacker);
  const out: number[] = [];
  const [c0, c1] = [Math.max(0, Math.floor(ox - radius)), Math.min(width - 1, Math.ceil(ox + radius))];
  const [r0, r1] = [Math.max(0, Math.floor(oy - radius)), Math.min(height - 1, Math.ceil(oy + radius))];
  for (let r = r0; r <= r1; r++)
    for (let c = c0; c <= c1; c++) {
      if (own.has(r * width + c)) continue;
      let n = 0;
      for (let i = 0; i < GRID; i++) for (let j = 0; j < GRID; j++) if (under(c + (i + 0.5) / GRID, r + (j + 0.5) / GRID)) n++;
      if (n >= HALF) out.push(r * width + c);
    }
  return out;
}

/** Steps along a Line's ray, in inches: small enough that no square it crosses is stepped over. */
const STEP = 1 / 64;

/**
 * The squares the ray from the centre of `from`'s space through `aim` passes through, past that space,
 * in the order it meets them, while `more` allows the next one (it is given the square and how many
 * are taken already) and the board lasts. Shared by Line (ruling SC46) and a Direct Line shot's flight
 * (ruling SC51).
 */
export function raySquares(table: ScTable, from: Piece, aim: readonly [number, number], more: (square: number, taken: number) => boolean): number[] {
  const { width, height } = table.board;
  const [ox, oy] = centreOf(table, from);
  const norm = Math.hypot(aim[0] - ox, aim[1] - oy);
  if (norm === 0) return [];
  const [ux, uy] = [(aim[0] - ox) / norm, (aim[1] - oy) / norm];
  const own = squaresOf(table, from);
  const out: number[] = [];
  // Points are taken half a step apart from the grid's own spacing, so none falls exactly on a grid
  // corner (which would name a square the ray only touches); a ray along a grid line keeps that
  // line's coordinate exactly, and Math.floor puts it in the square below or right of it.
  for (let k = 0; ; k++) {
    const t = (k + 0.5) * STEP;
    const [x, y] = [ox + ux * t, oy + uy * t];
    const [c, r] = [Math.floor(x), Math.floor(y)];
    if (c < 0 || r < 0 || c >= width || r >= height) break;
    const s = r * width + c;
    if (own.has(s) || out[out.length - 1] === s || out.includes(s)) continue;
    if (!more(s, out.length)) break;
    out.push(s);
  }
  return out;
}

const line = (table: ScTable, attacker: Piece, aim: readonly [number, number], length: number): number[] =>
  raySquares(table, attacker, aim, (_, taken) => taken < length);

/** Inches from `p`'s space to `square`, counted as a shot's range is (ruling SC18); 0 for a square of the space. */
export function inchesFromSpace(table: ScTable, p: Piece, square: number): number {
  const w = table.board.width;
  const span = spanOf(p.size);
  const [ac, ar] = [p.at % w, Math.floor(p.at / w)];
  const [c, r] = [square % w, Math.floor(square / w)];
  const dx = Math.max(0, c - (ac + span - 1), ac - c);
  const dy = Math.max(0, r - (ar + span - 1), ar - r);
  return openGroundDistance(dx, dy, DIAGONAL_RULE);
}

function aura(table: ScTable, attacker: Piece, length: number): number[] {
  const n = table.board.width * table.board.height;
  const out: number[] = [];
  for (let s = 0; s < n; s++) {
    const inches = inchesFromSpace(table, attacker, s);
    if (inches > 0 && inches <= length) out.push(s);
  }
  return out;
}

/**
 * The squares `template` covers, aimed from `attacker` at the point `aim` (inches; an Aura ignores it),
 * in board order for a Cone, Fan or Aura and in the order the ray meets them for a Line. An aim at the
 * attacker's own centre covers nothing but an Aura's squares.
 */
export function templateSquares(table: ScTable, attacker: Piece, template: Template, aim: readonly [number, number]): number[] {
  if (template.shape === 'Aura') return aura(table, attacker, template.length);
  const [ox, oy] = centreOf(table, attacker);
  if (aim[0] === ox && aim[1] === oy) return [];
  if (template.shape === 'Line') return line(table, attacker, aim, template.length);
  return sector(table, attacker, aim, template.shape, template.length);
}

/** The squares `template` covers aimed at `target`'s space (ruling SC45). */
export const templateAt = (table: ScTable, attacker: Piece, template: Template, target: Piece): number[] =>
  templateSquares(table, attacker, template, centreOf(table, target));

/**
 * The troops with a square among `squares`, other than the attacker, in board order of their top-left
 * squares: those on the ground and hovering (SC Flight Hover: an attack on a square hits both).
 */
export function troopsUnder(table: ScTable, squares: readonly number[], attacker: string): Piece[] {
  const ids = new Set<string>();
  for (const s of squares) for (const who of groundAndHover(table, s)) if (who !== attacker) ids.add(who);
  return [...ids].map((id) => table.pieces.get(id)!).sort((a, b) => a.at - b.at);
}
