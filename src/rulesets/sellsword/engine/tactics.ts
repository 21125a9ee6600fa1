/** The tactics check and the order of players (R6, R7): rolls, ties, Warleader rerolls, the AP's choice. */
import { ask, type Handler } from './flow';
import { inPlay } from './scoring';
import type { GameState, PlayerId } from './state';
import { diceLeft, topWarleader } from './warleader';

/** The player's highest-rated Warleader (R6): its id, its injuries (the roll's penalty) and its dice left. */
function warleader(state: GameState, player: PlayerId): { unit: string | null; injuries: number; dice: number } {
  const best = topWarleader(state, player);
  return best === null ? { unit: null, injuries: 0, dice: 0 } : { unit: best.id, injuries: best.injuries.length, dice: diceLeft(state, best) };
}

/** The player with the highest total (ties are rolled off before this is asked; the first seat else). */
const leaderOf = (players: readonly PlayerId[], totals: Readonly<Record<PlayerId, number>>): PlayerId =>
  players.reduce((a, b) => (totals[b]! > totals[a]! ? b : a));

/** R6: everyone rolls; ties roll again; losers may reroll with Warleader dice; the AP orders the round. */
export const onTactics: Handler<'tactics'> = (ctx, frame, stack) => {
  const players = inPlay(ctx.state);
  const totals: Record<PlayerId, number> = { ...frame.totals };
  const rerolls: Record<PlayerId, number> = { ...frame.rerolls };
  let declined = [...(frame.declined ?? [])];
  let after = frame.after;
  const asking = frame.asking;
  const answer = frame.answer;
  const rollFor = (p: PlayerId) => ctx.roll(20) - warleader(ctx.state, p).injuries;
  if (Object.keys(totals).length === 0) {
    for (const p of players) {
      totals[p] = rollFor(p);
      rerolls[p] = warleader(ctx.state, p).dice;
    }
    ctx.emit({ type: 'tactics-rolled', rolls: ctx.rolls(), totals: { ...totals }, winner: null });
  }
  if (asking !== undefined && answer !== undefined) {
    if (answer) {
      // The reroll replaces the roll (R6) and spends a die of that Warleader for the round (§4.7).
      rerolls[asking] = rerolls[asking]! - 1;
      const before = leaderOf(players, totals);
      totals[asking] = rollFor(asking);
      after = asking;
      // R59: a new leader gives every other player a fresh chance, those who declined included.
      if (leaderOf(players, totals) !== before) declined = [];
      const leader = warleader(ctx.state, asking).unit;
      ctx.emit({
        type: 'tactics-rolled',
        rolls: ctx.rolls(),
        totals: { ...totals },
        winner: null,
        rerolled: asking,
        ...(leader !== null ? { warleader: leader } : {}),
      });
    } else declined.push(asking);
  }
  for (;;) {
    const top = Math.max(...players.map((p) => totals[p]!));
    const tied = players.filter((p) => totals[p] === top);
    if (tied.length === 1) break;
    for (const p of tied) totals[p] = rollFor(p);
    ctx.emit({ type: 'tactics-rolled', rolls: ctx.rolls(), totals: { ...totals }, winner: null });
  }
  const winner = leaderOf(players, totals);
  // R59 (R38, R51): losers are asked in seat order, from the seat after the last to reroll.
  const start = after === undefined ? 0 : players.indexOf(after) + 1;
  const seats = [...players.slice(start), ...players.slice(0, start)];
  const chooser = seats.find((p) => p !== winner && rerolls[p]! > 0 && !declined.includes(p));
  if (chooser !== undefined) {
    return ask(
      ctx,
      stack,
      { k: 'tactics', totals, rerolls, declined, asking: chooser, ...(after !== undefined ? { after } : {}) },
      {
        kind: 'reroll',
        player: chooser,
        options: { roll: 'tactics', total: totals[chooser]!, leader: winner, leaderTotal: totals[winner]!, rerollsLeft: rerolls[chooser]! },
      },
    );
  }
  const greater = players.every((p) => p === winner || totals[winner]! - totals[p]! >= 10);
  stack.push({ k: 'order', ap: winner, greater });
};

/** R7: the AP chooses the order of players for the round. */
export const onOrder: Handler<'order'> = (ctx, frame, stack) => {
  const ap = frame.ap;
  const answer = frame.answer;
  const players = inPlay(ctx.state);
  if (answer === undefined) {
    return ask(ctx, stack, frame, { kind: 'order', player: ap, options: players });
  }
  ctx.emit({ type: 'order-set', order: [...answer], ap, greaterAdvantage: frame.greater });
};
