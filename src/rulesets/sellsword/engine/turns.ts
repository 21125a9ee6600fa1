/**
 * Rounds, phases and turns (§2.2, R7–R10): whose turn it is, activation and the start-of-turn steps,
 * the end-of-turn steps, and round end with objective scoring (the tactics check is in tactics.ts,
 * drops and victory in scoring.ts).
 */
import { ask, type Handler } from './flow';
import type { GameState, PlayerId, UnitId, UnitState } from './state';
import { couldClose, nearestEnemies, rageSatisfied } from './enraged';
import { liveTraits, profile } from './stats';
import { boardOf, squaresOf, unitOf } from './table';
import { hasTerrain, T } from '../../../engine/board';
import { checkVictory, dropUnit, inPlay } from './scoring';
import { GLAMYRED_HELD } from './events';

/** Units of a player that may still take a turn this round (R7): not dropped, no turn yet. */
export const waitingUnits = (state: GameState, player: PlayerId): UnitState[] =>
  Object.values(state.units).filter((u) => u.player === player && !u.dropped && !u.turnTaken);

/**
 * Phase k is led by order[(k−1) mod n] and proceeds in order from there (R7). A player who is out
 * has left the round's order: n counts only the players still in (R50).
 */
export function phaseOrder(state: GameState, phase: number): PlayerId[] {
  const order = state.order.filter((p) => !state.out.includes(p));
  const n = order.length;
  if (n === 0) return [];
  const start = (((phase - 1) % n) + n) % n;
  return [...order.slice(start), ...order.slice(0, start)];
}

/**
 * Whose turn comes next when none is in progress, and in which phase; null when the round is over.
 * A player with no waiting unit is skipped; when only one player has waiting units, they take all
 * their remaining turns (the final phase).
 */
export function nextTurn(state: GameState): { player: PlayerId; phase: number } | null {
  const waiting = inPlay(state).filter((p) => waitingUnits(state, p).length > 0);
  if (waiting.length === 0) return null;
  if (waiting.length === 1) return { player: waiting[0]!, phase: state.phase };
  if (state.phase === 0) {
    if (state.ap !== null && waiting.includes(state.ap) && !state.phaseDone.includes(state.ap)) return { player: state.ap, phase: 0 };
  } else {
    const here = phaseOrder(state, state.phase).find((p) => waiting.includes(p) && !state.phaseDone.includes(p));
    if (here !== undefined) return { player: here, phase: state.phase };
  }
  const phase = state.phase + 1;
  return { player: phaseOrder(state, phase).find((p) => waiting.includes(p))!, phase };
}

/**
 * Whether the turn `player` begins now is greater advantage's early turn (R7): phase 0, taken by the
 * player who won the tactics check by 10 or more, once. The phase stays 0 when only the other players
 * have units left after it (their last turns), and those turns are not it.
 */
export function isGreaterAdvantageTurn(state: GameState, player: PlayerId): boolean {
  return state.round > 0 && state.phase === 0 && state.ap === player && !state.phaseDone.includes(player);
}

/**
 * Whether at most one player has units still to take their turn this round: they take them all in the
 * phase in progress (the final phase), so the phase number stops changing. Once the last of those
 * turns has ended, nobody has a unit waiting, and the round is still in its last turns until the next
 * round starts (the last turn's own post shows that moment). Never before a turn of the round has been
 * taken, other than the one in progress: there are no earlier turns for these to be the last of.
 */
export function aloneToAct(state: GameState): boolean {
  if (state.round === 0) return false;
  // Turns are "last" only after others: before any turn but the one in progress, the round is just beginning.
  if (!Object.values(state.units).some((u) => u.turnTaken && u.id !== state.turn?.unit)) return false;
  return inPlay(state).filter((p) => waitingUnits(state, p).length > 0).length <= 1;
}

/** What made a unit's acts differ from 3 (R8): its card's rule (by name, with the acts it gives), or a status. */
export type ActsChange =
  | { readonly by: 'rule'; readonly name: string; readonly acts: number }
  | { readonly by: 'shaken' | 'stunned' | 'controlled' | 'helpless' };

/**
 * R8: 3 acts, minus 1 Shaken, minus 2 Stunned, none Helpless; a card rule may grant more. Controlled:
 * one. With each thing that changed the count, in the order it applied; none when it is 3 as usual.
 */
