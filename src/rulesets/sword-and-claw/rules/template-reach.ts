/**
 * What a template aimed at a troop affects across the levels (SC Flight Hover, SC Flight "Special
 * attacks from other levels"; rulings SC96, SC100): the one place that says which squares of a Cone, Fan,
 * Line or Aura have effect and on which troops. rules/templates.ts draws the squares; this picks the
 * level they act at.
 *
 * - Aimed at a troop on the ground or Hovering: every square it covers acts on the ground and Hover
 *   alike ("hits ground AND hovering units in that space").
 * - Aimed at a troop at Low or High Altitude: it acts at that level only, as a missed shot at a flyer
 *   hits only its level (SC97).
 * - Aimed at a target higher than the attacker (heights as a shot counts them, ruling SC93): the
 *   template is 2 inches shorter a height, and the nearer half of the squares it then covers has no
 *   effect. That half is every square nearer the attacker's space than the square that is the
 *   middle one by distance (counted as a shot's range), so squares as far as each other are never
 *   split: at most half pass, none when it covers a single square.
 * An Aura is played the same way at a troop at another height (ruling SC100). A troop at Low or High
 * never aims a template lower (rules/flight-attacks.ts refuses it).
 */
import { heightsAbove, type Level, RANGE_PER_HEIGHT } from './altitude';
import { actingLevel, type Piece, pieceLevel, type ScTable, troopsActedOn } from './table';
import { inchesFromSpace, type Template, templateAt } from './templates';

export interface TemplateCover {
  /** Its length as it reaches: the card's, less 2 inches for each height the target is above the attacker. */
  readonly length: number;
  /** The squares it affects, in the order rules/templates.ts gives them. */
  readonly squares: readonly number[];
  /** The nearer half of the squares it covers, which has no effect (aimed up to another level); else empty. */
  readonly passed: readonly number[];
  /** The level it acts at: 'ground' for the ground and Hover together, else the target's. */
  readonly level: Level;
  /** The troops other than the attacker with a square among `squares` at that level, in board order of their top-left squares. */
  readonly troops: readonly Piece[];
}

/** The squares of `squares` nearer `attacker`'s space than the middle one by distance: those with no effect. */
function nearerHalf(table: ScTable, attacker: Piece, squares: readonly number[]): number[] {
  const inches = new Map(squares.map((s) => [s, inchesFromSpace(table, attacker, s)]));
  const edge = [...inches.values()].sort((a, b) => a - b)[Math.floor(squares.length / 2)];
  return edge === undefined ? [] : squares.filter((s) => inches.get(s)! < edge);
}

/** The troops other than `except` an attack acting at `level` hits on `squares` (table.ts troopsActedOn), in board order of their top-left squares. */
export function troopsAt(table: ScTable, level: Level, squares: readonly number[], except: string): Piece[] {
  const ids = new Set(squares.flatMap((s) => troopsActedOn(table, level, s)).filter((who) => who !== except));
  return [...ids].map((id) => table.pieces.get(id)!).sort((a, b) => a.at - b.at);
}

/** What `template` aimed from `attacker` at `target` affects (ruling SC96). */
export function templateCover(table: ScTable, attacker: Piece, template: Template, target: Piece): TemplateCover {
  const at = pieceLevel(target);
  const heights = heightsAbove(pieceLevel(attacker), at);
  const length = Math.max(0, template.length - RANGE_PER_HEIGHT * heights);
  const covered = length === 0 ? [] : templateAt(table, attacker, { ...template, length }, target);
  const passed = heights > 0 ? nearerHalf(table, attacker, covered) : [];
  const squares = covered.filter((s) => !passed.includes(s));
  const level = actingLevel(at);
  const troops = troopsAt(table, level, squares, attacker.id);
  return { length, squares, passed, level, troops };
}
