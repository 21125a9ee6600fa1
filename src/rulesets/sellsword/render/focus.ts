/**
 * The close-up posted beside the full map after each turn: the squares where the turn happened, at
 * about twice the scale, so a phone shows them twice as large. It is the same drawing as the map
 * (terrain, tokens, paths, attack lines, tags) with the board's geometry at its own square size,
 * clipped to a window of the board, with the window's own coordinates round it. Pure, like the map.
 *
 * The window: every square the last turn touched (paths, attackers and targets where they stood,
 * wounds, drops; the unit that took the turn when nothing else happened), a square of room round
 * them, and at least half the board each way (focus-window.ts), so it is twice the scale of the full
 * map when both are shown at a phone's width. When the turn spread over most of the board, the window
 * is where it came to a head (its attacks, harms, drops and the ends of its moves), or where the unit
 * that took it stands.
 *
 * It is posted in an embed of its own under the map (post-pictures.ts), never beside it in a mosaic,
 * and drawn for the box a phone shows an embed's image in (phone.ts): CLOSE_UP_WIDTH, twice that box's
 * width, so it is crisp on a phone's dense screen, and no taller than the box's shape (a taller one is
 * shown narrower). Every word and number in it (caption, coordinates, tags, the unit strip, the key) is
 * drawn at phonePx, and token labels are as tall, so all of them are PHONE_TEXT px or more there;
 * the unit strip a little larger (stripPx), so its labels and numbers are as tall opened 400 px wide.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { clip } from '../../../discord/text';
import { measuringContext, pooledCanvas } from '../../../render/canvas-pool';
import { loadFonts } from '../../../render/fonts';
import { overlayWords } from './alt-text';
import { lastTurnPhrases } from './last-turn-words';
import { mapKey } from './legend';
import { drawBoardMarks, overlayTags, tagSpace } from './overlays';
import { INK, PAPER, START_AREA } from '../../../render/palette';
import { placeTags } from '../../../render/tags';
import { drawBoardWindow } from '../../../render/terrain';
import {
  CLOSE_UP_WIDTH,
  drawFocus,
  fitted,
  focusBelow,
  focusFrame,
  type FocusWindow,
  MARGIN,
  stripPx,
  windowName,
  windowOver,
} from '../../../render/focus-window';

export { CLOSE_UP_WIDTH, type FocusWindow, windowName } from '../../../render/focus-window';
import { phonePx } from '../../../render/phone';
import { flow, type Run } from '../../../render/text-flow';
import type { MapView, Sq, UnitView } from './view';

/** Every square the last turn touched, as top-left squares with their span. */
export function turnSquares(view: MapView, endsOnly = false): { at: Sq; span: 1 | 2 }[] {
  const last = view.lastTurn;
  if (!last) return [];
  const out: { at: Sq; span: 1 | 2 }[] = [];
  for (const m of last.moves) for (const at of endsOnly ? m.path.slice(-1) : m.path) out.push({ at, span: m.span });
  for (const a of last.attacks) {
    if (a.from) out.push({ at: a.from, span: a.fromSpan });
    if (a.to) out.push({ at: a.to, span: a.toSpan });
  }
  // A burst's whole area: the close-up shows where it landed, not only whom it caught.
  for (const b of last.bursts) for (const at of b.squares) out.push({ at, span: 1 });
  for (const h of last.harms) if (h.at) out.push({ at: h.at, span: h.span });
  for (const d of last.drops) if (d.at) out.push({ at: d.at, span: d.span });
  // A charge's target, before its attack is rolled too: a close-up mid-charge (its wound prompt on the
  // way) showed the charger and left out whom it charged (issue 26).
  for (const h of last.happenings) if (h.kind === 'charge') out.push(...squareOf(view, h.target));
  if (out.length === 0 && last.unit !== null) {
    const u = view.units.find((x) => x.label === last.unit && x.at);
    if (u?.at) out.push({ at: u.at, span: u.span });
  }
  return out;
}

