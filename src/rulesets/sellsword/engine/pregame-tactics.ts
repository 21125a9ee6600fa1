/**
 * The setup tactics check (§2.1, R6): everyone rolls a d20, ties among the highest roll again, and a
 * player who lost may reroll once per point of Warleader, the reroll replacing the roll. Its winner
 * (the AP) picks who chooses the map. The steps are tactics.ts's, in the same order: ties are settled
 * before anyone is asked, the next loser in seat order from the seat after the last to reroll, with
 * rerolls left and not having declined since the lead last changed, is asked (R59), and a reroll may
 * change the lead and so who is asked next. tactics.ts keeps its
 * steps inside a frame handler of the match, with nothing exported, so they are mirrored here.
 * Before round 1 nobody is injured, so no total is reduced.
 */
import type { PregameCtx } from './pregame-context';
import type { GameState, PlayerId } from './state';
import { profile } from './stats';

/**
 * Each player's highest Warleader rating (0 if none): the setup's `rerolls`. Read from a state built
 * by initial() for the match (any candidate map: ratings do not depend on it), through the unit
 * profiles tactics.ts reads. Unlike a round's check, units in reserve count: before round 1 every unit
 * is in reserve.
 */
export function setupRerolls(state: GameState): Record<PlayerId, number> {
  const out: Record<PlayerId, number> = Object.fromEntries(state.players.map((p) => [p, 0]));
  for (const u of Object.values(state.units)) {
    if (u.dropped) continue;
    for (const t of profile(state, u).traits) {
      if (t.trait === 'warleader' && t.dice > (out[u.player] ?? 0)) out[u.player] = t.dice;
    }
  }
  return out;
}

const totalsOf = (ctx: PregameCtx): Record<PlayerId, number> => ({ ...ctx.state.totals });

/** `{ begin: true }`: every player rolls. */
export function rollSetupCheck(ctx: PregameCtx): void {
  const players = [...ctx.state.players];
  const totals: Record<PlayerId, number> = {};
  for (const p of players) totals[p] = ctx.roll(20);
  ctx.emit({ type: 'tactics-rolled', players, rolls: ctx.rolls(), totals });
}

/** The answer to a reroll prompt. */
export function answerReroll(ctx: PregameCtx, player: PlayerId, reroll: boolean): void {
  if (!reroll) {
    ctx.emit({ type: 'reroll-declined', player });
    return;
  }
  const totals = totalsOf(ctx);
  totals[player] = ctx.roll(20);
  ctx.emit({ type: 'tactics-rolled', players: [player], rolls: ctx.rolls(), totals, rerolled: player });
}

/** Rolls off ties, then asks the next loser about a reroll, or declares the AP. */
export function settleSetupCheck(ctx: PregameCtx): void {
  const players = ctx.state.players;
  for (;;) {
    const totals = totalsOf(ctx);
    const top = Math.max(...players.map((p) => totals[p]!));
    const tied = players.filter((p) => totals[p] === top);
    if (tied.length === 1) break;
    for (const p of tied) totals[p] = ctx.roll(20);
    ctx.emit({ type: 'tactics-rolled', players: tied, rolls: ctx.rolls(), totals });
  }
  const { totals, rerollsLeft, declined, lastRerolled } = ctx.state;
  const winner = players.reduce((a, b) => (totals![b]! > totals![a]! ? b : a));
  // R59: in seat order from the seat after the last to reroll.
  const start = lastRerolled === undefined ? 0 : players.indexOf(lastRerolled) + 1;
  const seats = [...players.slice(start), ...players.slice(0, start)];
  const asking = seats.find((p) => p !== winner && (rerollsLeft[p] ?? 0) > 0 && !declined.includes(p));
  if (asking !== undefined) {
    ctx.emit({
      type: 'prompted',
      prompt: {
        kind: 'reroll',
        player: asking,
        options: { total: totals![asking]!, leader: winner, leaderTotal: totals![winner]!, rerollsLeft: rerollsLeft[asking]! },
      },
    });
    return;
  }
  ctx.emit({ type: 'advantage-won', ap: winner });
}
