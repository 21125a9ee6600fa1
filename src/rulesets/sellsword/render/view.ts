/**
 * The map view: everything the map image shows, worked out from a state and a request, as plain
 * data. `toMapView` is pure and asks the
 * engine's queries for every rule-bound fact (reach, sight, odds, current stats); the drawing code
 * reads only this view, and most tests assert on it rather than on pixels.
 */
import { TERRAINS } from '../formats/vocabulary';
import { T, type Board } from '../../../engine';
import type { GameState, UnitId } from '../engine';
import { apply, boardKey, boardOf } from '../engine';
import { lastTurnView, withoutWithdrawn } from './view-last-turn';
import { burstPreviewView, declaredView, previewView, reachView, sightView } from './view-overlays';
import { playerViews, statusLine, unitViews } from './view-units';
import { unitLabels } from './labels';
import { sqOf, type BoardView, type EdgeView, type MapView, type ViewRequest } from './view-types';

export type * from './view-types';
export { sqOf } from './view-types';

/**
 * Views by board. Boards are found by the map's content (engine/table.ts boardOfMap), so a match read
 * afresh from the store gets the same board, and with it the same view; a view lives as long as its
 * board, and boards are kept in a bounded cache.
 */
const boardViews = new WeakMap<Board, BoardView>();

function edgesOf(set: ReadonlySet<number>): EdgeView[] {
  return [...set].sort((a, b) => a - b).map((e) => ({ square: e >> 1, side: e % 2 === 0 ? 'right' : 'below' }));
}

/** The static part of the view, built once per board, so every view of a map shares one object. */
export function boardView(board: Board): BoardView {
  let view = boardViews.get(board);
  if (view) return view;
  const all = board.terrain.reduce((acc, t) => acc | t, 0);
  view = {
    key: boardKey(board),
    id: board.id,
    name: board.name,
    width: board.width,
    height: board.height,
    terrain: board.terrain,
    walls: edgesOf(board.walls),
    lowCover: edgesOf(board.lowCover),
    damage: board.damage,
    objectives: board.objectives,
    startAreas: board.startAreas,
    defaultStartAreas: board.defaultStartAreas,
    terrains: TERRAINS.filter((t) => (all & T[t]) !== 0),
  };
  boardViews.set(board, view);
  return view;
}

/**
 * The units a concession took off the table while they still stood or waited in reserve, told apart
 * from those of the same player dropped in play before it (issue 26: a unit dropped by an attack, its
 * VP scored, was listed "off the table (conceded)"). The state does not keep the difference (a
 * concession drops the rest, unscored), so it is read from the picture's turn: its events replayed from
 * `before` up to the concession. A picture without the concession among its events counts every gone
 * unit of a player who conceded.
 */
function withdrawnUnits(state: GameState, request: ViewRequest): ReadonlySet<UnitId> {
  const gone = (player: string, at: GameState) => Object.values(at.units).filter((u) => u.player === player && u.dropped);
  const out = new Set<UnitId>();
  if (!state.conceded?.length) return out;
  for (const player of state.conceded) for (const u of gone(player, state)) out.add(u.id);
  // Replayed only when the picture's turn holds the concession, and only up to it: most pictures have none.
  const last = request.lastTurn?.findLastIndex((e) => e.type === 'conceded') ?? -1;
  if (!request.before || last === -1) return out;
  let at = request.before;
  for (const e of request.lastTurn!.slice(0, last + 1)) {
    if (e.type === 'conceded') for (const u of gone(e.player, at)) out.delete(u.id);
    at = apply(at, e);
  }
  return out;
}

/** The whole view of a state. Pure: reads the state, changes nothing. */
export function toMapView(state: GameState, request: ViewRequest = {}): MapView {
  const board = boardOf(state);
  const labels = unitLabels(state);
  const withdrawn = withdrawnUnits(state, request);
  const players = playerViews(state, labels, request.names ?? {}, withdrawn);
  return {
    board: boardView(board),
    entries: state.players.flatMap((p) => (state.entry[p] === undefined ? [] : [{ player: p, at: sqOf(board, state.entry[p]!) }])),
    players,
    units: unitViews(state, labels, players, withdrawn),
    // The state after a turn's end still holds the phase it was taken in (the next phase starts later).
    status: request.lastTurn && !state.turn ? { ...statusLine(state, labels), played: state.phase } : statusLine(state, labels),
    lastTurn: request.lastTurn
      ? withoutWithdrawn(lastTurnView(state, labels, players, request.lastTurn, request.before), new Set([...withdrawn].map((id) => labels.get(id)!)))
      : null,
    ...(request.underWay ? { underWay: true } : {}),
    reach: request.reach ? reachView(state, labels, request.reach.unit, request.reach.maneuver ?? false) : null,
    sight: request.sight ? sightView(state, labels, request.sight.unit) : null,
    preview: request.preview ? previewView(state, labels, request.preview) : null,
    ...(request.burst ? { burst: burstPreviewView(state, labels, request.burst) } : {}),
    ...(request.startLabels ? { startLabels: true } : {}),
    ...(() => {
      const declared = declaredView(state, labels);
      return declared ? { declared } : {};
    })(),
  };
}
