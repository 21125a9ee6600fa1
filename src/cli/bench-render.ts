/**
 * `npm run bench:render`: the renderer's speed and size figures, printed beside their targets.
 * - renderMap on burning-village (24×24) with sixteen units on the map and the last-turn overlay:
 *   median and p99 time, against the time to encode an already-drawn canvas of the same picture
 *   (the floor), their ratio, and the PNG size;
 * - the PNG size of a 40×40 map.
 * Figures, not pass/fail: speed targets do not belong in timed tests.
 */
import { defaultContent } from '../content/load';
import type { Gridmap } from '../formats/gridmap';
import type { ScenarioUnit } from '../formats/scenario';
import { buildBoard, hasTerrain, nameOf, T } from '../engine/board';
import { decide } from '../engine/decide';
import { defaultDecision } from '../engine/defaults';
import { seeded } from '../engine/dice';
import { apply, type GameEvent } from '../engine/events';
import { initial } from '../engine/setup';
import type { GameState } from '../engine/state';
import { footprint, fitsOnBoard } from '../engine/table';
import { drawMapCanvas, renderMap } from '../render/map';
import { encodePng } from '../render/png';
import { toMapView, type ViewRequest } from '../render/view';
import { Chooser, chooseCommand, newGame } from './selfplay';

const content = defaultContent();
const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

/** Sixteen units (the warbands of a seed that fields eight a side), set on the map in two facing blocks. */
function placed(map: Gridmap, rowsP1: [number, number], rowsP2: [number, number]): GameState {
  const reserve = newGame(content, 'burning-village', 266);
  const board = buildBoard(map);
  const taken = new Set<number>();
  const spot = (size: 'small' | 'medium' | 'big', [r0, r1]: [number, number]): string => {
    for (let i = r0 * board.width; i < (r1 + 1) * board.width; i += 2) {
      if (!fitsOnBoard(board, i, size)) continue;
      const squares = footprint(board, i, size);
      if (squares.some((s) => taken.has(s) || hasTerrain(board, s, T.wall | T.pit | T.obstructing | T['sliding-wall']))) continue;
      for (const s of squares) for (const n of [s, s - 1, s + 1]) taken.add(n);
      return nameOf(board, i);
    }
    throw new Error('no room to place a unit');
  };
  const units: ScenarioUnit[] = Object.values(reserve.units).map((u) => ({
    id: u.id,
    card: u.card,
    ...(u.mod ? { mod: u.mod } : {}),
    player: u.player,
    at: spot(reserve.cards[u.card]!.size, u.player === 'p1' ? rowsP1 : rowsP2),
  }));
  const made = initial({
    map,
    cards: content.index.units,
    mods: content.index.mods,
    options: { vpTarget: 121, glancingBlow: true, roundLimit: 30 },
    players: ['p1', 'p2'],
    units,
    rng: seeded(266),
    start: { round: 1, order: ['p1', 'p2'] },
  });
  if ('error' in made) throw new Error(made.error.message);
  return made.state;
}

function step(state: GameState, command: Parameters<typeof decide>[1]): { state: GameState; events: GameEvent[] } {
  const r = decide(state, command);
  if ('error' in r) throw new Error(r.error.message);
  return { state: r.events.reduce(apply, state), events: r.events };
}

/** Plays the self-play driver's turns until one with an attack in it ends. */
function lastAttackTurn(start: GameState): { state: GameState; request: ViewRequest } {
  let state = step(start, { begin: true }).state;
  const choose = new Chooser(seeded(266));
  for (let turn = 0; turn < 60; turn++) {
    const before = state;
    const events: GameEvent[] = [];
    while (!state.over && !events.some((e) => e.type === 'turn-ended')) {
      const command = state.prompt ? { decide: defaultDecision(state.prompt) } : chooseCommand(state, choose);
      const r = decide(state, command);
      const next =
        'error' in r
          ? step(state, { end: state.turn?.unit ?? Object.values(state.units).find((u) => u.player === state.turn?.player && !u.turnTaken && !u.dropped)!.id })
          : { state: r.events.reduce(apply, state), events: r.events };
      state = next.state;
      events.push(...next.events);
    }
    if (events.some((e) => e.type === 'attack-rolled')) return { state, request: { lastTurn: events, before } };
  }
  throw new Error('nobody attacked in 60 turns');
}

/** Burning Village tiled out to 40×40 (start areas only in the original corner). */
function fortyMap(): Gridmap {
  const base = content.maps.get('burning-village')!;
  const grid = Array.from({ length: 40 }, (_, r) =>
    Array.from({ length: 40 }, (_, c) => {
      const ch = base.grid[r % 24]![c % 24]!;
      return (r >= 24 || c >= 24) && /[1-4]/.test(ch) ? '.' : ch;
    }).join(''),
  );
  return { ...base, id: 'bench-forty', name: 'Burning Village, tiled to 40×40', grid, cells: [...base.cells] };
}

const { state, request } = lastAttackTurn(placed(content.maps.get('burning-village')!, [9, 11], [12, 14]));
const onMap = Object.values(state.units).filter((u) => u.at !== null && !u.dropped).length;

// Renders and bare encodes are timed in turn within one loop, after a warm-up, so both meet the same
// memory and CPU conditions (on a shared VM these drift over seconds).
const canvas = drawMapCanvas(toMapView(state, request));
for (let i = 0; i < 30; i++) {
  renderMap(state, request);
  encodePng(canvas);
}
const renders: number[] = [];
const encodes: number[] = [];
let png: Buffer = Buffer.alloc(0);
for (let i = 0; i < 200; i++) {
  let t = performance.now();
  png = renderMap(state, request);
  renders.push(performance.now() - t);
  t = performance.now();
  encodePng(canvas);
  encodes.push(performance.now() - t);
}
renders.sort((a, b) => a - b);
encodes.sort((a, b) => a - b);

const forty = placed(fortyMap(), [9, 12], [26, 29]);
const fortyPng = renderMap(forty, {});

const median = quantile(renders, 0.5);
const floor = quantile(encodes, 0.5);
console.log('Sellsword Table renderer benchmark (one core)\n');
console.log(
  `renderMap, 24×24 burning-village, ${onMap} units on the map, last-turn overlay (${request.lastTurn!.length} events), ${canvas.width}×${canvas.height} px:`,
);
console.log(`  median ${ms(median)}, p99 ${ms(quantile(renders, 0.99))} (200 renders)   target median < 60 ms`);
console.log(`  encoding the drawn canvas alone (the floor): median ${ms(floor)}`);
console.log(`  ratio render / floor: ${(median / floor).toFixed(2)}   target ≤ 2`);
console.log(`  PNG size: ${kb(png.length)}   target < 1 MB`);
console.log(`40×40 map, ${Object.values(forty.units).filter((u) => u.at !== null).length} units: PNG size ${kb(fortyPng.length)}   target < 2.5 MB`);