/** The window to show for the last turn, or null when there is nothing to show closer. */
export function focusWindow(view: MapView): FocusWindow | null {
  const overlay = overlaySquares(view);
  if (overlay) return overlayWindow(view, overlay);
  // A turn that spread over most of the board is shown where it came to a head: its attacks, harms,
  // drops and the ends of its moves; failing that, the units an open prompt is about (the one asked,
  // and the attack it answers), then the last attack's target, then where the unit that took it stands.
  // A prompt's close-up must show the unit it asks about: a long shot once left its target out.
  // Each is tried first with every unit next to the acting unit and the last target it holds (whole,
  // a Big one's four squares too), so the close-up never cuts an enemy standing by them (issue 26).
  // Every unit the words speak of is in the close-up: before a closer window that leaves one out, the
  // same at any scale a phone still reads (a wound split's close-up left out the archer 14 rows off
  // that shot, playtest); only when even that cannot hold them, the unit asked alone.
  const asked = promptSquares(view);
  const spoken = asked.length > 0 ? asked : lastAttackSquares(view);
  const candidates: [readonly { at: Sq; span: 1 | 2 }[], boolean][] = [
    ...[[...turnSquares(view), ...spoken], [...turnSquares(view, true), ...spoken], spoken].map((c) => [c, false] as [typeof c, boolean]),
    [spoken, true],
    ...[asked.slice(0, 1), lastTarget(view), actorSquare(view)].map((c) => [c, false] as [typeof c, boolean]),
  ];
  for (const [squares, wide] of candidates.flatMap(([c, wide]) => [[withNeighbours(view, c), wide] as const, [c, wide] as const])) {
    const w = squares.length > 0 ? windowOver(view.board, squares, wide) : null;
    if (w) return fitted(view.board, squares, w, (fit) => focusLayout(view, fit));
  }
  return null;
}

/** Where the last attack's attacker and target stand: the units a turn's words end on. */
function lastAttackSquares(view: MapView): { at: Sq; span: 1 | 2 }[] {
  const a = view.lastTurn?.attacks.at(-1);
  return a ? [...squareOf(view, a.attacker), ...targetSquare(view, a)] : [];
}

/**
 * Where an attack's target stands, or stood when the attack took it off the map: a long shot that
 * dropped its target was shown round the shooter alone, the drop and its cross out of the frame
 * (playtest round 24, sev-2).
 */
function targetSquare(view: MapView, a: NonNullable<MapView['lastTurn']>['attacks'][number]): { at: Sq; span: 1 | 2 }[] {
  const now = squareOf(view, a.target);
  return now.length > 0 || !a.to ? now : [{ at: a.to, span: a.toSpan }];
}

/**
 * `squares` with the units next to the acting unit and the last attack's target (where they stand
 * now), for each of those two that `squares` holds; `squares` alone when it holds neither.
 */
function withNeighbours(view: MapView, squares: readonly { at: Sq; span: 1 | 2 }[]): { at: Sq; span: 1 | 2 }[] {
  const holds = (s: { at: Sq; span: 1 | 2 }) => squares.some((x) => x.at.col === s.at.col && x.at.row === s.at.row);
  const focus = [...actorSquare(view), ...lastTarget(view)].filter(holds);
  const next = (a: { at: Sq; span: 1 | 2 }, b: { at: Sq; span: 1 | 2 }) =>
    a.at.col <= b.at.col + b.span && b.at.col <= a.at.col + a.span && a.at.row <= b.at.row + b.span && b.at.row <= a.at.row + a.span;
  const near = view.units.flatMap((u) => (u.at && focus.some((f) => next(f, { at: u.at!, span: u.span })) ? [{ at: u.at, span: u.span }] : []));
  return near.length === 0 ? [...squares] : [...squares, ...focus, ...near];
}

/**
 * The squares an overlay a player asked for (/skirmish view) is about, the unit's own first: where it
 * can go (reach, with its charge targets), the enemies it looks at (sight, out-of-sight ones too, for
 * their NO SIGHT), or the attack previewed. Null when the view has no such overlay.
 */
