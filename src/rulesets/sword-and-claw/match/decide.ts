/**
 * decide: a command by a player (or by the bot, for a timeout: `by` undefined) against the state, as
 * the events it gives and the state after them, or the rule it breaks. Pure: dice come from the
 * state's stream through the decision context, which records each die for the event that used it.
 */
import { DecisionCtx } from '../../../engine/context';
import { type RuleError, Refusal, refuse } from '../../../engine/errors';
import { applyEvent, initialState, stepAfter } from './apply';
import { type Ctx, chooseReserve, deploy, finishDeployment, openMatch } from './deploy';
import { checkElimination, checkRoundLimit, concede } from './end';
import { declareStrike, resolveDeclared } from './melee';
import { rollSaves } from './conditions';
import { chargeTroop } from './charge';
import { aimTroop, answerOpportunity, moveTroop } from './move';
import { declareShot, reloadOptions, reloadTroop, resolveShots, shotOptions } from './ranged';
import { answerReadied, askReadied, readiedWaiting, readyOptions, readyTroop } from './readied';
import { otherPlayer } from './tables';
import type { PlayerId, ScCommand, ScEvent, ScSetup, ScState, ScStepName } from './types';

export type Decided = { readonly ok: true; readonly events: ScEvent[]; readonly state: ScState } | { readonly ok: false; readonly error: RuleError };

function run(state: ScState, body: (ctx: Ctx) => void): Decided {
  const ctx = new DecisionCtx<ScState, ScEvent>(state, applyEvent);
  try {
    body(ctx);
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: e.error };
    throw e;
  }
  return { ok: true, events: ctx.events, state: ctx.state };
}

/** The match's first events: the roll-off, the edges and the attackers' deployment begun. */
export const beginSc = (setup: ScSetup): Decided => run(initialState(setup), (ctx) => openMatch(ctx, setup));

/**
 * The step after `step` that this side plays: the ranged step is passed when none of its troops
 * can shoot or reload there (judged as that step would open), since it would wait for orders nobody
 * can give. The melee step is always played.
 */
export function followingStep(setup: ScSetup, s: ScState, step: ScStepName): ScStepName | null {
  const following = stepAfter(step);
  if (following !== 'ranged') return following;
  const there: ScState = { ...s, turn: { ...s.turn!, step: following, orders: [], used: [] } };
  return activeIdle(setup, there) && !readiedWaiting(setup, there) ? stepAfter(following) : following;
}

/** Whether the active side has nothing to do in the ranged step: no shot, reload or Ready. */
const activeIdle = (setup: ScSetup, s: ScState): boolean =>
  shotOptions(setup, s).length === 0 && reloadOptions(setup, s).length === 0 && readyOptions(setup, s).length === 0;

/**
 * Opens the step: the inactive side's Readied troops are asked first (SC Readied Actions). A ranged
 * step played only for them closes by itself once they have answered.
 */
function openStep(ctx: Ctx, setup: ScSetup, step: ScStepName): void {
  ctx.emit({ type: 'step-began', step });
  if (!askReadied(ctx, setup)) afterReadied(ctx, setup);
}

/** After the last Readied answer: a ranged step where the active side has nothing to do closes. */
function afterReadied(ctx: Ctx, setup: ScSetup): void {
  if (ctx.state.turn?.step === 'ranged' && activeIdle(setup, ctx.state)) closeStep(ctx, setup);
}

/** Closes the current step; after the melee step the turn ends and the other side's begins. */
function closeStep(ctx: Ctx, setup: ScSetup): void {
  const turn = ctx.state.turn!;
  if (turn.step === 'ranged') resolveShots(ctx, setup);
  if (turn.step === 'melee') resolveDeclared(ctx, setup);
  if (checkElimination(ctx)) return;
  const following = followingStep(setup, ctx.state, turn.step);
  if (following !== null) {
    openStep(ctx, setup, following);
    return;
  }
  const s = ctx.state;
  ctx.emit({ type: 'turn-ended', player: turn.player });
  const player = otherPlayer(s, turn.player);
  const round = player === s.attacker ? s.round + 1 : s.round;
  if (checkRoundLimit(ctx, setup.roundLimit, round)) return;
  ctx.emit({ type: 'turn-began', player, round });
  // The turn's first step, with no orders (SC Sequence 1, ruling SC21).
  rollSaves(ctx, setup);
}

function checkActor(player: PlayerId, by: PlayerId | undefined, what: string): void {
  if (by !== undefined && by !== player) refuse('not-your-turn', `It is not your turn: the match waits for ${player} to ${what}.`);
}

