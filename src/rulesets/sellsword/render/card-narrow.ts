/**
 * The stat card laid out for a phone (card.ts `CardLayout` 'narrow'): the same content as the
 * rulebook's layout, stacked: name and cost, the intrinsic stats in a row, Armor and Vigor in a row,
 * attacks and traits across the whole width, injuries, the action pool, statuses, the mod uses,
 * fantasy rating and faction, and a mod under it. Every line of text is `phonePx(W)` tall (11 px when
 * a phone shows the picture in an embed of its own, as a warband's cards are posted), so the card
 * reads on a phone without opening it, and on a desktop too.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { UnitCard } from '../formats/card';
import type { ModCard } from '../formats/mod';
import { MOD_USES, TOKENS } from '../formats/vocabulary';
import { cardStat, type UnitState } from '../engine';
import { measuringContext } from '../../../render/canvas-pool';
import { drawCardFrame, drawModBox, dropletRun, markedBoxes, middleRows, modNote, modRows, statBox } from './card';
import { capital, descriptorLine, moveText } from './card-text';
import { phonePx } from '../../../render/phone';
import { loadFonts } from '../../../render/fonts';
import { shapePath } from '../../../render/glyphs';
import { statusBadge } from '../../../render/legend-parts';
import { INK, MUTED } from '../../../render/palette';
import { STATUS_CODE, STATUS_COLOUR, TOKEN_STYLE } from './status-look';
import { flow, type Run } from '../../../render/text-flow';

export const NARROW_CARD_WIDTH = 480;
const W = NARROW_CARD_WIDTH;
const PAD = 14;
const GAP = 8;
/** The card's text: the phone minimum for the box a phone shows it in (phone.ts): each card is posted in an embed of its own. */
export const NARROW_CARD_PX = phonePx(W);
const PX = NARROW_CARD_PX;
const BOX_H = 72;

function tokenRun(kind: 'react' | 'blue' | 'red', filled: boolean): Run {
  return {
    width: 1.1,
    picture: (ctx, x, y, h) => {
      shapePath(ctx, TOKEN_STYLE[kind].shape, x + h * 0.5, y + h * 0.55, h * 0.9);
      ctx.fillStyle = filled ? TOKEN_STYLE[kind].colour : '#ffffff';
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = INK;
      ctx.stroke();
    },
  };
}

/** Injuries, the action pool, statuses and the bottom bar's facts, as rows of text with pictures. */
function lowerRows(card: UnitCard, mod: ModCard | null | undefined, unit: UnitState | undefined, marks: readonly boolean[]): Run[][] {
  const rows: Run[][] = [];
  const boxes = card.injuries.flatMap((box, i): Run[] =>
    typeof box === 'string' ? [{ group: [dropletRun(marks[i]!, box === 'mortal'), { text: ` ${capital(box)}  ` }] }] : [],
  );
  rows.push([{ text: 'INJURIES  ', bold: true }, ...boxes]);
  const pool: Run[] = [];
  for (const kind of TOKENS) {
    const max = card.tokens[kind] + (mod?.tokens[kind] ?? 0);
    const left = unit ? unit.tokens[kind] : max;
    const count = Math.max(max, left);
    if (count === 0) continue;
    pool.push({ group: [...Array.from({ length: count }, (_, i) => tokenRun(kind, i < left)), { text: ` ${kind}  ` }] });
  }
  rows.push([{ text: 'ACTION POOL  ', bold: true }, ...pool]);
  if (unit && unit.statuses.length > 0)
    rows.push([
      { text: 'STATUS  ', bold: true },
      ...unit.statuses.flatMap((s): Run[] => [statusBadge(STATUS_CODE[s.status], STATUS_COLOUR[s.status]), { text: ` ${s.status}  ` }]),
    ]);
  const uses = MOD_USES.filter((u) => card.modUse.includes(u)).map(capital);
  rows.push([
    { text: `Fantasy ${card.fantasy}`, bold: true },
    { text: ` · ${capital(card.faction)} · mods: ${uses.length > 0 ? uses.join(', ') : 'none'}`, colour: MUTED },
  ]);
  return rows;
}