function overlaySquares(view: MapView): { at: Sq; span: 1 | 2 }[] | null {
  const { reach, sight, preview, burst } = view;
  if (reach) {
    const own = reach.from ? [{ at: reach.from, span: reach.span }] : [];
    return [...own, ...reach.squares.map((s) => ({ at: s.at, span: 1 as const })), ...reach.charges.map((c) => ({ at: c.at, span: c.span }))];
  }
  if (sight) return [{ at: sight.from, span: sight.span }, ...sight.targets.map((t) => ({ at: t.at, span: t.span }))];
  // A burst previewed: its attacker, then its whole area (where it would land, as a made burst's close-up shows).
  if (burst) return [...(burst.from ? [{ at: burst.from, span: burst.fromSpan }] : []), ...burst.squares.map((at) => ({ at, span: 1 as const }))];
  if (preview) {
    const ends = [preview.from && { at: preview.from, span: preview.fromSpan }, preview.to && { at: preview.to, span: preview.toSpan }];
    return ends.filter((e): e is { at: Sq; span: 1 | 2 } => e !== null);
  }
  return null;
}

/**
 * The window for an asked-for overlay. An attack previewed: round all its squares, or none. Else round all its squares; when they spread too far for a close-up,
 * round the unit and the nearest half of them, then its nearest two or one; failing those, the same at
 * any scale a phone still reads, then the unit alone. So the numbers by the unit read on a phone, and a
 * sight close-up shows the enemies it looks at wherever a phone can.
 */
function overlayWindow(view: MapView, squares: { at: Sq; span: 1 | 2 }[]): FocusWindow | null {
  // An attack previewed is about its attacker and its target (a burst's whole area): the window holds
  // all of them or there is no close-up; rows are given up only outside them. Fitting round the
  // attacker alone once cut a target five rows above it (issue 26).
  if (view.preview || view.burst) {
    for (const wide of [false, true]) {
      const w = windowOver(view.board, squares, wide);
      if (w) return fitted(view.board, squares, w, (fit) => focusLayout(view, fit));
    }
    return null;
  }
  const own = squares[0]!;
  const near = (s: { at: Sq }) => Math.max(Math.abs(s.at.col - own.at.col), Math.abs(s.at.row - own.at.row));
  // For sight, the enemies it sees come before those it does not, however near: a close-up that kept
  // two NO SIGHT enemies and left out the one enemy in sight (its COVER 9 said only in the key) missed
  // what the picture was asked for (issue 26).
  const unseen = (s: { at: Sq }) => (view.sight?.targets.some((t) => t.mark === 'blocked' && t.at.col === s.at.col && t.at.row === s.at.row) ? 1 : 0);
  const sorted = [own, ...squares.slice(1).sort((a, b) => unseen(a) - unseen(b) || near(a) - near(b))];
  // Before falling back to the unit alone, keep its nearest one or two marks (for sight, the nearest
  // enemies): a close-up of the unit with none of what it looks at told a phone nothing (issue 26).
  const half = sorted.slice(0, Math.ceil(squares.length / 2));
  const tries: [readonly { at: Sq; span: 1 | 2 }[], boolean][] = [
    ...[squares, half, sorted.slice(0, 3), sorted.slice(0, 2)].map((some) => [some, false] as [typeof some, boolean]),
    // Then as wide as a phone still reads (the whole of a small map), rather than the unit alone.
    ...[squares, half, sorted.slice(0, 2)].map((some) => [some, true] as [typeof some, boolean]),
    [squares.slice(0, 1), false],
  ];
  for (const [some, wide] of tries) {
    const w = some.length > 0 ? windowOver(view.board, some, wide) : null;
    // Rows are given up round the unit, and for sight round the enemies it sees in the window too.
    const kept = some.filter((s, i) => i === 0 || (view.sight && !unseen(s)));
    if (w) return fitted(view.board, kept, w, (fit) => focusLayout(view, fit));
  }
  return null;
}

/** A unit's square by its label, as a turn square (none when it is off the map). */
function squareOf(view: MapView, label: string | null | undefined): { at: Sq; span: 1 | 2 }[] {
  const u = label == null ? undefined : view.units.find((x) => x.label === label && x.at);
  return u?.at ? [{ at: u.at, span: u.span }] : [];
}

