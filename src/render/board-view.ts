/**
 * A map's board as plain data, for drawing: its squares, terrain, walls and areas. A game's view of
 * a match carries one; layout.ts and terrain.ts draw it.
 */
import type { Terrain, WoundType } from '../formats/vocabulary';

/** A square by name and grid position (0-based column and row). */
export interface Sq {
  readonly name: string;
  readonly col: number;
  readonly row: number;
}

/** An edge on the right of, or below, a square (the engine's edge numbering, spelled out). */
export interface EdgeView {
  readonly square: number;
  readonly side: 'right' | 'below';
}

/** The static map: shared by every view of the same map, so drawing can cache its picture. */
export interface BoardView {
  /** Names the map's content (engine/table.ts boardKey): what the board picture is cached by. */
  readonly key: string;
  readonly id: string;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** Terrain flags (engine T) per square index. */
  readonly terrain: readonly number[];
  readonly walls: readonly EdgeView[];
  readonly lowCover: readonly EdgeView[];
  readonly damage: WoundType;
  readonly objectives: readonly (readonly number[])[];
  /** Start areas in player-number order (R5). */
  readonly startAreas: readonly (readonly number[])[];
  readonly defaultStartAreas: boolean;
  /** Terrain types that appear on the map, in vocabulary order (for the legend). */
  readonly terrains: readonly Terrain[];
}
