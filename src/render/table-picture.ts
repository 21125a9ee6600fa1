/**
 * A table view (table-view.ts) drawn: one column as wide as the board, like the map (map.ts). A
 * header (title, lines, one row per player with its token shape and colour), the board with its
 * overlays and tokens, then under it a strip of every unit (label, name, square, condition in
 * words) and the key. A phone shows the picture as a message's lone attachment, where a 1×1
 * token's label and pips are too small to read on a large board; so everything under the board
 * and the header is drawn at `phonePx` for that placement and reads at 11 px there, and the strip
 * says each unit's wounds and statuses in words.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { measuringContext, pooledCanvas } from './canvas-pool';
import { loadFonts } from './fonts';
import { boardGeometry, type BoardGeometry } from './layout';
import { areaSwatch, playerSwatch, statusBadge, swatchLine, tagSwatch } from './legend-parts';
import { CRITICAL, HIT, INK, MISS, PAPER, PATH, PATH_EDGE } from './palette';
import { phonePx } from './phone';
import { encodePng } from './png';
import { numberBadge, type PlacedTag } from './tags';
import { tableAltText } from './table-alt';
import { placeWords } from './table-place';
import { areaColour, lookSquare, tableBoardPicture } from './table-board';
import { drawTableMarks, placeTableTags } from './table-marks';
import { BADGE_COLOUR, pipPair, seatColour, seatShape } from './table-tokens';
import type { PathStyle, TableLegendEntry, TableUnit, TableView } from './table-view';
import { flow, type Flow, type Run } from './text-flow';

type Ctx = SKRSContext2D;

/** How a table picture is posted: the message's one attachment. */
export const TABLE_PLACEMENT = { kind: 'lone' } as const;

const pic = (width: number, picture: (ctx: Ctx, x: number, y: number, h: number) => void): Run => ({ width, picture });
/** A swatch kept on one line with the first word of its words; the rest may wrap. */
function item(swatch: Run, text: string): Run[] {
  const [first, ...rest] = text.split(' ');
  return [{ group: [swatch, { text: ` ${first}` }] }, ...(rest.length > 0 ? [{ text: ` ${rest.join(' ')}` }] : []), { space: 0.9 }];
}
const seatSwatch = (seat: number): Run => playerSwatch({ shape: seatShape(seat), colour: seatColour(seat) });

function headerRows(view: TableView): Run[][] {
  return [
    [{ text: view.title, bold: true }],
    ...view.lines.map((l): Run[] => [{ text: l }]),
    ...view.players.map((p): Run[] => [seatSwatch(p.seat), { text: ` ${p.name}: `, bold: true }, { text: p.words }]),
  ];
}

/** One line per unit (of `units`, all the view's by default): who it is, where, and how it stands. */
export function stripRows(view: TableView, units: readonly TableUnit[] = view.units): Run[][] {
  return units.map((u): Run[] => {
    const where = placeWords(u);
    const words = [u.name, ...(where ? [where] : [])].join(', ');
    return [seatSwatch(u.seat), { text: ` ${u.label}`, bold: true, strike: u.removed }, { text: ` ${words}: ${u.condition.join(', ')}` }];
  });
}

/** Units past which the full picture's strip lists alike units on one line (a phone scrolls past forty lines). */
const STRIP_EACH = 12;

/** Labels in a short form: runs of the same prefix with numbers in a row as "RS1–RS4". */
export function labelRuns(labels: readonly string[]): string {
  const out: string[] = [];
  let run: { prefix: string; from: number; to: number } | null = null;
  const close = () => {
    if (run)
      out.push(run.to === run.from ? `${run.prefix}${run.from}` : `${run.prefix}${run.from}${run.to === run.from + 1 ? ', ' : '–'}${run.prefix}${run.to}`);
    run = null;
  };
  for (const label of labels) {
    const m = /^(.*?)(\d+)$/.exec(label);
    const [prefix, n] = m ? [m[1]!, Number(m[2])] : [label, Number.NaN];
    if (run && run.prefix === prefix && n === run.to + 1) run.to = n;
    else {
      close();
      if (Number.isNaN(n)) out.push(label);
      else run = { prefix, from: n, to: n };
    }
  }
  close();
  return out.join(', ');
}

/**
 * The full picture's strip: one line per unit, as `stripRows`, up to STRIP_EACH units; past that, units
 * of one side and card that stand alike (the same words, no badge, not acting now) share a line, with
 * their labels and how many, so forty units of a big battle do not make the picture a scroll. Each is
 * still on the board by its label, and the alt text still names every unit.
 */
export function summaryRows(view: TableView): Run[][] {
  if (view.units.length <= STRIP_EACH) return stripRows(view);
  const groups = new Map<string, TableUnit[]>();
  for (const u of view.units) {
    const key = u.active || u.badges.length > 0 ? `one:${u.id}` : JSON.stringify([u.seat, u.name, u.condition, u.removed]);
    groups.set(key, [...(groups.get(key) ?? []), u]);
  }
  return [...groups.values()].map((units): Run[] => {
    if (units.length === 1) return stripRows(view, units)[0]!;
    const u = units[0]!;
    return [
      seatSwatch(u.seat),
      { text: ` ${labelRuns(units.map((x) => x.label))}`, bold: true, strike: u.removed },
      { text: ` (${units.length}) ${u.name}: ${u.condition.join(', ')}` },
    ];
  });
}