/** The units an open prompt is about: the one asked first, then the attack it answers (attacker and target). */
function promptSquares(view: MapView): { at: Sq; span: 1 | 2 }[] {
  const open = view.lastTurn?.happenings.findLast((h) => h.kind === 'prompt' && h.prompt.open);
  if (open?.kind !== 'prompt') return [];
  const p = open.prompt;
  const incoming = p.incoming?.kind === 'attack' ? [p.incoming.target, p.incoming.attacker] : p.incoming?.kind === 'move' ? [p.incoming.mover] : [];
  // A wound split shows who dealt the wounds too: a tester chose a split with the archer that shot out
  // of the close-up and the last full map drawn before it entered (issue 26).
  const cause = p.wounds?.cause;
  const dealer = cause && 'by' in cause && cause.by ? [cause.by] : [];
  const labels = [...new Set([p.unit, ...incoming, ...dealer].filter((l): l is string => l !== null))];
  return labels.flatMap((l) => squareOf(view, l));
}

/** Where the last attack's target stands, when it does. */
const lastTarget = (view: MapView) => {
  const a = view.lastTurn?.attacks.at(-1);
  return a ? targetSquare(view, a) : [];
};

/** Where the unit that took the last turn stands now, as a turn square (none when it is off the map). */
function actorSquare(view: MapView): { at: Sq; span: 1 | 2 }[] {
  return squareOf(view, view.lastTurn?.unit);
}

/** The close-up's title: whose turn it shows, the one under way or the last one that ended. */
export function focusTitle(view: Pick<MapView, 'lastTurn' | 'underWay'> & Partial<Pick<MapView, 'reach' | 'sight' | 'preview' | 'burst'>>): string {
  const asked = overlayTitle(view);
  if (asked) return `${asked}, close up`;
  const turn = view.underWay ? 'turn so far' : 'last turn';
  return `${view.lastTurn?.player ? `${view.lastTurn.player}'s ${turn}` : `The ${turn}`}, close up`;
}

/** What an asked-for overlay shows, in a few words ("Where KN can move"); null when the view has none. */
function overlayTitle(view: Partial<Pick<MapView, 'reach' | 'sight' | 'preview' | 'burst'>>): string | null {
  if (view.reach) return `Where ${view.reach.unit} can ${view.reach.maneuver ? 'maneuver' : 'move'}`;
  if (view.sight) return `What ${view.sight.unit} sees`;
  if (view.burst) return `${view.burst.attacker}'s ${view.burst.attack} on ${view.burst.origin.name}`;
  if (view.preview) return `${view.preview.attacker} ${view.preview.charge ? 'charging' : 'attacking'} ${view.preview.target}`;
  return null;
}

type FocusLayout = ReturnType<typeof layOut>;

/**
 * The last layout worked out for each view, by window: choosing the window (fitted) lays the close-up
 * out to see whether it fits a phone's box, and drawing it lays the chosen window out again. A layout
 * is a pure function of the view and the window, and nothing changes it once made.
 */
const layouts = new WeakMap<MapView, { readonly key: string; readonly layout: FocusLayout }>();

/** The close-up's parts and their places (layOut), worked out once per view and window. */
function focusLayout(view: MapView, w: FocusWindow): FocusLayout {
  const key = `${w.col},${w.row},${w.cols},${w.rows},${w.cell}`;
  const kept = layouts.get(view);
  if (kept?.key === key) return kept.layout;
  const layout = layOut(view, w);
  layouts.set(view, { key, layout });
  return layout;
}

