/**
 * The table as any game shows it (docs/rulesets.md §1 "View"): plain data a game builds from its own
 * state and the renderer draws (table-picture.ts) without knowing the game. Every rule-bound fact
 * (who stands where, wounds, statuses, what happened) is decided by the game; the view only says how
 * it looks and what it is called. Squares are named by column and row, 0-based, as formats/squares.ts
 * names them ("A1" is column 0, row 0).
 */

/**
 * How a square of ground is drawn: a fill and a glyph, so it reads without colour. A game maps its
 * own terrain onto these and names each in its legend.
 */
export const SQUARE_LOOKS = ['plain', 'brush', 'peaks', 'bricks', 'pillars', 'pit', 'smoke', 'flame', 'water'] as const;
export type SquareLook = (typeof SQUARE_LOOKS)[number];

export interface Square {
  readonly col: number;
  readonly row: number;
}

export interface TableBoard {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** Each square's look, by index (row × width + column). */
  readonly looks: readonly SquareLook[];
  /** A short text drawn in a square's corner (a water's depth), by index; none when left out. */
  readonly marks?: readonly (string | null)[];
  /** Areas of squares drawn over the ground: a side's deployment zone… */
  readonly areas: readonly TableArea[];
}

/** An area: hatched in its seat's colour (or a neutral ink) with a dashed outline, its tag in its first square. */
export interface TableArea {
  /** Square indices. */
  readonly squares: readonly number[];
  readonly seat: number | null;
  /** A short tag drawn in the area ("Z1"); the legend says what it is. */
  readonly tag: string;
  readonly words: string;
}

/** A side at the table: its seat (0-based) gives its colour and token shape. */
export interface TablePlayer {
  readonly seat: number;
  readonly name: string;
  /** What it plays ("Iron Company") and how it stands ("7 of 8 troops on the table"). */
  readonly words: string;
}

/** Marks counted on a token: wounds taken out of a troop's Wounds, injury boxes… (filled = taken). */
export interface TablePips {
  readonly filled: number;
  readonly total: number;
}

/** A status on a token: a short text for the badge ("H") and the word it stands for ("Hurt"). */
export interface TableBadge {
  readonly text: string;
  readonly word: string;
}

export interface TableUnit {
  readonly id: string;
  /** Short and unique on this table ("HS2"): drawn on the token. */
  readonly label: string;
  /** Its card's name ("Human Spearman"). */
  readonly name: string;
  readonly seat: number;
  /** Its top-left square, or null when it is not on the table (removed, not yet deployed). */
  readonly at: Square | null;
  /** Squares a side it covers: 1, 2 (Large) or 3 (Huge). */
  readonly span: 1 | 2 | 3;
  readonly pips: TablePips | null;
  readonly badges: readonly TableBadge[];
  /** A mark of its own in the token's top-left corner, apart from the badges (Sword and Claw: a flyer's altitude). */
  readonly marker?: TableBadge;
  /** Above the table (a flyer aloft): drawn after the others and smaller, so a unit under it still shows round it. */
  readonly aloft?: boolean;
  /** How it stands, in words for the strip and the alt text ("1 of 3 wounds", "Hurt", "removed"). */
  readonly condition: readonly string[];
  /** Out of play for good (removed, dropped): struck through in the strip. */
  readonly removed: boolean;
  /** Whose it is to act now: drawn with the active corners. */
  readonly active: boolean;
}

/** How a move's path is drawn: solid, dashed, dotted. */
export type PathStyle = 'solid' | 'dashed' | 'dotted' | 'dash-dot';

export type TableOverlay =
  /** A move: the top-left squares the unit stood on, in order, the first where it started. */
  | { readonly kind: 'path'; readonly unit: string; readonly squares: readonly Square[]; readonly style: PathStyle; readonly words: string }
  /**
   * An attack: a line from where the attacker stood to where the target stood (top-left squares and
   * spans, so a target removed by it is still pointed at), tagged with the target, the attacker and the result
   * ("RS2: HIT by HC, 1 wound", "HC: MISSED by RS1's opportunity attack").
   */
  | {
      readonly kind: 'attack';
      readonly from: Placed;
      readonly to: Placed;
      readonly tag: string;
      readonly hit: boolean;
      /** The tag as the numbered list gives it when it has no room on the board (the tag itself, for a game whose tags name both troops). */
      readonly listText: string;
      readonly words: string;
    }
  /** A unit removed from play: a cross where it stood, tagged REMOVED. */
  | { readonly kind: 'removed'; readonly unit: string; readonly where: Placed; readonly words: string }
  /** The squares an attack covered (an area, a template): shaded, with a dashed outline, under the tokens. */
  | { readonly kind: 'template'; readonly squares: readonly Square[]; readonly words: string };

/** Where a unit stood: its top-left square and its span. */
export interface Placed {
  readonly at: Square;
  readonly span: 1 | 2 | 3;
}

/** A line of the key under the picture: a ground look, a badge or a mark, with what it means. */
export type TableLegendEntry =
  | { readonly kind: 'look'; readonly look: SquareLook; readonly words: string }
  | { readonly kind: 'badge'; readonly text: string; readonly words: string }
  | { readonly kind: 'pips'; readonly words: string }
  | { readonly kind: 'area'; readonly seat: number | null; readonly words: string }
  | { readonly kind: 'path'; readonly style: PathStyle; readonly words: string }
  | { readonly kind: 'attack'; readonly words: string }
  | { readonly kind: 'removed'; readonly words: string }
  | { readonly kind: 'template'; readonly words: string };

export interface TableView {
  /** The first line of the header ("Reed Ford, round 2"). */
  readonly title: string;
  /** Further header lines ("Alice's turn: melee step"). */
  readonly lines: readonly string[];
  /** What the overlays show, for a close-up's caption ("Bob's last turn"); absent when nothing is marked. */
  readonly marks?: string;
  readonly board: TableBoard;
  readonly players: readonly TablePlayer[];
  /** Every unit of the match, on the table or not, in a fixed order. */
  readonly units: readonly TableUnit[];
  readonly overlays: readonly TableOverlay[];
  readonly legend: readonly TableLegendEntry[];
}
