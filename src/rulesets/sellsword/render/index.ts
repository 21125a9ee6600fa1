/**
 * Sellsword's pictures and words: its map images, close-ups, legend, stat cards, alt text and log
 * words, drawn with the generic renderer's pieces (src/render). Everything here is a pure
 * function of its arguments (fonts are loaded once, on first use).
 */
import { clip } from '../../../discord/text';
import type { GameState } from '../engine';
import { DISCORD_ALT_TEXT_LIMIT, type Picture } from '../../../render';
import { header, mapAltText } from './alt-text';
import { drawFocusCanvas, drawUnitStrip, unitStripAlt, focusAltText, focusWindow } from './focus';
import { drawLegendCanvas, legendWords } from './legend';
import { drawMap, drawMapCanvas } from './map';
import { encodePng, encodePngAsync } from '../../../render/png';
import { drawnOnce, drawnOnceAsync } from '../../../render/drawn-once';
import type { FocusWindow } from '../../../render/focus-window';
import type { GameEvent } from '../engine';
import type { Happening } from './happenings';
import { unitLabels } from './labels';
import { tell } from './last-turn-words';
import { lastTurnView } from './view-last-turn';
import { playerViews } from './view-units';
import { toMapView, type MapView, type ViewRequest } from './view';

export { altText, describeMap, mapAltText } from './alt-text';
export { renderCard, type CardLayout } from './card-png';
export { drawMap, drawMapCanvas, renderMap } from './map';
export { drawFocusCanvas, focusWindow } from './focus';
export { attackAuraWords, labelUnits, unitLabels } from './labels';
export { adjustmentWords, needWhy, recoveryTargetWhy } from './roll-words';
export { lastTurnsMeaning, phaseName } from '../engine';
export { toMapView } from './view';
export type { MapView, ViewRequest, UnitView, PlayerView, LastTurnView, Happening } from './view';
export {
  FRAMING,
  NEWS,
  isRoundNews,
  causeWords,
  greaterAdvantage,
  phaseLeads,
  sentence,
  tell,
  woundSentence,
  type Telling,
} from './last-turn-words';
export type { HappeningKind, PromptWords, WoundCause, WoundWords } from './happenings';

/** The map image and its alt text from one view, for posting together. */
export function renderMapWithAlt(state: GameState, request: ViewRequest = {}): { png: Buffer; alt: string; headline: string } {
  const view = toMapView(state, request);
  return { png: drawMap(view), alt: mapAltText(view), headline: header(view) };
}

/**
 * The map of a state as it stands, with no turn on it: what a ping at a round's start carries (no unit
 * is acting yet, and the last turn's close-up is of the round before). Drawn once per view (drawn-once.ts):
 * the same state asked again (a ping re-sent, each seat of one round start) takes the picture kept.
 */
export async function renderNowAsync(state: GameState, request: Pick<ViewRequest, 'names'> = {}): Promise<Picture> {
  const view = toMapView(state, request);
  const key = `map\n${view.board.key}\n${JSON.stringify({ ...view, board: null })}`;
  return { png: await drawnOnceAsync(key, () => encodePngAsync(drawMapCanvas(view, 'taller'))), alt: mapAltText(view) };
}

/**
 * What /skirmish view posts for an overlay a player asked for: the map with it and its alt text, and
 * the close-up round the unit (focus.ts) whose numbers and words read on a phone, where the full
 * map's do not (null when no window is closer than the map).
 */
export function renderOverlay(state: GameState, request: ViewRequest): Picture & { focus: Picture | null } {
  const view = toMapView(state, request);
  return { png: drawMap(view), alt: mapAltText(view), focus: view.reach || view.sight || view.preview || view.burst ? focusOf(view) : null };
}

export type { Picture } from '../../../render';

/**
 * What a close-up is drawn from, as text for drawn-once.ts: the view (its board by the board's
 * content key) and the window. A close-up reads nothing else.
 */
const closeUpKey = (view: MapView, w: FocusWindow): string => `close-up\n${view.board.key}\n${JSON.stringify(w)}\n${JSON.stringify({ ...view, board: null })}`;

/** The close-up of a view's last turn (focus.ts), or null when there is nothing to show closer. */
function focusOf(view: MapView): Picture | null {
  const w = focusWindow(view);
  return w
    ? { png: drawnOnce(closeUpKey(view, w), () => encodePng(drawFocusCanvas(view, w, 'taller'))), alt: focusAltText(view, w, DISCORD_ALT_TEXT_LIMIT) }
    : null;
}

/**
 * What is posted after a turn, from one view: the map and its alt text, the close-up of the squares
 * where the turn happened (null when the turn spread over most of the board), and the headline.
 */
export function renderTurn(state: GameState, request: ViewRequest = {}): Picture & { headline: string; focus: Picture | null } {
  const view = toMapView(state, request);
  return { png: drawMap(view), alt: mapAltText(view), headline: header(view), focus: focusOf(view) };
}