/** The close-up's parts and their places: its geometry, caption, tags, unit strip and key. */
function layOut(view: MapView, w: FocusWindow) {
  loadFonts();
  const { g, margin, boardW, boardH, width, px, pad, win, inWindow } = focusFrame(view.board, w);
  const scratch = measuringContext();
  // Squares the unit can reach outside the window are said to be on the full map: a tester took "Where
  // WH can move, close up B1 to K9" for all of it, with squares in L–P left out (playtest round 17).
  const within = (s: { at: Sq }) => s.at.col >= w.col && s.at.col < w.col + w.cols && s.at.row >= w.row && s.at.row < w.row + w.rows;
  const more = view.reach?.squares.some((s) => !within(s)) ? ' (more squares on the full map)' : '';
  const head = flow(scratch, [[{ text: focusTitle(view), bold: true }, { text: `  ${windowName(w).replace('-', ' to ')}${more}` }]], width - 2 * pad, px);
  const top = head.height + 2 * pad;
  const all = overlayTags(g, view);
  const tags = placeTags(
    all.filter((t) => inWindow(t.anchor)).map((t) => ({ ...t, px: Math.max(t.px, px) })),
    tagSpace(g, view, win, px),
    scratch,
  );
  // An asked-for overlay's marks outside the window (an enemy far off) are said in its key.
  const beyond = overlayTitle(view) ? all.filter((t) => !inWindow(t.anchor)).map((t) => t.listText) : [];
  const strip = unitStrip(scratch, view, w, width - 2 * pad, stripPx(width));
  const foot = mapKey(scratch, view, tags, width - 2 * pad, px, beyond);
  const { stripTop, footTop, height } = focusBelow({ boardH, margin, pad }, top, strip.height, foot.height);
  return { g, margin, boardW, boardH, width, height, px, pad, head, top, win, tags, strip, foot, stripTop, footTop };
}

/** A square's width over its label's height (units.ts draws a label up to 0.56 of a square). */
const LABEL_OF_CELL = 0.56;

/** The text size of the close-up in window `w`: its caption, coordinates, tags, unit strip and key (at least phonePx of its width). */
export const focusTextPx = (w: FocusWindow): number => phonePx(w.cols * w.cell + 2 * Math.round(w.cell * MARGIN));

/** The text size of the unit strip under the close-up in window `w` (focus-window.ts stripPx). */
export const focusStripPx = (w: FocusWindow): number => stripPx(w.cols * w.cell + 2 * Math.round(w.cell * MARGIN));

/** The largest a token's label is drawn in the close-up in window `w` (units.ts labelFit's limit). */
export const focusLabelPx = (w: FocusWindow): number => w.cell * LABEL_OF_CELL;

/**
 * Draws the close-up of `view` in window `w`, on a new canvas unless `reuse` (one kept per size,
 * canvas-pool.ts; with 'taller' one kept per width, which may be taller than the picture: its top rows
 * are the picture, canvas-pool.ts pictureHeight).
 */
export function drawFocusCanvas(view: MapView, w: FocusWindow, reuse: boolean | 'taller' = false): Canvas {
  const parts = focusLayout(view, w);
  const canvas = reuse ? pooledCanvas(parts.width, parts.height, reuse === 'taller' ? 'taller' : 'exact') : createCanvas(parts.width, parts.height);
  return drawFocus(canvas, w, parts, (ctx) => {
    const startColours = view.board.startAreas.map(() => START_AREA);
    drawBoardWindow(ctx, parts.g, view.board, startColours, w);
    // A token stays within its own squares, so only those in or next to the window can show in it.
    drawBoardMarks(ctx, parts.g, { ...view, units: unitsIn(view, grownWindow(view, w)) }, parts.tags, parts.px);
  });
}

/** `w` grown by a square on every side, within the board. */
function grownWindow(view: MapView, w: FocusWindow): FocusWindow {
  const col = Math.max(0, w.col - 1);
  const row = Math.max(0, w.row - 1);
  return { ...w, col, row, cols: Math.min(view.board.width, w.col + w.cols + 1) - col, rows: Math.min(view.board.height, w.row + w.rows + 1) - row };
}

/** The units standing in the window, in the view's order. */
export function unitsIn(view: MapView, w: FocusWindow): MapView['units'] {
  return view.units.filter((u) => u.at && u.at.col + u.span > w.col && u.at.col < w.col + w.cols && u.at.row + u.span > w.row && u.at.row < w.row + w.rows);
}

/**
 * The unit strip under the close-up: one line per unit in it, with its label in its player's
 * colour, its Vigor, its injuries and its statuses in words, at a size a phone reads (the tokens'
 * own marks are too small there).
 */
