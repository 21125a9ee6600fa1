/**
 * The header above the board: map, round and phase, whose turn (or the open decision, or the
 * result), then one row per player with their token shape, score against the target, and units in
 * reserve or dropped. Above the board rather than beside it, so a phone's width goes to the squares.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { playerSwatch } from '../../../render/legend-parts';
import { INK } from '../../../render/palette';
import { lastTurnPhrases } from './last-turn-words';
import { flow, type Flow, type Run } from '../../../render/text-flow';
import type { MapView, PlayerView } from './view';
import { statusPhase } from './view-units';
import { capital } from './card-text';

type Ctx = SKRSContext2D;

function scoreBar(p: PlayerView, target: number): Run {
  return {
    width: 5,
    picture: (ctx, x, y, h) => {
      const w = h * 4.6;
      const share = target > 0 ? Math.min(1, p.score / target) : 0;
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(x, y + h * 0.2, w, h * 0.6);
      ctx.fillStyle = p.colour;
      ctx.fillRect(x, y + h * 0.2, w * share, h * 0.6);
      ctx.lineWidth = Math.max(1.5, h * 0.07);
      ctx.strokeStyle = INK;
      ctx.strokeRect(x, y + h * 0.2, w, h * 0.6);
    },
  };
}

/** The header's second row: whose turn, the open decision, the result, or what the round's end brings. */
export function turnRow(view: MapView): Run[] {
  const s = view.status;
  const who = (id: string) => view.players.find((p) => p.id === id);
  const named = (id: string): Run[] => {
    const p = who(id);
    return p ? [playerSwatch(p), { space: 0.3 }, { text: p.name, bold: true }] : [{ text: id, bold: true }];
  };
  if (s.over) {
    return s.winner ? [{ text: 'Game over: ', bold: true }, ...named(s.winner), { text: ' wins' }] : [{ text: 'Game over: a draw', bold: true }];
  }
  if (s.prompt) return [{ text: 'Waiting for ' }, ...named(s.prompt.player), { text: `: ${s.prompt.text}` }];
  if (s.turn) {
    const acts = s.turn.actsLeft === 1 ? '1 act left' : `${s.turn.actsLeft} acts left`;
    return [{ text: 'Turn: ' }, ...named(s.turn.player), { text: s.turn.unit ? ` with ${s.turn.unit}, ${acts}` : ', choosing a unit' }];
  }
  if (s.next) return [{ text: 'Next: ' }, ...named(s.next.player)];
  const scores = s.roundEndScores;
  if (!scores || scores.objectives.length === 0) return [{ text: 'Waiting for the round to start' }];
  // "Objective scores next: 2 for Bob (+5 VP)": the score rows below are from before it.
  const each = scores.objectives.flatMap((o, i): Run[] => [{ text: `${i > 0 ? ', ' : ''}${o.objective} for ` }, ...named(o.player)]);
  const plural = scores.objectives.length > 1;
  return [{ text: `Objective${plural ? 's' : ''} score${plural ? '' : 's'} next: ` }, ...each, { text: ` (+${scores.points} VP${plural ? ' each' : ''})` }];
}

function playerRow(p: PlayerView, target: number): Run[] {
  const runs: Run[] = [playerSwatch(p), { space: 0.3 }, { text: p.name, bold: true }];
  // The seat (P1…P4) picks the token shape; start areas are numbered apart (S1…), since any player may take any.
  runs.push({ text: ` P${p.seat + 1}${p.faction ? ` ${capital(p.faction)}` : ''}` });
  runs.push({ text: `  ${p.score}/${target} VP `, bold: true }, scoreBar(p, target));
  if (p.out) runs.push({ text: ' out', bold: true });
  if (p.reserve.length > 0) runs.push({ space: 0.6 }, { text: 'Reserve: ', bold: true }, { text: p.reserve.join(', ') });
  // A concession took the units still standing off the table; none was dropped by that, and one
  // dropped in play before it stays dropped (issue 26).
  for (const [heading, labels] of [
    ['Dropped: ', p.dropped],
    // Non-breaking spaces keep the heading on one line ("Off" once ended a line, issue 26).
    ['Off\u00a0the\u00a0table: ', p.offTable],
  ] as const) {
    if (labels.length === 0) continue;
    runs.push({ space: 0.6 }, { text: heading, bold: true });
    labels.forEach((d, i) => runs.push({ text: d, strike: true }, { text: i < labels.length - 1 ? ', ' : '' }));
  }
  return runs;
}

/** The header laid out for an image `width` wide. */
export function panel(ctx: Ctx, view: MapView, width: number, px: number): Flow {
  const s = view.status;
  const limit = s.roundLimit !== null && s.round > 0 ? ` of ${s.roundLimit}` : '';
  const rows: Run[][] = [
    [
      { text: view.board.name, bold: true, scale: 1.2 },
      { text: `   ${statusPhase(s).replace(/^Round (\d+)/, `Round $1${limit}`)}`, scale: 1 },
    ],
    turnRow(view),
    ...view.players.map((p) => playerRow(p, s.target)),
  ];
  const last = view.lastTurn ? lastTurnPhrases(view.lastTurn) : [];
  if (view.lastTurn && last.length > 0) {
    const who = view.lastTurn.player ? `${view.lastTurn.player}: ` : '';
    rows.push([{ text: 'Last turn ', bold: true }, { text: `${who}${last.join(' · ')}` }]);
  }
  return flow(ctx, rows, width, px);
}
