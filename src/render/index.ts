/**
 * The renderer's public face: map images, stat cards and alt text. Everything here is a pure
 * function of its arguments (fonts are loaded once, on first use).
 */
import type { GameState } from '../engine/state';
import { header, mapAltText } from './alt-text';
import { drawMap } from './map';
import { sentence } from './last-turn-words';
import { toMapView, type ViewRequest } from './view';

export { altText, describeMap, mapAltText, DISCORD_ALT_TEXT_LIMIT } from './alt-text';
export { renderCard } from './card';
export { drawMap, renderMap } from './map';
export { toMapView } from './view';
export type { MapView, ViewRequest, UnitView, PlayerView, LastTurnView, Happening } from './view';

/**
 * The map image, its alt text, its headline and the last turn in sentences (as `eventSentences`
 * gives them), all from one view, for posting together.
 */
export function renderMapWithAlt(state: GameState, request: ViewRequest = {}): { png: Buffer; alt: string; headline: string; sentences: string[] } {
  const view = toMapView(state, request);
  return { png: drawMap(view), alt: mapAltText(view), headline: header(view), sentences: view.lastTurn?.happenings.map(sentence) ?? [] };
}

/**
 * The events in sentences, as the picture describes them ("GN attacked SP with Claw: rolled 14+1
 * against 11, hit."), for the turn log posted beside the map and the reply to each act.
 */
export function eventSentences(state: GameState, request: Pick<ViewRequest, 'lastTurn' | 'before' | 'names'>): string[] {
  return toMapView(state, request).lastTurn?.happenings.map(sentence) ?? [];
}
