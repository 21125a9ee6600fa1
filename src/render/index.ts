/**
 * The renderer's public face: map images, stat cards and alt text. Everything here is a pure
 * function of its arguments (fonts are loaded once, on first use).
 */
import type { GameState } from '../engine/state';
import { DISCORD_ALT_TEXT_LIMIT, header, mapAltText } from './alt-text';
import { drawLegendCanvas, legendWords } from './legend';
import { drawMap } from './map';
import { encodePng } from './png';
import { sentence } from './last-turn-words';
import { toMapView, type ViewRequest } from './view';

export { altText, describeMap, mapAltText, DISCORD_ALT_TEXT_LIMIT } from './alt-text';
export { renderCard } from './card';
export { drawMap, renderMap } from './map';
export { toMapView } from './view';
export type { MapView, ViewRequest, UnitView, PlayerView, LastTurnView, Happening } from './view';

/** The map image and its alt text from one view, for posting together. */
export function renderMapWithAlt(state: GameState, request: ViewRequest = {}): { png: Buffer; alt: string; headline: string } {
  const view = toMapView(state, request);
  return { png: drawMap(view), alt: mapAltText(view), headline: header(view) };
}

/** A picture and its alt text. */
export interface Picture {
  readonly png: Buffer;
  readonly alt: string;
}

/**
 * The key to a match's maps (terrain on its map, how to read a token, statuses, how a turn is
 * drawn), posted once with the opening map; its alt text spells the whole key out.
 */
export function renderLegend(state: GameState, request: Pick<ViewRequest, 'names'> = {}): Picture {
  const view = toMapView(state, request);
  const words = legendWords(view);
  const alt = words.length <= DISCORD_ALT_TEXT_LIMIT ? words : `${words.slice(0, words.lastIndexOf(' ', DISCORD_ALT_TEXT_LIMIT - 1))}…`;
  return { png: encodePng(drawLegendCanvas(view)), alt };
}

/**
 * The events in sentences, as the picture describes them ("GN attacked SP with Claw: rolled 14+1
 * against 11, hit."), for the turn log posted beside the map and the reply to each act.
 */
export function eventSentences(state: GameState, request: Pick<ViewRequest, 'lastTurn' | 'before' | 'names'>): string[] {
  return toMapView(state, request).lastTurn?.happenings.map(sentence) ?? [];
}