/** Draws the narrow card and returns its canvas. */
export function drawNarrowCardCanvas(card: UnitCard, mod?: ModCard | null, unit?: UnitState): Canvas {
  loadFonts();
  const scratch = measuringContext();
  const marks = markedBoxes(card, unit);
  const inner = W - 2 * PAD;
  const cost = card.cost + (mod?.cost ?? 0);
  const white = '#ffffff';
  const title = flow(
    scratch,
    [
      [
        { text: `${card.name}  `, bold: true, colour: white, scale: 1.4 },
        { text: `${cost} VP`, bold: true, colour: white, scale: 1.4 },
      ],
      [
        { text: `${descriptorLine(card.descriptors, card.quality)} · ${capital(card.size)}`, colour: white },
        ...(mod ? [{ group: [{ text: ` · ${card.cost} + ${mod.cost} mod`, colour: white }] }] : []),
      ],
    ],
    inner,
    PX,
  );
  const middle = flow(scratch, middleRows(card, marks), inner, PX);
  const lower = flow(scratch, lowerRows(card, mod, unit, marks), inner, PX);
  const modFlow = mod ? flow(scratch, modRows(mod), inner - 16, PX) : null;

  const head = title.height + 2 * PAD;
  const statsY = head + PAD;
  const middleY = statsY + 2 * BOX_H + GAP + PAD;
  const lowerY = middleY + middle.height + PAD;
  const cardH = lowerY + lower.height + PAD;
  const modY = cardH + 10;
  const height = modY + (modFlow ? modFlow.height + 16 + PAD : 0) + 4;

  const canvas = createCanvas(W, height);
  const ctx = canvas.getContext('2d');
  const band = drawCardFrame(ctx, card, { width: W, height, framed: cardH, head });
  title.draw(ctx, PAD, PAD);

  // Intrinsic stats in one row, Armor and Vigor (current over starting, with a unit's state) in the next.
  const stat = (k: 'agility' | 'brawn' | 'spirit' | 'wits') => String(cardStat(card, mod, k));
  const move = cardStat(card, mod, 'move');
  const first: [string, string, string | null][] = [
    ['Agility', stat('agility'), modNote(mod, 'agility')],
    ['Brawn', stat('brawn'), modNote(mod, 'brawn')],
    ['Spirit', stat('spirit'), modNote(mod, 'spirit')],
    ['Wits', stat('wits'), modNote(mod, 'wits')],
    ['Move', moveText(card, move), modNote(mod, 'move')],
  ];
  const bw = (inner - 4 * GAP) / 5;
  first.forEach(([label, value, note], i) => statBox(ctx, PAD + i * (bw + GAP), statsY, bw, BOX_H, label, value, note));
  const vigorMax = cardStat(card, mod, 'vigor');
  const hw = (inner - GAP) / 2;
  const y2 = statsY + BOX_H + GAP;
  statBox(ctx, PAD, y2, hw, BOX_H, 'Armor', String(cardStat(card, mod, 'armor')), modNote(mod, 'armor'));
  statBox(ctx, PAD + hw + GAP, y2, hw, BOX_H, 'Vigor', unit ? `${unit.vigor}/${vigorMax}` : String(vigorMax), unit ? 'now / start' : modNote(mod, 'vigor'));

  middle.draw(ctx, PAD, middleY);
  ctx.fillStyle = '#ebe3cf';
  ctx.fillRect(4, lowerY - PAD / 2, W - 8, cardH - lowerY + PAD / 2 - 4);
  lower.draw(ctx, PAD, lowerY);

  if (modFlow) drawModBox(ctx, modFlow, { top: modY, pad: PAD, width: W, inset: 8 }, band);
  return canvas;
}