function inTurn(ctx: Ctx, setup: ScSetup, c: ScCommand, by: PlayerId | undefined): void {
  const s = ctx.state;
  const turn = s.turn!;
  checkActor(turn.player, by, 'play their turn');
  switch (c.type) {
    case 'move':
      if (turn.step !== 'movement') refuse('not-this-step', `Moves are given in the movement step; this is the ${turn.step} step.`);
      return moveTroop(ctx, setup, c);
    case 'reload':
      if (turn.step !== 'movement' && turn.step !== 'ranged')
        refuse('not-this-step', `Reloading is done in the movement or ranged step; this is the ${turn.step} step.`);
      return reloadTroop(ctx, setup, c);
    case 'charge':
      if (turn.step !== 'movement') refuse('not-this-step', `Charge is a movement order; this is the ${turn.step} step.`);
      return chargeTroop(ctx, setup, c);
    case 'aim':
      if (turn.step !== 'movement') refuse('not-this-step', `Aim is a movement order; this is the ${turn.step} step.`);
      return aimTroop(ctx, setup, c);
    case 'attack':
      if (turn.step !== 'melee') refuse('not-this-step', `Melee attacks are declared in the melee step; this is the ${turn.step} step.`);
      return declareStrike(ctx, setup, c);
    case 'shoot':
      if (turn.step !== 'ranged') refuse('not-this-step', `Ranged attacks are declared in the ranged step; this is the ${turn.step} step.`);
      return declareShot(ctx, setup, c);
    case 'ready':
      if (turn.step === 'movement')
        refuse('not-this-step', 'Attacks are readied in the ranged or melee step, instead of attacking there; this is the movement step.');
      return readyTroop(ctx, setup, c);
    case 'next':
      return closeStep(ctx, setup);
    case 'end-turn':
      // A Readied prompt opened on the way stops here: the other side answers before the turn goes on.
      while (ctx.state.turn?.player === turn.player && !ctx.state.end && !ctx.state.prompt) closeStep(ctx, setup);
      return;
    default:
      refuse('not-now', 'That is not something to do in a turn.');
  }
}

function decideIn(ctx: Ctx, setup: ScSetup, c: ScCommand, by: PlayerId | undefined): void {
  const s = ctx.state;
  if (s.end) refuse('match-over', 'The match is over.');
  if (c.type === 'concede') {
    if (by !== undefined && by !== c.player) refuse('not-your-side', 'Only a player may concede for their side.');
    if (!s.players.includes(c.player)) refuse('not-a-player', `${c.player} does not play in this match.`);
    return concede(ctx, c.player);
  }
  if (s.prompt?.kind === 'reserve') {
    if (c.type !== 'reserve') refuse('prompt-open', 'Deployment waits on the choice of a reserve force first: it is answered with its buttons.');
    checkActor(s.prompt.player, by, 'choose their reserve force');
    return chooseReserve(ctx, c.reserve);
  }
  if (c.type === 'reserve') refuse('no-prompt', 'No reserve force is waiting to be chosen.');
  if (s.prompt?.kind === 'readied') {
    if (c.type !== 'readied')
      refuse('prompt-open', `The ${s.prompt.step} step waits on the other side: what ${s.prompt.troop}'s Readied attack does is answered first.`);
    checkActor(s.prompt.player, by, 'answer for the Readied attack');
    if (answerReadied(ctx, setup, c)) afterReadied(ctx, setup);
    return;
  }
  if (s.prompt) {
    if (c.type !== 'opportunity')
      refuse(
        'prompt-open',
        `The move waits on the opportunity attack prompt: whether ${s.prompt.attacker} attacks ${s.prompt.mover} is answered with its buttons first.`,
      );
    checkActor(s.prompt.player, by, 'answer the opportunity attack');
    return answerOpportunity(ctx, setup, c.attack);
  }
  if (c.type === 'opportunity') refuse('no-prompt', 'No opportunity attack is waiting for an answer.');
  if (c.type === 'readied') refuse('no-prompt', 'No Readied attack is waiting for an answer.');
  if (s.deploying) {
    checkActor(s.deploying.player, by, 'deploy');
    if (c.type === 'deploy') return deploy(ctx, setup, c.troop, c.at, c.altitude);
    if (c.type === 'deploy-done' || c.type === 'deploy-rest') return finishDeployment(ctx, setup, c.type === 'deploy-rest');
    refuse('deployment', 'Deploy your troops first: place each one in your deployment zone, then close your deployment.');
  }
  if (!s.turn) refuse('not-now', 'Nothing waits for that now.');
  if (c.type === 'deploy' || c.type === 'deploy-done' || c.type === 'deploy-rest') refuse('not-deployment', 'Deployment is over.');
  inTurn(ctx, setup, c, by);
}

export const decideSc = (setup: ScSetup, state: ScState, command: ScCommand, by: PlayerId | undefined): Decided =>
  run(state, (ctx) => decideIn(ctx, setup, command, by));

/** The log folded from the setup: what the stored state must equal. */
export const replaySc = (setup: ScSetup, events: readonly ScEvent[]): ScState => events.reduce(applyEvent, initialState(setup));
