/** The tactics check and the order of players (R6, R7): rolls, ties, Warleader rerolls, the AP's choice. */
import { ask, field, handle } from './flow';
import { inPlay } from './scoring';
import type { GameState, PlayerId } from './state';
import { profile } from './stats';

/** The highest Warleader rating a player has on the map, and that unit's injuries (R6). */
function warleader(state: GameState, player: PlayerId): { dice: number; injuries: number } {
  let best = { dice: 0, injuries: 0 };
  for (const u of Object.values(state.units)) {
    if (u.player !== player || u.dropped || u.at === null) continue;
    for (const t of profile(state, u).traits) {
      if (t.trait !== 'warleader') continue;
      if (t.dice > best.dice || (t.dice === best.dice && u.injuries.length < best.injuries)) best = { dice: t.dice, injuries: u.injuries.length };
    }
  }
  return best;
}

/** R6: everyone rolls; ties roll again; losers may reroll with Warleader dice; the AP orders the round. */
handle('tactics', (ctx, frame, stack) => {
  const players = inPlay(ctx.state);
  const totals: Record<PlayerId, number> = { ...field<Record<PlayerId, number> | undefined>(frame, 'totals') };
  const rerolls: Record<PlayerId, number> = { ...field<Record<PlayerId, number> | undefined>(frame, 'rerolls') };
  const declined = [...(field<PlayerId[] | undefined>(frame, 'declined') ?? [])];
  const asking = field<PlayerId | undefined>(frame, 'asking');
  const answer = field<boolean | undefined>(frame, 'answer');
  const rollFor = (p: PlayerId) => ctx.roll() - warleader(ctx.state, p).injuries;
  if (Object.keys(totals).length === 0) {
    for (const p of players) {
      totals[p] = rollFor(p);
      rerolls[p] = warleader(ctx.state, p).dice;
    }
    ctx.emit({ type: 'tactics-rolled', rolls: ctx.rolls(), totals: { ...totals }, winner: null });
  }
  if (asking !== undefined && answer !== undefined) {
    if (answer) {
      // The reroll replaces the roll (R6).
      rerolls[asking] = rerolls[asking]! - 1;
      totals[asking] = rollFor(asking);
      ctx.emit({ type: 'tactics-rolled', rolls: ctx.rolls(), totals: { ...totals }, winner: null, rerolled: asking });
    } else declined.push(asking);
  }
  for (;;) {
    const top = Math.max(...players.map((p) => totals[p]!));
    const tied = players.filter((p) => totals[p] === top);
    if (tied.length === 1) break;
    for (const p of tied) totals[p] = rollFor(p);
    ctx.emit({ type: 'tactics-rolled', rolls: ctx.rolls(), totals: { ...totals }, winner: null });
  }
  const winner = players.reduce((a, b) => (totals[b]! > totals[a]! ? b : a));
  const chooser = players.find((p) => p !== winner && rerolls[p]! > 0 && !declined.includes(p));
  if (chooser !== undefined) {
    return ask(ctx, stack, { k: 'tactics', totals, rerolls, declined, asking: chooser }, {
      kind: 'reroll',
      player: chooser,
      options: { total: totals[chooser], leader: winner, leaderTotal: totals[winner], rerollsLeft: rerolls[chooser] },
    });
  }
  const greater = players.every((p) => p === winner || totals[winner]! - totals[p]! >= 10);
  stack.push({ k: 'order', ap: winner, greater });
});

/** R7: the AP chooses the order of players for the round. */
handle('order', (ctx, frame, stack) => {
  const ap = field<PlayerId>(frame, 'ap');
  const answer = field<PlayerId[] | undefined>(frame, 'answer');
  const players = inPlay(ctx.state);
  if (answer === undefined) {
    return ask(ctx, stack, frame, { kind: 'order', player: ap, options: players });
  }
  ctx.emit({ type: 'order-set', order: answer, ap, greaterAdvantage: field<boolean>(frame, 'greater') });
});
