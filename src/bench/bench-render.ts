/**
 * `npm run bench:render`: the renderer's speed, memory and size figures, printed beside their targets.
 * renderMap on burning-village (24×24) with sixteen units on the map and the last-turn overlay, in
 * three cases, each timed over 100 renders with the event loop let run between them (as the bot's
 * render workers do between jobs, so buffers freed by finalizers are freed):
 * - warm: the state read afresh from the store for every render (a new map object each time, as the
 *   bot gets it), so the board, its view and its picture are found by content (the bot's case);
 * - cold: a map never seen before every time (board built, board picture drawn);
 * - the floor: encoding an already-drawn canvas of the same picture.
 * Then a realistic turn-end post's pictures (the map with the last-turn overlay and the close-up, as a
 * render worker draws them): wall time and the whole process's CPU (every thread, kernel time too) per
 * post, and their bytes, encoded on this thread and with the deflate on zlib's threads; between posts
 * the young generation is collected, as the render worker does after each job (the pixel read-backs
 * are young garbage then; left to V8 they pile up outside the heap until full collections, which the
 * idle waits of an asynchronous deflate invite). And where a post's CPU goes, picture by picture:
 * the view, the drawing calls, rasterising them (the canvas draws lazily, when its pixels are first
 * read) and the encoding of the drawn pixels (read-back, row copy and deflate: the floor).
 * Then the process's RSS over 150 renders, the PNG sizes of this map and a 40×40 one, and what the
 * encoder's steps and choices cost on the post's two pictures (png-choices.ts).
 * It runs with the bot's malloc settings (bot-malloc.ts). Figures, not pass/fail: speed targets do
 * not belong in timed tests.
 */
import { defaultContent } from '../content/load';
import type { Gridmap } from '../formats/gridmap';
import type { ScenarioUnit } from '../rulesets/sellsword/formats/scenario';
import { buildBoard, hasTerrain, nameOf, T } from '../engine';
import { decide } from '../rulesets/sellsword/engine';
import { defaultDecision } from '../rulesets/sellsword/engine';
import { seeded } from '../engine';
import { apply, type GameEvent } from '../rulesets/sellsword/engine';
import { initial } from '../rulesets/sellsword/engine';
import type { GameState } from '../rulesets/sellsword/engine';
import { fitsOnBoard, footprint } from '../engine';
import { SPAN } from '../rulesets/sellsword/engine';
import { collectYoung } from '../bot/collect';
import { drawFocusCanvas, drawMapCanvas, focusWindow, renderMap, renderTurn, renderTurnAsync, toMapView, type ViewRequest } from '../rulesets/sellsword/render';
import { encodePng } from '../render/png';
import { Chooser, chooseCommand, newGame } from './selfplay';
import { withBotMalloc } from './bot-malloc';
import { encoderChoices } from './png-choices';

withBotMalloc();

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
      if (!fitsOnBoard(board, i, SPAN[size])) continue;
      const squares = footprint(board, i, SPAN[size]);
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

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A state as the store gives it back: the same content in new objects. */
const fresh = (state: GameState): GameState => JSON.parse(JSON.stringify(state)) as GameState;

/** Times `render` `n` times, letting the event loop run between renders; `prepare` runs untimed before each. */
async function timed<T>(n: number, prepare: (i: number) => T, render: (input: T) => unknown): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const input = prepare(i);
    const t = performance.now();
    render(input);
    times.push(performance.now() - t);
    await yieldToLoop();
  }
  return times.sort((a, b) => a - b);
}

const { state, request } = lastAttackTurn(placed(content.maps.get('burning-village')!, [9, 11], [12, 14]));
const onMap = Object.values(state.units).filter((u) => u.at !== null && !u.dropped).length;
const canvas = drawMapCanvas(toMapView(state, request));

// Warm-up: the font, the code paths, the board of this map.
for (let i = 0; i < 20; i++) {
  renderMap(fresh(state), request);
  await yieldToLoop();
}
const warm = await timed(
  100,
  () => fresh(state),
  (s) => renderMap(s, request),
);
// A map id never seen: another board, drawn again (the cache is bounded, so these are let go).
let unseen = 0;
const cold = await timed(
  100,
  () => ({ ...fresh(state), map: { ...state.map, id: `${state.map.id}-cold-${unseen++}` } }),
  (s) => renderMap(s, request),
);
const floor = await timed(
  100,
  () => canvas,
  (c) => encodePng(c),
);

/** Wall time and process CPU (user and system, all threads) per call, medians of `n`; the bytes of the last. */
async function perPost(n: number, draw: () => Promise<{ png: Buffer; focus: { png: Buffer } | null }>) {
  const walls: number[] = [];
  const cpus: number[] = [];
  let bytes = [0, 0];
  for (let i = 0; i < n; i++) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    const out = await draw();
    walls.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
    bytes = [out.png.length, out.focus?.png.length ?? 0];
    collectYoung();
    await yieldToLoop();
  }
  return { wall: walls.sort((a, b) => a - b), cpu: cpus.sort((a, b) => a - b), bytes };
}

const turnSync = await perPost(50, async () => renderTurn(fresh(state), request));
const turnAsync = await perPost(50, () => renderTurnAsync(fresh(state), request));
/** Two posts at once, as a render worker holds them in a burst: wall and CPU are per post. */
const turnPair = await perPost(25, async () => {
  const [a] = await Promise.all([renderTurnAsync(fresh(state), request), renderTurnAsync(fresh(state), request)]);
  return a;
});
turnPair.wall.forEach((_, i) => {
  turnPair.wall[i]! /= 2;
  turnPair.cpu[i]! /= 2;
});