/**
 * renderTurn with each picture deflated on zlib's threads (png.ts encodePngAsync): the close-up is
 * drawn while the map compresses, and a render worker may draw the next post meanwhile. Same bytes.
 */
export async function renderTurnAsync(state: GameState, request: ViewRequest = {}): Promise<Picture & { headline: string; focus: Picture | null }> {
  const view = toMapView(state, request);
  const map = encodePngAsync(drawMapCanvas(view, 'taller'));
  const w = focusWindow(view);
  const focus = w ? drawnOnceAsync(closeUpKey(view, w), () => encodePngAsync(drawFocusCanvas(view, w, 'taller'))) : null;
  const [png, focusPng] = await Promise.all([map, focus]);
  return {
    png,
    alt: mapAltText(view),
    headline: header(view),
    focus: w && focusPng ? { png: focusPng, alt: focusAltText(view, w, DISCORD_ALT_TEXT_LIMIT) } : null,
  };
}

/** The close-up of the last turn alone (the "your turn" ping can carry it). */
export function renderFocus(state: GameState, request: ViewRequest = {}): Picture | null {
  return focusOf(toMapView(state, request));
}

/**
 * renderFocus deflated on zlib's threads, as a render worker draws the close-ups of prompts and pings:
 * the worker's own thread goes on to its next picture meanwhile. Same bytes.
 */
export async function renderFocusAsync(state: GameState, request: ViewRequest = {}): Promise<Picture | null> {
  const view = toMapView(state, request);
  const w = focusWindow(view);
  if (!w) return null;
  const png = await drawnOnceAsync(closeUpKey(view, w), () => encodePngAsync(drawFocusCanvas(view, w, 'taller')));
  return { png, alt: focusAltText(view, w, DISCORD_ALT_TEXT_LIMIT) };
}

/**
 * Every unit on the map in words, Vigor and injuries, drawn at a phone's reading size: for a post whose
 * turn has no close-up (the result of a match that ended at a round's end). Null when no unit stands.
 */
export function renderUnitStrip(state: GameState, request: Pick<ViewRequest, 'names' | 'lastTurn' | 'before'> = {}): Picture | null {
  const view = toMapView(state, request);
  const canvas = drawUnitStrip(view);
  if (!canvas) return null;
  return { png: encodePng(canvas), alt: clip(unitStripAlt(view), DISCORD_ALT_TEXT_LIMIT, { atWord: true }) };
}

/**
 * renderUnitStrip as a render worker draws it: on the kept canvas of its width, deflated on zlib's
 * threads (png.ts encodePngAsync) so the worker's own thread goes on meanwhile, and drawn once per
 * view (drawn-once.ts): each seat's ping at one round's start shows the same strip. Same bytes.
 */
export async function renderUnitStripAsync(state: GameState, request: Pick<ViewRequest, 'names' | 'lastTurn' | 'before'> = {}): Promise<Picture | null> {
  const view = toMapView(state, request);
  if (!view.units.some((u) => u.at)) return null;
  const key = `units\n${view.board.key}\n${JSON.stringify({ ...view, board: null })}`;
  const png = await drawnOnceAsync(key, () => encodePngAsync(drawUnitStrip(view, undefined, 'taller')!));
  return { png, alt: clip(unitStripAlt(view), DISCORD_ALT_TEXT_LIMIT, { atWord: true }) };
}

/**
 * The key to a match's maps (terrain on its map, how to read a token, statuses, how a turn is
 * drawn), posted once with the opening map; its alt text spells the whole key out.
 */
export function renderLegend(state: GameState, request: Pick<ViewRequest, 'names'> = {}): Picture {
  const view = toMapView(state, request);
  const words = legendWords(view);
  const alt = clip(words, DISCORD_ALT_TEXT_LIMIT, { atWord: true });
  return { png: encodePng(drawLegendCanvas(view)), alt };
}

/** Events read into happenings (happenings.ts): a turn's, an act's, or any run of them. */
export function happeningsOf(state: GameState, events: readonly GameEvent[], request: Pick<ViewRequest, 'before' | 'names' | 'told'> = {}): Happening[] {
  const labels = unitLabels(state);
  const players = playerViews(state, labels, request.names ?? {});
  return [...lastTurnView(state, labels, players, events, request.before, request.told).happenings];
}

/**
 * The events in sentences ("GN attacked SP with Claw: rolled 14 + 1 = 15, needing 11 or more, hit; 5
 * cut wounds reached SP: they marked an injury box (mobility)."), for the turn log posted beside the
 * map and the reply to each act.
 */
export function eventSentences(
  state: GameState,
  request: Pick<ViewRequest, 'lastTurn' | 'before' | 'names' | 'told'>,
  telling: Parameters<typeof tell>[1] = {},
): string[] {
  return tell(happeningsOf(state, request.lastTurn ?? [], request), telling);
}

export { afterLastAct, endedWithoutActing, matchLog, rosterLine, sinceLastAct, sinceTurn, toHandover, type LogEntry } from './match-log';
export { catchUpDigest, withLogPointer } from './catch-up';
