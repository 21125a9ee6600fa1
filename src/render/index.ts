/**
 * The renderer's public face: what it draws for any game. A game's table as a TableView (the table
 * picture, its close-up and alt text), league standings, the alt text limit every picture is written
 * to, and freeing what drawing keeps. Everything here is a pure function of its arguments (fonts are
 * loaded once, on first use). Sellsword's own pictures (its map view, stat cards and log words) are
 * drawn in src/rulesets/sellsword/render/ with these pieces.
 */

/** A picture and its alt text. */
export interface Picture {
  readonly png: Buffer;
  readonly alt: string;
}

export { DISCORD_ALT_TEXT_LIMIT } from './alt-limit';
export { renderStandings, STANDINGS_PICTURE_ROWS, type StandingsPictureRow } from './standings';
export { releaseDrawingMemory } from './release';
export { withoutRuleCodes } from './plain-rules';
export { drawTableCanvas, renderTable } from './table-picture';
export { renderTableFocus } from './table-focus';
export { describeTable, tableAltText } from './table-alt';
export type { SquareLook, TableBadge, TableBoard, TableLegendEntry, TableOverlay, TablePips, TablePlayer, TableUnit, TableView } from './table-view';