const PATH_WORDS: Readonly<Record<PathStyle, readonly number[]>> = {
  solid: [],
  dashed: [0.25, 0.18],
  dotted: [0.06, 0.2],
  'dash-dot': [0.3, 0.12, 0.06, 0.12],
};

function legendRun(e: TableLegendEntry): Run[] {
  switch (e.kind) {
    case 'look':
      return item(
        pic(1.2, (ctx, x, y, h) => lookSquare(ctx, e.look, x, y - h * 0.1, h * 1.2)),
        e.words,
      );
    case 'badge':
      return item(statusBadge(e.text, BADGE_COLOUR), e.words);
    case 'area':
      return item(
        pic(1.2, (ctx, x, y, h) => {
          ctx.save();
          ctx.setLineDash([h * 0.25, h * 0.15]);
          ctx.strokeStyle = areaColour(e.seat);
          ctx.lineWidth = h * 0.12;
          ctx.strokeRect(x + 2, y + 2, h - 4, h - 4);
          ctx.restore();
        }),
        e.words,
      );
    case 'pips':
      return item(
        pic(1.5, (ctx, x, y, h) => pipPair(ctx, x, y, h)),
        e.words,
      );
    case 'path':
      return item(swatchLine(PATH, [...PATH_WORDS[e.style]], 0.2, 1.25, PATH_EDGE), e.words);
    case 'attack':
      return [{ group: [tagSwatch('HIT', HIT), { text: ' ' }, tagSwatch('MISSED', MISS), { text: ` ${e.words}` }] }, { space: 0.9 }];
    case 'removed':
      return [{ group: [tagSwatch('REMOVED', CRITICAL), { text: ` ${e.words}` }] }, { space: 0.9 }];
    case 'template':
      return item(areaSwatch(), e.words);
  }
}

/** The key (unless `key` is false: a close-up leaves it to the full picture), and the tags that had no room on the board as a numbered list. */
export function footRows(view: TableView, tags: readonly PlacedTag[], key = true): Run[][] {
  const listed = tags.filter((t) => t.number !== null);
  return [
    ...(key && view.legend.length > 0 ? [[{ text: 'Key  ', bold: true } as Run, ...view.legend.flatMap(legendRun)]] : []),
    ...listed.map((t): Run[] => [pic(1.1, (ctx, x, y, h) => numberBadge(ctx, t.number!, t.colour, x + h * 0.5, y + h * 0.5, h)), { text: ` ${t.listText}` }]),
  ];
}

export interface Parts {
  readonly g: BoardGeometry;
  readonly width: number;
  readonly pad: number;
  readonly head: Flow;
  readonly strip: Flow;
  readonly foot: Flow;
  readonly tags: readonly PlacedTag[];
}

/** Everything measured before drawing, so the picture is the right height. */
export function tableLayout(view: TableView): Parts {
  const g = boardGeometry(view.board);
  const width = g.width;
  const px = phonePx(width, TABLE_PLACEMENT);
  const pad = Math.round(px * 0.5);
  const scratch = measuringContext();
  const tags = placeTableTags(g, view, scratch);
  const inner = width - 2 * pad;
  return {
    g,
    width,
    pad,
    tags,
    head: flow(scratch, headerRows(view), inner, px),
    strip: flow(scratch, summaryRows(view), inner, px),
    foot: flow(scratch, footRows(view, tags), inner, px),
  };
}

const rule = (ctx: Ctx, width: number, y: number): void => {
  ctx.fillStyle = INK;
  ctx.fillRect(0, y - 1, width, 2);
};

/**
 * The table view drawn onto a new canvas of its size, or with 'taller' onto the kept canvas of its
 * width (canvas-pool.ts), which may be taller than the picture: png.ts encodes only the picture's
 * rows, the same bytes either way. A turn's picture on a 36×24 board is over four megapixels, and a
 * new canvas for each was 17 MB of fresh memory the kernel maps and zeroes, every turn.
 */
export function drawTableCanvas(view: TableView, reuse: 'taller' | false = false): Canvas {
  loadFonts();
  const { g, width, pad, head, strip, foot, tags } = tableLayout(view);
  const top = head.height + 2 * pad;
  const under = top + g.height;
  // A table with no units (a map on its own) has no strip: the key follows the board.
  const footTop = strip.height > 0 ? under + strip.height + 2 * pad : under;
  const height = footTop + (foot.height > 0 ? foot.height + 2 * pad : 0);
  const canvas = reuse ? pooledCanvas(width, height, reuse) : createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, width, height);
  head.draw(ctx, pad, pad);
  rule(ctx, width, top);
  ctx.save();
  ctx.translate(0, top);
  ctx.drawImage(tableBoardPicture(g, view.board), 0, 0);
  drawTableMarks(ctx, g, view, tags);
  ctx.restore();
  rule(ctx, width, under);
  if (strip.height > 0) strip.draw(ctx, pad, under + pad);
  if (foot.height > 0) {
    if (footTop !== under) rule(ctx, width, footTop);
    foot.draw(ctx, pad, footTop + pad);
  }
  return canvas;
}

/** The picture of a table view (drawn on a kept canvas) and its alt text, for posting together. */
export function renderTable(view: TableView): { readonly png: Buffer; readonly alt: string } {
  return { png: encodePng(drawTableCanvas(view, 'taller')), alt: tableAltText(view) };
}