export function actsWithWhy(state: GameState, unit: UnitState): { readonly acts: number; readonly why: readonly ActsChange[] } {
  const has = (s: string) => unit.statuses.some((x) => x.status === s);
  if (has('helpless')) return { acts: 0, why: [{ by: 'helpless' }] };
  const why: ActsChange[] = [];
  const rule = liveTraits(state, unit).find((t) => t.trait === 'rule' && t.acts !== undefined);
  let acts = 3;
  if (rule && rule.trait === 'rule' && rule.acts !== undefined && rule.acts !== 3) {
    acts = rule.acts;
    why.push({ by: 'rule', name: rule.name, acts });
  }
  if (has('shaken')) {
    acts -= 1;
    why.push({ by: 'shaken' });
  }
  if (has('stunned')) {
    acts -= 2;
    why.push({ by: 'stunned' });
  }
  if (has('controlled') && acts > 1) {
    acts = 1;
    why.push({ by: 'controlled' });
  }
  return { acts: Math.max(0, acts), why };
}

/** The acts a unit's turn starts with (R8): actsWithWhy's count. */
export const actsFor = (state: GameState, unit: UnitState): number => actsWithWhy(state, unit).acts;

/** Starts the next turn, or ends the round when nobody has a unit waiting. */
export const onNextTurn: Handler<'next-turn'> = (ctx, _frame, stack) => {
  if (ctx.state.turn) return;
  const next = nextTurn(ctx.state);
  if (!next) {
    stack.push({ k: 'round-end' });
    return;
  }
  if (next.phase !== ctx.state.phase) ctx.emit({ type: 'phase-started', phase: next.phase });
  ctx.emit({ type: 'turn-started', player: next.player });
};

/** Activation (R9): the unit's first act starts its turn; the start-of-turn steps run first. */
export const onActivate: Handler<'activate'> = (ctx, frame, stack) => {
  const unit = unitOf(ctx.state, frame.unit);
  ctx.emit({ type: 'unit-activated', unit: unit.id, acts: actsFor(ctx.state, unit) });
  stack.push({ k: 'start-steps', unit: unit.id, step: 0 });
};

/** R9 in order: damaging terrain, the Mortal roll, Enraged and Glamyred rolls. */
export const onStartSteps: Handler<'start-steps'> = (ctx, frame, stack) => {
  const unit = unitOf(ctx.state, frame.unit);
  if (unit.dropped || unit.at === null) return;
  const board = boardOf(ctx.state);
  // Damaging terrain the unit stands in (R19): from no unit, so a drop scores as R3 and R66 say.
  if (squaresOf(ctx.state, unit).some((s) => hasTerrain(board, s, T.damaging))) {
    stack.push({ k: 'start-mortal', unit: unit.id });
    stack.push({ k: 'wound', unit: unit.id, wound: 5, woundType: board.damage, source: null, why: 'damaging terrain', from: 'terrain' });
    return;
  }
  stack.push({ k: 'start-mortal', unit: unit.id });
};

/** R9: the Mortal roll at the start of each of its turns drops a unit on this d20 or more (a natural 20). */
export const MORTAL_DROP_ROLL = 20;

/** The Mortal roll's `why` on its 'rolled' event (fingerprinted: the words a player reads are made at render time). */
export const MORTAL_ROLL_WHY = 'Mortal roll: a natural 20 drops the unit';

/** The reason an Enraged or Glamyred unit's start-of-turn roll carries (§6.2, R48); read back by `startRollOf`. */
const startRollWhy = (status: 'enraged' | 'glamyred', wits: number, injuries: number): string =>
  `${status} roll against Wits ${wits}${injuries > 0 ? `, +${injuries} for injuries` : ''}`;

/**
 * What an Enraged or Glamyred start-of-turn roll was against, from the reason it carries, and whether
 * `roll` took hold (§6.2: at or above Wits; R48: +1 per injury, a natural 20 always); null for any
 * other roll.
 */
export function startRollOf(why: string, roll: number): { status: 'enraged' | 'glamyred'; wits: number; injuries: number; holds: boolean } | null {
  const m = /^(enraged|glamyred) roll against Wits (\d+)(?:, \+(\d+) for injuries)?$/.exec(why);
  if (!m) return null;
  const wits = Number(m[2]);
  const injuries = Number(m[3] ?? 0);
  return { status: m[1] as 'enraged' | 'glamyred', wits, injuries, holds: startRollHolds(roll, wits, injuries) };
}

/** §6.2: a start-of-turn roll at or above Wits takes hold; R48: +1 per injury, and a natural 20 always does. */
const startRollHolds = (roll: number, wits: number, injuries: number): boolean => roll === 20 || roll + injuries >= wits;

