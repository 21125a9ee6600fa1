/**
 * renderCard: a unit's stat card in the rulebook's layout ("Stat Card Explanation"): name,
 * descriptors and VP cost across the top; the intrinsic stats (Agility, Brawn, Spirit, Wits, Move)
 * down the left; the acquired stats (Armor, Vigor) down the right; attacks and traits in the middle
 * with trait injury boxes after what they disable; then the injury boxes, the action pool, and the
 * mod-use marks, fantasy rating and faction along the bottom. A mod sits under the card, as the
 * rulebook says to place it. With a unit's state, boxes are marked, spent tokens hollow, Vigor
 * current, and statuses listed.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { InjuryBox, UnitCard } from '../formats/card';
import type { ModCard } from '../formats/mod';
import { MOD_USES, type ModUse, TOKENS } from '../formats/vocabulary';
import { cardStat, type UnitState } from '../engine';
import { measuringContext, pooledCanvas } from '../../../render/canvas-pool';
import { droplet, modUseIcon } from './card-icons';
import { attackBody, capital, costText, descriptorLine, moveText, traitText } from './card-text';
import { font, loadFonts } from '../../../render/fonts';
import { shapePath } from '../../../render/glyphs';
import { statusBadge } from '../../../render/legend-parts';
import { FACTION_COLOUR, INK, MORTAL, MUTED, PAPER } from '../../../render/palette';
import { STATUS_CODE, STATUS_COLOUR, TOKEN_STYLE } from './status-look';
import { flow, type Flow, type Run } from '../../../render/text-flow';

type Ctx = SKRSContext2D;

const W = 760;
const PAD = 22;
const COL = 132;
const GAP = 16;
const MID = W - 2 * PAD - 2 * COL - 2 * GAP;
const PX = 21;

const sameBox = (a: InjuryBox, b: InjuryBox) => JSON.stringify(a) === JSON.stringify(b);

/** Marked flags for the card's boxes in order: the first boxes of each kind take the marks. */
export function markedBoxes(card: UnitCard, unit: UnitState | undefined): boolean[] {
  const left = [...(unit?.injuries ?? [])];
  return card.injuries.map((box) => {
    const i = left.findIndex((b) => sameBox(b, box));
    if (i < 0) return false;
    left.splice(i, 1);
    return true;
  });
}

export function dropletRun(marked: boolean, mortal: boolean): Run {
  return {
    width: 1,
    picture: (ctx, x, y, h) => {
      droplet(ctx, x + h * 0.45, y + h * 0.55, h * 0.9);
      ctx.fillStyle = marked ? (mortal ? MORTAL : INK) : '#ffffff';
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = mortal && !marked ? MORTAL : INK;
      ctx.stroke();
    },
  };
}

/** The middle column: attacks, then traits, each trait box after the attack or trait it belongs to. */
export function middleRows(card: UnitCard, marks: readonly boolean[]): Run[][] {
  const boxAfter = (id: string | undefined): Run[] =>
    id === undefined ? [] : card.injuries.flatMap((b, i) => (typeof b === 'object' && b.trait === id ? [{ space: 0.3 }, dropletRun(marks[i]!, false)] : []));
  const rows: Run[][] = card.attacks.map((a) => [{ text: a.name, bold: true }, { text: ` ${attackBody(a)}` }, ...boxAfter(a.id)]);
  const common = card.traits
    .map(traitText)
    .filter((t) => t.name === null)
    .map((t) => t.text);
  const named = card.traits.flatMap((t) => {
    const words = traitText(t);
    return words.name === null ? [] : [{ words, id: 'id' in t ? t.id : undefined }];
  });
  if (common.length > 0 || named.length > 0) rows.push([{ text: 'TRAITS: ', bold: true }, { text: common.join(', ') }]);
  for (const { words, id } of named) rows.push([{ text: `${words.name}: `, bold: true }, { text: words.text }, ...boxAfter(id)]);
  if (card.text) rows.push([{ text: card.text, colour: MUTED }]);
  return rows;
}

export function modRows(mod: ModCard): Run[][] {
  const stats = Object.entries(mod.stats)
    .filter(([, v]) => v !== 0)
    .map(([k, v]) => `${v > 0 ? '+' : ''}${v} ${k === 'vigor' || k === 'armor' ? capital(k) : k}`);
  const tokens = costText(mod.tokens).replace(/(\d+) /g, '+$1 ');
  const rows: Run[][] = [
    [{ text: `MOD: ${mod.name}`, bold: true }, { text: `  +${mod.cost} VP${mod.modUse.length > 0 ? `, needs ${mod.modUse.map(capital).join(', ')}` : ''}` }],
  ];
  if (stats.length > 0 || tokens) rows.push([{ text: [...stats, tokens ? `${tokens} token` : ''].filter(Boolean).join(', ') }]);
  for (const a of mod.attacks) rows.push([{ text: a.name, bold: true }, { text: ` ${attackBody(a)}` }]);
  for (const t of mod.traits) {
    const words = traitText(t);
    rows.push(words.name ? [{ text: `${words.name}: `, bold: true }, { text: words.text }] : [{ text: words.text }]);
  }
  if (mod.text) rows.push([{ text: mod.text, colour: MUTED }]);
  return rows;
}

