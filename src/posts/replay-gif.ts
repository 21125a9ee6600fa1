/**
 * The whole match as an animated GIF: the opening map, then one frame per unit turn, each the picture
 * the thread got for that turn (the turn's overlay from its events and the state it began from),
 * scaled down. Encoded with gifenc (pure JavaScript, no native code: a quantizer and LZW; docs/replay.md
 * says why).
 *
 * How a 200-turn match stays small (a bot's upload to a server without boosts is limited to 8 MB):
 * - the frames are drawn at a fraction of the posted size (`scale`);
 * - one palette of at most 255 colours for the whole match, so a pixel that did not change keeps its
 *   index: the opening frame's colours and every colour the renderer's palette names (the overlays'
 *   lines, tags and marks, which the opening does not show yet);
 * - the header (whose height changes with the last turn's words) and the board are placed so the
 *   board always sits at the same height; every frame after the first then stores only the pixels
 *   that changed, the rest being the transparent index over the frame before (disposal "leave"), and
 *   long runs of that one index compress to almost nothing.
 * The screen's height is known only once every frame is drawn, so each frame is kept as palette
 * indices, deflated (a few KB), until the end.
 */
import { createRequire } from 'node:module';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { Palette } from 'gifenc';
import type { MatchSetup } from '../match/match-state';
import { drawMapCanvas, toMapView } from '../rulesets/sellsword/render';
import * as colours from '../render/palette';
import { replayTurns, type LoggedEvent, type ReplayTurn } from './replay-turns';

// gifenc's CommonJS build, the same under Node and under the test runner (whose bundler would take its ES build).
const gifenc = createRequire(import.meta.url)('gifenc') as typeof import('gifenc');

/** Discord's upload limit for a bot in a server without boosts. */
export const REPLAY_MAX_BYTES = 8 * 1024 * 1024;

export interface ReplayImageOptions {
  /** Frame size against the posted map (default 0.55: a 24×24 map becomes about 580 px wide, what a phone shows). */
  readonly scale?: number;
  /** Colours in the palette, at most 255 (one index is kept for "unchanged"). */
  readonly colours?: number;
  /** How long each turn shows, in ms (default 900); the opening and the last frame show longer. */
  readonly delayMs?: number;
}

export interface ReplayImage {
  readonly gif: Buffer;
  /** Frames in the file: the opening and each turn. */
  readonly frames: number;
  readonly width: number;
  readonly height: number;
  readonly scale: number;
  readonly colours: number;
}

/** A drawn frame, scaled, as palette indices, deflated: its header rows and its board-and-legend rows. */
interface Stashed {
  readonly header: Buffer;
  readonly headerRows: number;
  readonly body: Buffer;
  readonly bodyRows: number;
}

/** Rows read back from the canvas at a time. */
const BAND = 32;

const rgbOf = (hex: string): [number, number, number] => [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];

/** Every #rrggbb the renderer's palette module names, wherever it keeps it. */
function namedColours(): [number, number, number][] {
  const found: [number, number, number][] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v)) found.push(rgbOf(v));
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(colours);
  return found;
}

/**
 * Where the board begins: the first row, from the top, that is dark at both edges (the full-width rule
 * under the header; the header's text keeps off the edges). 0 when there is none, which only costs size.
 */
function boardTop(canvas: Canvas): number {
  const ctx = canvas.getContext('2d');
  const left = ctx.getImageData(0, 0, 1, canvas.height).data;
  const right = ctx.getImageData(canvas.width - 1, 0, 1, canvas.height).data;
  const dark = (d: Uint8ClampedArray, y: number) => d[y * 4]! + d[y * 4 + 1]! + d[y * 4 + 2]! < 150;
  for (let y = 0; y < canvas.height / 2; y++) if (dark(left, y) && dark(right, y)) return y;
  return 0;
}

/** The turn's picture as the thread showed it (the opening map without an overlay). */
export function turnView(setup: Pick<MatchSetup, 'names'>, turn: ReplayTurn) {
  return toMapView(turn.game, turn.index === 0 ? { names: setup.names } : { lastTurn: [...turn.events], before: turn.before, names: setup.names });
}

/** Pixels to palette indices, remembering each colour's nearest entry (by its RGB565 value) across frames. */
class Indexer {
  readonly #cache = new Int16Array(65536).fill(-1);
  constructor(readonly palette: Palette) {}

  index(rgba: Uint8ClampedArray | Uint8Array): Uint8Array {
    const out = new Uint8Array(rgba.length / 4);
    for (let p = 0, i = 0; i < out.length; i++, p += 4) {
      const r = rgba[p]!;
      const g = rgba[p + 1]!;
      const b = rgba[p + 2]!;
      const key = ((r << 8) & 0xf800) | ((g << 3) & 0x07e0) | (b >> 3);
      let found = this.#cache[key]!;
      if (found < 0) found = this.#cache[key] = gifenc.nearestColorIndex(this.palette, [r, g, b]);
      out[i] = found;
    }
    return out;
  }
}

class FrameStash {
  readonly frames: Stashed[] = [];
  width = 0;
  indexer: Indexer | null = null;
  #scratch: Canvas | null = null;

  constructor(
    private readonly scale: number,
    private readonly colours: number,
  ) {}