export const onStartMortal: Handler<'start-mortal'> = (ctx, frame) => {
  const unit = unitOf(ctx.state, frame.unit);
  if (unit.dropped) return;
  if (unit.injuries.includes('mortal')) {
    const roll = ctx.roll(20);
    ctx.emit({ type: 'rolled', unit: unit.id, why: MORTAL_ROLL_WHY, rolls: ctx.rolls() });
    if (roll >= MORTAL_DROP_ROLL) dropUnit(ctx, unit.id, null);
  }
  const fresh = unitOf(ctx.state, unit.id);
  if (fresh.dropped) return;
  const controlled = fresh.statuses.find((s) => s.status === 'controlled');
  if (controlled) ctx.emit({ type: 'controlled', unit: fresh.id, player: controllerOf(ctx.state, fresh, controlled.source), why: 'Controlled' });
  // §6.2: Enraged and Glamyred roll at the start of the turn; a roll at or above Wits takes hold.
  // R48: they work as recovery rolls (R28): +1 per injury, and a natural 20 always takes hold.
  let rage = false;
  for (const status of ['enraged', 'glamyred'] as const) {
    const u = unitOf(ctx.state, unit.id);
    const s = u.statuses.find((x) => x.status === status);
    if (u.dropped || !s) continue;
    const roll = ctx.roll(20);
    const { wits, injuries } = profile(ctx.state, u);
    ctx.emit({
      type: 'rolled',
      unit: u.id,
      why: startRollWhy(status, wits, injuries),
      rolls: ctx.rolls(),
    });
    if (!startRollHolds(roll, wits, injuries)) continue;
    if (status === 'enraged') rage = true;
    else {
      // A unit already Controlled stays with that controller; the event still marks the failed roll (R65).
      const player = controlled ? (ctx.state.turn?.controller ?? controllerOf(ctx.state, u, s.source)) : controllerOf(ctx.state, u, s.source);
      ctx.emit({ type: 'controlled', unit: u.id, player, why: GLAMYRED_HELD });
    }
  }
  // The rage seeks the nearest enemy of the side it fights on this turn, so it is fixed after both
  // rolls; with the acts it has, it may be unable to reach one, and then nothing is demanded of it.
  const raging = unitOf(ctx.state, unit.id);
  if (rage && !raging.dropped) {
    const nearest = nearestEnemies(ctx.state, raging);
    const canClose = couldClose(ctx.state, raging, nearest, ctx.state.turn?.actsLeft ?? 0);
    ctx.emit({ type: 'enraged', unit: raging.id, nearest: nearest.map((e) => e.id), canClose });
  }
};

/** Who commands a Controlled unit: the player of the unit that imposed it, or else the (first) opponent. */
export function controllerOf(state: GameState, unit: UnitState, source: UnitId | null): PlayerId {
  const by = source === null ? undefined : state.units[source];
  if (by && by.player !== unit.player && !state.out.includes(by.player)) return by.player;
  return state.players.find((p) => p !== unit.player && !state.out.includes(p)) ?? unit.player;
}

/** Ends the turn when no act is left (R8). */
export const onAfterAct: Handler<'after-act'> = (ctx, _frame, stack) => {
  const turn = ctx.state.turn;
  if (!turn || turn.unit === null) return;
  const unit = unitOf(ctx.state, turn.unit);
  if (unit.dropped || turn.actsLeft <= 0) stack.push({ k: 'end-turn', stage: 'recurring' });
};

/**
 * R10: recurring wounds, then one recovery roll (owner's choice, default the oldest; recovery.ts,
 * with a Warleader's reroll), then the turn passes on.
 */