export function statBox(ctx: Ctx, x: number, y: number, w: number, h: number, label: string, value: string, note: string | null): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, 10);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = INK;
  ctx.stroke();
  ctx.fillStyle = MUTED;
  ctx.font = font(15, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.fillText(label.toUpperCase(), x + w / 2, y + 8);
  ctx.fillStyle = INK;
  ctx.font = font(Math.min(40, h * 0.45), 'bold');
  ctx.textBaseline = 'middle';
  ctx.fillText(value, x + w / 2, y + h * (note ? 0.52 : 0.6));
  if (note) {
    ctx.font = font(14);
    ctx.fillStyle = MUTED;
    ctx.fillText(note, x + w / 2, y + h * 0.84);
  }
}

export const modNote = (mod: ModCard | null | undefined, key: keyof ModCard['stats']): string | null => {
  const v = mod?.stats[key] ?? 0;
  return v === 0 ? null : `${v > 0 ? '+' : ''}${v} mod`;
};

/** The unit's statuses as a row of badges, or null without a unit or statuses. */
function statusFlowOf(scratch: Ctx, unit: UnitState | undefined): Flow | null {
  if (!unit || unit.statuses.length === 0) return null;
  const badges = unit.statuses.flatMap((s): Run[] => [statusBadge(STATUS_CODE[s.status], STATUS_COLOUR[s.status]), { text: ` ${s.status}  ` }]);
  return flow(scratch, [[{ text: 'STATUS  ', bold: true }, ...badges]], W - 2 * PAD, PX);
}

/** Title bar: name, descriptors and size; VP cost on the right. */
function drawTitle(ctx: Ctx, card: UnitCard, mod: ModCard | null | undefined): void {
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.font = font(36, 'bold');
  ctx.fillText(card.name, PAD, 48);
  ctx.font = font(20);
  ctx.fillText(`${descriptorLine(card.descriptors, card.quality)} · ${capital(card.size)}`, PAD, 84);
  ctx.textAlign = 'right';
  ctx.font = font(36, 'bold');
  const cost = card.cost + (mod?.cost ?? 0);
  ctx.fillText(`${cost} VP`, W - PAD, 48);
  if (mod) {
    ctx.font = font(18);
    ctx.fillText(`${card.cost} + ${mod.cost} mod`, W - PAD, 84);
  }
}

/** Intrinsic stats down the left; acquired stats down the right: Armor, and Vigor (current over starting, with a unit's state). */
function drawStats(ctx: Ctx, card: UnitCard, mod: ModCard | null | undefined, unit: UnitState | undefined, top: number): void {
  const stat = (k: 'agility' | 'brawn' | 'spirit' | 'wits') => String(cardStat(card, mod, k));
  const move = cardStat(card, mod, 'move');
  const left: [string, string, string | null][] = [
    ['Agility', stat('agility'), modNote(mod, 'agility')],
    ['Brawn', stat('brawn'), modNote(mod, 'brawn')],
    ['Spirit', stat('spirit'), modNote(mod, 'spirit')],
    ['Wits', stat('wits'), modNote(mod, 'wits')],
    ['Move', moveText(card, move), modNote(mod, 'move')],
  ];
  left.forEach(([label, value, note], i) => statBox(ctx, PAD, top + i * 84, COL, 76, label, value, note));
  const vigorMax = cardStat(card, mod, 'vigor');
  const rx = W - PAD - COL;
  statBox(ctx, rx, top, COL, 150, 'Armor', String(cardStat(card, mod, 'armor')), modNote(mod, 'armor'));
  statBox(ctx, rx, top + 166, COL, 150, 'Vigor', unit ? `${unit.vigor}/${vigorMax}` : String(vigorMax), unit ? 'now / start' : modNote(mod, 'vigor'));
}

/** The injury boxes other than trait boxes (those sit in the text), marked ones filled. */
function drawInjuries(ctx: Ctx, card: UnitCard, marks: readonly boolean[], rowsY: number): void {
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = INK;
  ctx.font = font(PX, 'bold');
  ctx.fillText('INJURIES', PAD, rowsY + 20);
  let x = PAD + 130;
  card.injuries.forEach((box, i) => {
    if (typeof box !== 'string') return;
    droplet(ctx, x + 13, rowsY + 20, 28);
    ctx.fillStyle = marks[i] ? (box === 'mortal' ? MORTAL : INK) : '#ffffff';
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = box === 'mortal' && !marks[i] ? MORTAL : INK;
    ctx.stroke();
    ctx.fillStyle = INK;
    ctx.font = font(17);
    ctx.fillText(capital(box), x + 32, rowsY + 22);
    x += 40 + ctx.measureText(capital(box)).width + 14;
  });
}