function unitStrip(scratch: ReturnType<typeof measuringContext>, view: MapView, w: FocusWindow, width: number, px: number) {
  return flow(scratch, stripRows(unitsIn(view, w)), width, px);
}

/**
 * A react token spent, which the token's hollow mark shows too small to read on a phone: such a unit
 * cannot reply until it has one again (issue 26: the strip showed Vigor and injuries but not this).
 * "react token spent", "1 of 2 react tokens left"; nothing while every react token is there (as at
 * each round's start), so the strip keeps a line a unit and the close-up fits a phone's box.
 */
function reactWords(u: UnitView): string | null {
  const { left, max } = u.tokens.react;
  if (left >= max) return null;
  if (left === 0) return max === 1 ? 'react token spent' : 'react tokens spent';
  return `${left} of ${max} react tokens left`;
}

/** One line of runs per unit: its label in its player's colour, its Vigor, its react token, its injuries and statuses in words. */
function stripRows(units: MapView['units']): Run[][] {
  return units.map((u): Run[] => {
    const marked = u.boxes.filter((b) => b.marked).map((b) => (b.kind === 'trait' ? `${b.trait ?? 'trait'} box` : b.kind));
    const free = `${u.boxes.length - marked.length} of ${u.boxes.length} boxes free`;
    const injuries = marked.length > 0 ? `${marked.join(', ')} marked, ${free}` : free;
    const statuses = u.statuses.map((s) => s.words).join(', ');
    // After a dot, as statuses are ("react token spent 4 of 4 boxes free" read as "spent 4"), and
    // never broken across lines ("react / token spent" at a phone's width).
    const react = reactWords(u)?.replace(/ /g, '\u00a0');
    const after = [react, statuses]
      .filter(Boolean)
      .map((w) => ` · ${w}`)
      .join('');
    return [
      { text: u.label, bold: true, colour: u.colour },
      { text: ` ${u.name}${u.active ? ' (acting)' : ''}` },
      // A card with no Vigor says so, as the alt text does ("Vigor 0/0" puzzled a tester, issue 26).
      // At 0 of its Vigor a unit is Exhausted (it cannot charge), as the alt text and the wound menu say (playtest round 23).
      { text: u.vigorMax === 0 ? '  no Vigor' : `  Vigor ${u.vigor}/${u.vigorMax}${u.vigor === 0 ? ' (Exhausted)' : ''}`, bold: true },
      // Statuses after a dot: "3 of 4 boxes free enraged" read as one phrase (issue 26).
      { text: `  ${injuries}${after}` },
    ];
  });
}

/**
 * A picture of the unit strip alone, for every unit on the map: what a post without a close-up (a
 * match that ended at a round's end, with no unit's turn to show) carries so a phone can read each
 * unit's Vigor and injuries, which the full map's tokens are too small for. Null when no unit stands.
 * On a new canvas unless `reuse` is 'taller': then on the kept canvas of its width (canvas-pool.ts),
 * whose top rows are the picture.
 */
export function drawUnitStrip(view: MapView, title: string = stripTitle(view), reuse: 'taller' | false = false): Canvas | null {
  const units = view.units.filter((u) => u.at);
  if (units.length === 0) return null;
  const dropped = droppedRows(view);
  const standing = dropped.length > 0 ? [[{ text: 'On the map:', bold: true }], ...stripRows(units)] : stripRows(units);
  loadFonts();
  const width = CLOSE_UP_WIDTH;
  const px = phonePx(width);
  const pad = Math.round(px * 0.6);
  const scratch = measuringContext();
  const head = flow(scratch, [[{ text: title, bold: true }]], width - 2 * pad, px);
  const body = flow(scratch, [...standing, ...dropped], width - 2 * pad, stripPx(width));
  const top = head.height + 2 * pad;
  const height = top + body.height + 2 * pad;
  const canvas = reuse ? pooledCanvas(width, height, reuse) : createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, width, height);
  head.draw(ctx, pad, pad);
  ctx.fillStyle = INK;
  ctx.fillRect(0, top - 2, width, 2);
  body.draw(ctx, pad, top + pad);
  return canvas;
}