export const onEndTurn: Handler<'end-turn'> = (ctx, frame, stack) => {
  const turn = ctx.state.turn;
  if (!turn) return;
  const id = turn.unit;
  const unit = id === null ? null : unitOf(ctx.state, id);
  const live = unit !== null && !unit.dropped;
  switch (frame.stage) {
    case 'recurring': {
      stack.push({ k: 'end-turn', stage: 'recover' });
      // Pushed in reverse so the oldest status deals its wounds first.
      const recurring = live ? unit.statuses.filter((s) => s.status === 'recurring') : [];
      for (const s of [...recurring].reverse()) {
        stack.push({
          k: 'wound',
          unit: unit!.id,
          wound: s.wound ?? 0,
          woundType: s.type ?? 'fire',
          source: s.source,
          why: 'recurring wounds',
          from: 'recurring',
        });
      }
      return;
    }
    case 'recover': {
      const options = live ? unit.statuses.flatMap((s, i) => (s.recover === null ? [] : [i])) : [];
      // §6.2 Enraged: not beside the nearest enemy it could reach costs 5 Vigor and fails the recovery roll.
      if (live && turn.enraged !== null && !rageSatisfied(ctx.state, unit, turn.enraged) && frame.answer === undefined) {
        const amount = Math.min(5, unit.vigor);
        if (amount > 0) ctx.emit({ type: 'vigor-lost', unit: unit.id, amount, why: 'Enraged and not beside the nearest enemy, which it could have reached' });
        if (options.length > 0) ctx.emit({ type: 'recovery-failed', unit: unit.id, index: options[0]!, rolls: [] });
        stack.push({ k: 'end-turn', stage: 'done' });
        return;
      }
      const answer = frame.answer;
      if (options.length > 1 && answer === undefined) {
        return ask(ctx, stack, frame, { kind: 'recover', player: unit!.player, unit: unit!.id, options: options.map((i) => unit!.statuses[i]!.status) });
      }
      stack.push({ k: 'end-turn', stage: 'done' });
      // The answer is a position in `options`; null declines the roll.
      const pick = answer === undefined ? options[0] : answer === null ? undefined : options[answer];
      if (live && pick !== undefined) stack.push({ k: 'recovery-roll', unit: unit.id, index: pick });
      return;
    }
    default:
      ctx.emit({ type: 'turn-ended', unit: id, player: turn.player });
      stack.push({ k: 'next-turn' });
  }
};

/** R4: what holding an objective alone at the round's end scores. */
export const OBJECTIVE_VP = 5;

/**
 * R4: who stands on each objective (numbered from 1, as `scored` names it): the live units on any of
 * its squares and their players. One player scores it at the round's end; more than one contest it,
 * and nobody scores it. The round's end scores from this, and the turn log says a contested one.
 */
export function objectiveStands(state: GameState): { objective: number; units: UnitId[]; players: PlayerId[] }[] {
  return boardOf(state).objectives.map((area, n) => {
    const on = Object.values(state.units).filter((u) => !u.dropped && squaresOf(state, u).some((s) => area.includes(s)));
    return { objective: n + 1, units: on.map((u) => u.id), players: [...new Set(on.map((u) => u.player))] };
  });
}

/** R4 objectives, R2 round limit, then the next round. */
export const onRoundEnd: Handler<'round-end'> = (ctx, _frame, stack) => {
  const state = ctx.state;
  for (const o of objectiveStands(state))
    if (o.players.length === 1) ctx.emit({ type: 'scored', player: o.players[0]!, points: OBJECTIVE_VP, reason: `objective ${o.objective}` });
  checkVictory(ctx);
  if (ctx.state.over) return;
  const limit = state.options.roundLimit;
  if (limit !== null && state.round >= limit) {
    const best = Math.max(...inPlay(ctx.state).map((p) => ctx.state.score[p] ?? 0));
    const leaders = inPlay(ctx.state).filter((p) => (ctx.state.score[p] ?? 0) === best);
    ctx.emit({ type: 'game-over', winner: leaders.length === 1 ? leaders[0]! : null, reason: `round limit ${limit} reached` });
    return;
  }
  ctx.emit({ type: 'round-started', round: state.round + 1 });
  stack.push({ k: 'next-turn' });
  stack.push({ k: 'tactics' });
};

/**
 * What "last turns" means, said after it where a sentence has room (issue 26: against the practice
 * bot a tester did not know why it took several turns running). `who`: the player alone with units
 * left to act, as the sentence names them, "you" for the one it speaks to.
 */
export function lastTurnsMeaning(who: string): string {
  return who === 'you'
    ? 'only you have units left to act this round, so you take your remaining turns one after another'
    : `only ${who} has units left to act this round, so ${who} takes the remaining turns one after another`;
}

/**
 * Where the round stands, in words: phase 0 is the one unit's turn greater advantage lets its winner
 * take early, and once only one player has units left to act (`alone`) the phase number stops
 * changing, so it is not shown. One wording for the map's header, its alt text, `/skirmish status`,
 * pings and waits, so one moment has one name.
 */
export function phaseName(round: number, phase: number, alone = false): string {
  if (round === 0) return 'Setup, before round 1';
  if (alone) return `Round ${round}, last turns`;
  // Callers put this in brackets ("it's your turn (round 1, …)"), so it holds none of its own.
  return phase === 0 ? `Round ${round}, greater-advantage turn before phase 1` : `Round ${round}, phase ${phase}`;
}