  /**
   * Draws rows [y0, y1) of `source` at the stash's scale and hands them to `take` in bands of rows as
   * RGBA (one whole read-back allocates a picture-sized buffer each time; see render/png.ts).
   */
  #scaled(source: Canvas, y0: number, y1: number, take: (rgba: Uint8ClampedArray, row: number) => void): number {
    const width = Math.ceil(source.width * this.scale);
    const rows = Math.max(1, Math.ceil((y1 - y0) * this.scale));
    if (!this.#scratch || this.#scratch.width < width || this.#scratch.height < rows)
      this.#scratch = createCanvas(Math.max(width, this.#scratch?.width ?? 0), Math.max(rows, this.#scratch?.height ?? 0));
    const ctx = this.#scratch.getContext('2d');
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = colours.PAPER;
    ctx.fillRect(0, 0, width, rows);
    // The same transform for every frame, so rows that did not change scale to the same pixels.
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'medium';
    ctx.setTransform(this.scale, 0, 0, this.scale, 0, 0);
    ctx.drawImage(source, 0, y0, source.width, y1 - y0, 0, 0, source.width, y1 - y0);
    for (let row = 0; row < rows; row += BAND) take(ctx.getImageData(0, row, width, Math.min(BAND, rows - row)).data, row);
    return rows;
  }

  /** Rows [y0, y1) of `source`, scaled, as palette indices. */
  #indexed(source: Canvas, y0: number, y1: number): { indices: Uint8Array; rows: number } {
    const width = Math.ceil(source.width * this.scale);
    let indices = new Uint8Array(0);
    const rows = this.#scaled(source, y0, y1, (rgba, row) => {
      if (indices.length === 0) indices = new Uint8Array(width * Math.max(1, Math.ceil((y1 - y0) * this.scale)));
      indices.set(this.indexer!.index(rgba), row * width);
    });
    return { indices, rows };
  }

  /** The first frame's colours and the renderer's named ones (given weight, so each gets an entry). */
  #palette(first: Uint8ClampedArray[]): Palette {
    const named = namedColours();
    const PER = 4000;
    const size = first.reduce((s, p) => s + p.length, 0) + named.length * PER * 4;
    const all = new Uint8Array(size);
    let at = 0;
    for (const p of first) {
      all.set(p, at);
      at += p.length;
    }
    for (const [r, g, b] of named) {
      for (let i = 0; i < PER; i++, at += 4) {
        all[at] = r;
        all[at + 1] = g;
        all[at + 2] = b;
        all[at + 3] = 255;
      }
    }
    return gifenc.quantize(all, this.colours, { format: 'rgb565' });
  }

  add(source: Canvas): void {
    const split = boardTop(source);
    this.width = Math.ceil(source.width * this.scale);
    if (!this.indexer) {
      // The palette comes from the first frame, read whole once.
      const bands: Uint8ClampedArray[] = [];
      if (split > 0) this.#scaled(source, 0, split, (rgba) => bands.push(rgba.slice()));
      this.#scaled(source, split, source.height, (rgba) => bands.push(rgba.slice()));
      this.indexer = new Indexer(this.#palette(bands));
    }
    const header = split > 0 ? this.#indexed(source, 0, split) : null;
    const body = this.#indexed(source, split, source.height);
    this.frames.push({
      header: header ? deflateRawSync(header.indices, { level: 1 }) : Buffer.alloc(0),
      headerRows: header?.rows ?? 0,
      body: deflateRawSync(body.indices, { level: 1 }),
      bodyRows: body.rows,
    });
  }
}

/**
 * Between frames the event loop gets a turn: other matches are not kept waiting, and the canvas's
 * pixel read-backs are freed (Node runs native finalizers only then, so a replay drawn in one
 * synchronous loop would hold every frame's pixels at once; yielding keeps the process near its usual
 * size).
 */
const turnOfTheLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Draws every turn of the match and encodes them as an animated GIF. */
export async function replayGif(setup: MatchSetup, log: readonly LoggedEvent[], options: ReplayImageOptions = {}): Promise<ReplayImage> {
  const scale = options.scale ?? 0.55;
  const delay = options.delayMs ?? 900;
  const stash = new FrameStash(scale, Math.min(255, options.colours ?? 255));
  for (const turn of replayTurns(setup, log)) {
    stash.add(drawMapCanvas(turnView(setup, turn), true));
    await turnOfTheLoop();
  }
  if (!stash.indexer) throw new Error('the match has not begun: there is nothing to replay');

  const palette = stash.indexer.palette;
  const unchanged = palette.length;
  const paper = stash.indexer.index(Uint8Array.from([...rgbOf(colours.PAPER), 255]))[0]!;
  const width = stash.width;
  const headerRows = Math.max(...stash.frames.map((f) => f.headerRows));
  const height = headerRows + Math.max(...stash.frames.map((f) => f.bodyRows));

  const gif = gifenc.GIFEncoder({ initialCapacity: 1 << 20 });
  let previous: Uint8Array | null = null;
  const last = stash.frames.length - 1;
  for (let i = 0; i <= last; i++) {
    const f = stash.frames[i]!;
    // Paper everywhere, the header at the top, the board at the same height in every frame.
    const screen = new Uint8Array(width * height).fill(paper);
    if (f.headerRows > 0) screen.set(inflateRawSync(f.header), 0);
    screen.set(inflateRawSync(f.body), headerRows * width);
    const hold = i === 0 ? 2500 : i === last ? 5000 : delay;
    if (!previous) gif.writeFrame(screen, width, height, { palette: [...palette, [255, 0, 255]], repeat: 0, dispose: 1, delay: hold });
    else {
      const out = new Uint8Array(screen.length);
      for (let p = 0; p < screen.length; p++) out[p] = screen[p] === previous[p] ? unchanged : screen[p]!;
      // Disposal 1 leaves the frame in place, so the transparent (unchanged) pixels show the one before.
      gif.writeFrame(out, width, height, { transparent: true, transparentIndex: unchanged, dispose: 1, delay: hold });
    }
    previous = screen;
    if (i < last) await turnOfTheLoop();
  }
  gif.finish();
  return { gif: Buffer.from(gif.bytesView()), frames: stash.frames.length, width, height, scale, colours: palette.length };
}