/**
 * The strip's title, true to what it lists: the result post's strip was titled "Every unit on the map"
 * over dropped and conceded units too (playtest); with any gone, the standing ones get their own heading.
 */
export const stripTitle = (view: MapView): string => (goneUnits(view).length > 0 ? 'Every unit, on the map and off it' : 'Every unit on the map');

/**
 * The units no longer on the map, by why: dropped in play, or taken off the table by a concession (or
 * timeout) while they still stood. A tester read "Dropped: SW, SA" after Bob conceded with SA standing,
 * and then a unit dropped in play before the concession listed as off the table (issue 26).
 */
function goneUnits(view: MapView): { readonly heading: string; readonly units: readonly UnitView[] }[] {
  const gone = view.units.filter((u) => u.where === 'dropped');
  return [
    { heading: 'Dropped:', units: gone.filter((u) => !u.withdrawn) },
    { heading: 'Off the table (conceded):', units: gone.filter((u) => u.withdrawn) },
  ].filter((g) => g.units.length > 0);
}

/** "Dropped: KN Knight, TG Tomb Guard": the units no longer on the map, in the strip's last lines; none when none is. */
function droppedRows(view: MapView): Run[][] {
  return goneUnits(view).map(({ heading, units }) => {
    // The comma ends its name's run, so a wrapped line never starts with one.
    const last = units.length - 1;
    return [
      { text: heading, bold: true },
      ...units.flatMap((u, i): Run[] => [{ text: ' ' }, { text: u.label, bold: true, colour: u.colour }, { text: ` ${u.name}${i < last ? ',' : ''}` }]),
    ];
  });
}

/** ", passing through KN's square" for the acting unit stopped in another's square mid-move (drawUnits draws both). */
function passingWords(u: UnitView, units: readonly UnitView[]): string {
  if (!u.active || !u.at) return '';
  const host = units.find((o) => o !== u && o.at?.name === u.at!.name);
  return host ? ` (passing through ${host.label}'s square)` : '';
}

/** Alt text for the close-up: where it is, what happened there, and who stands in it. */
export function focusAltText(view: MapView, w: FocusWindow, limit: number): string {
  const inside = unitsIn(view, w);
  const asked = overlayTitle(view);
  if (asked) {
    const here = `Close-up of squares ${windowName(w).replace('-', ' to ')}: ${asked}.`;
    const units = inside.length > 0 ? ` Units here: ${inside.map((u) => `${u.label} ${u.at!.name}`).join(', ')}.` : '';
    return clip(`${here} ${overlayWords(view, 1).join(' ')}${units}`, limit);
  }
  const said = view.lastTurn
    ? lastTurnPhrases(view.lastTurn)
        .join('; ')
        .replace(/\u00a0/g, ' ')
    : '';
  const parts = [
    `Close-up of squares ${windowName(w).replace('-', ' to ')}, where ${view.underWay ? 'the turn under way is happening' : 'the last turn happened'}${view.lastTurn?.player ? ` (${view.lastTurn.player})` : ''}.`,
    said ? `${said}.` : '',
    inside.length > 0 ? `Units here: ${inside.map((u) => `${u.label} ${u.at!.name}${passingWords(u, inside)}`).join(', ')}.` : '',
  ];
  const text = parts.filter(Boolean).join(' ');
  return clip(text, limit);
}

/** drawUnitStrip's words, for its alt text: each unit on the map, its row of the strip read as text. */
export function unitStripAlt(view: MapView): string {
  const units = stripRows(view.units.filter((u) => u.at)).map((runs) =>
    runs
      .map((r) => ('text' in r ? r.text : ''))
      .join('')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  const gone = goneUnits(view).map(({ heading, units: us }) => ` ${heading} ${us.map((u) => `${u.label} ${u.name}`).join(', ')}.`);
  const standing = `${units.join('; ')}.${gone.join('')}`;
  return gone.length > 0 ? `${stripTitle(view)}. On the map: ${standing}` : `${stripTitle(view)}: ${standing}`;
}