/** CPU of `f` (this process, all threads; the phases run on this thread alone), in ms. */
function cpuOf<T>(f: () => T): [T, number] {
  const before = process.cpuUsage();
  const out = f();
  const used = process.cpuUsage(before);
  return [out, (used.user + used.system) / 1000];
}

/** Medians over `n` posts of each phase's CPU, for the map and the close-up drawn and encoded on this thread. */
async function phases(n: number): Promise<Record<string, number>> {
  const spent: Record<string, number[]> = {};
  const add = (name: string, ms: number) => (spent[name] ??= []).push(ms);
  for (let i = 0; i < n; i++) {
    const s = fresh(state);
    const [view, viewMs] = cpuOf(() => toMapView(s, request));
    add('view', viewMs);
    const w = focusWindow(view);
    for (const [name, draw] of [
      ['map', () => drawMapCanvas(view, true)],
      ['close-up', () => drawFocusCanvas(view, w!, true)],
    ] as const) {
      const [drawn, drawMs] = cpuOf(draw);
      const [, firstMs] = cpuOf(() => encodePng(drawn));
      const [, floorMs] = cpuOf(() => encodePng(drawn));
      add(`${name}: drawing calls`, drawMs);
      add(`${name}: rasterising`, Math.max(0, firstMs - floorMs));
      add(`${name}: encoding (read-back, row copy, deflate)`, floorMs);
    }
    // The collection and V8's sweeping after it (on a thread of its own) are timed on their own, and
    // finished before the next post, so they are not counted in its first phase.
    const before = process.cpuUsage();
    collectYoung();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const used = process.cpuUsage(before);
    add('collecting the young generation after the post (as the worker does between jobs)', (used.user + used.system) / 1000);
  }
  return Object.fromEntries(
    Object.entries(spent).map(([k, v]) => [
      k,
      quantile(
        v.sort((a, b) => a - b),
        0.5,
      ),
    ]),
  );
}
const postPhases = await phases(30);

const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
let png: Buffer = Buffer.alloc(0);
for (let i = 0; i < 150; i++) {
  png = renderMap(fresh(state), request);
  await yieldToLoop();
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}
const rssAfter = process.memoryUsage().rss;

const forty = placed(fortyMap(), [9, 12], [26, 29]);
const fortyPng = renderMap(forty, {});

const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MB`;
const line = (times: number[]) =>
  `median ${ms(quantile(times, 0.5))}, p99 ${ms(quantile(times, 0.99))}, min ${ms(times[0]!)}, max ${ms(times[times.length - 1]!)}`;
console.log('Sellsword Table renderer benchmark (one thread)\n');
console.log(
  `renderMap, 24×24 burning-village, ${onMap} units on the map, last-turn overlay (${request.lastTurn!.length} events), ${canvas.width}×${canvas.height} px, 100 renders each:`,
);
console.log(`  warm, the state read afresh for every render (the bot's case): ${line(warm)}   target median < 60 ms`);
console.log(`  cold, a map never seen (board built and drawn): ${line(cold)}`);
console.log(`  encoding the drawn canvas alone (the floor): ${line(floor)}`);
console.log(`  ratio warm render / floor (medians): ${(quantile(warm, 0.5) / quantile(floor, 0.5)).toFixed(2)}   target ≤ 2`);
console.log(`  PNG size: ${kb(png.length)}   target < 1 MB`);
const postLine = (r: Awaited<ReturnType<typeof perPost>>) =>
  `wall median ${ms(quantile(r.wall, 0.5))} (p99 ${ms(quantile(r.wall, 0.99))}), process CPU median ${ms(quantile(r.cpu, 0.5))}, ${kb(r.bytes[0]! + r.bytes[1]!)} (map ${kb(r.bytes[0]!)}, close-up ${kb(r.bytes[1]!)})`;
console.log(`A realistic turn-end post's pictures (the map with the last-turn overlay and the close-up), per post:`);
console.log(`  encoded on this thread: ${postLine(turnSync)}`);
console.log(`  deflated on zlib's threads (the render worker's way): ${postLine(turnAsync)}`);
console.log(`  two posts at once (a render worker's two jobs in a burst): ${postLine(turnPair)}   target process CPU ≤ 30 ms a turn end in all`);
console.log(
  `Where a turn-end post's CPU goes, on this thread (medians of 30; the encoding is timed on drawn pixels, so a post costs a little less than the sum):`,
);
for (const [phase, cpu] of Object.entries(postPhases)) console.log(`  ${phase}: ${ms(cpu)}`);
console.log(`RSS over 150 renders, the event loop let run between them: ${mb(rssBefore)} before, ${mb(rssPeak)} at most, ${mb(rssAfter)} after`);
console.log(`40×40 map, ${Object.values(forty.units).filter((u) => u.at !== null).length} units: PNG size ${kb(fortyPng.length)}   target < 2.5 MB`);
console.log(`The encoder's steps and choices on this post's pictures, by this thread's CPU (medians of 20; src/bench/png-choices.ts):`);
const w = focusWindow(toMapView(state, request))!;
encoderChoices('the map', drawMapCanvas(toMapView(state, request)));
encoderChoices('the close-up', drawFocusCanvas(toMapView(state, request), w));