/** The action pool: each kind's tokens, spent ones hollow with a unit's state. */
function drawPool(ctx: Ctx, card: UnitCard, mod: ModCard | null | undefined, unit: UnitState | undefined, poolY: number): void {
  ctx.font = font(PX, 'bold');
  ctx.fillText('ACTION POOL', PAD, poolY + 20);
  let x = PAD + 160;
  for (const kind of TOKENS) {
    const max = card.tokens[kind] + (mod?.tokens[kind] ?? 0);
    const left = unit ? unit.tokens[kind] : max;
    for (let i = 0; i < Math.max(max, left); i++) {
      shapePath(ctx, TOKEN_STYLE[kind].shape, x + 12, poolY + 20, 24);
      ctx.fillStyle = i < left ? TOKEN_STYLE[kind].colour : '#ffffff';
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = INK;
      ctx.stroke();
      x += 30;
    }
    if (max > 0) {
      ctx.fillStyle = INK;
      ctx.font = font(17);
      ctx.fillText(kind, x + 2, poolY + 21);
      x += ctx.measureText(kind).width + 22;
    }
  }
}

/** Bottom bar: mod-use marks, fantasy rating, faction. */
function drawFoot(ctx: Ctx, card: UnitCard, footY: number, footH: number): void {
  ctx.fillStyle = '#ebe3cf';
  ctx.fillRect(4, footY, W - 8, footH - 8);
  MOD_USES.forEach((use: ModUse, i) => {
    const ix = PAD + i * 88;
    modUseIcon(ctx, use, ix + 18, footY + 8, 44, card.modUse.includes(use));
    ctx.fillStyle = card.modUse.includes(use) ? INK : 'rgba(29, 27, 24, 0.35)';
    ctx.font = font(14, 'bold');
    ctx.textAlign = 'center';
    ctx.fillText(capital(use), ix + 40, footY + 68);
  });
  ctx.textAlign = 'right';
  ctx.fillStyle = INK;
  ctx.font = font(22, 'bold');
  ctx.fillText(`Fantasy ${card.fantasy}`, W - PAD, footY + 30);
  ctx.font = font(18);
  ctx.fillText(capital(card.faction), W - PAD, footY + 60);
}

/**
 * Draws the card and returns its canvas. The steps share one context and run in this order, so
 * each starts from the text alignment and fill the one before left.
 */
export function drawCardCanvas(card: UnitCard, mod?: ModCard | null, unit?: UnitState, reuse = false): Canvas {
  loadFonts();
  const scratch = measuringContext();
  const marks = markedBoxes(card, unit);
  const middle = flow(scratch, middleRows(card, marks), MID, PX);
  const modFlow = mod ? flow(scratch, modRows(mod), W - 2 * PAD - 24, PX) : null;
  const statusFlow = statusFlowOf(scratch, unit);

  const head = 104;
  const leftH = 5 * 76 + 4 * 8;
  const bodyH = Math.max(leftH, middle.height);
  const rowsY = head + PAD + bodyH + 18;
  const footY = rowsY + 2 * 44 + (statusFlow ? statusFlow.height + 8 : 0);
  const footH = 92;
  const modY = footY + footH + 12;
  const height = modY + (modFlow ? modFlow.height + 24 + PAD : 0) + 6;

  const canvas = reuse ? pooledCanvas(W, height) : createCanvas(W, height);
  const ctx = canvas.getContext('2d');
  const band = drawCardFrame(ctx, card, { width: W, height, framed: modY, head });
  drawTitle(ctx, card, mod);
  const top = head + PAD;
  drawStats(ctx, card, mod, unit, top);
  // Attacks and traits in the middle.
  middle.draw(ctx, PAD + COL + GAP, top);
  drawInjuries(ctx, card, marks, rowsY);
  drawPool(ctx, card, mod, unit, rowsY + 44);
  if (statusFlow) statusFlow.draw(ctx, PAD, rowsY + 88);
  drawFoot(ctx, card, footY, footH);
  if (modFlow) drawModBox(ctx, modFlow, { top: modY, pad: PAD, width: W, inset: 12 }, band);
  return canvas;
}

/**
 * A card's paper, its ink outline down to `framed` (the mod's box stands below it), and the title band
 * `head` tall in the faction's colour, which is returned for the rest of the card to use.
 */
export function drawCardFrame(ctx: Ctx, card: UnitCard, at: { width: number; height: number; framed: number; head: number }): string {
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, at.width, at.height);
  ctx.lineWidth = 4;
  ctx.strokeStyle = INK;
  ctx.strokeRect(2, 2, at.width - 4, at.framed - 4);
  const band = FACTION_COLOUR[card.faction] ?? '#4a4a4a';
  ctx.fillStyle = band;
  ctx.fillRect(4, 4, at.width - 8, at.head - 4);
  return band;
}

/** The mod's white box under a card, outlined in the faction's band colour, with the mod's text inside. */
export function drawModBox(ctx: Ctx, text: Flow, at: { top: number; pad: number; width: number; inset: number }, band: string): void {
  ctx.beginPath();
  ctx.roundRect(at.pad / 2, at.top, at.width - at.pad, text.height + 2 * at.inset, 10);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = band;
  ctx.stroke();
  text.draw(ctx, at.pad + 2, at.top + at.inset);
}
