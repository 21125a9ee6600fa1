/**
 * The frame table: every kind of frame (state.ts FrameFields) and the handler that runs it, in one
 * typed table. A kind without a handler, a handler for a kind that does not exist, or a handler that
 * reads a field its kind lacks does not compile. `run` works the stack with it.
 */
import { onAct, onCrow, onRest } from './acts';
import { onAttack, onBurstWithReplies, onEffects, onOfferReplies, onReply, onRoll } from './attack';
import { onBurst } from './burst';
import { onChargeMove } from './charge';
import type { Ctx } from './ctx';
import type { Handler } from './flow';
import { onForcedSteps } from './forced';
import { onMoveSteps, onResolveReplies } from './move';
import { onRecoveryRoll } from './recovery';
import type { Frame, FrameKind, FrameOf } from './state';
import { onOrder, onTactics } from './tactics';
import { onUseTrait } from './traits';
import { onActivate, onAfterAct, onEndTurn, onNextTurn, onRoundEnd, onStartMortal, onStartSteps } from './turns';
import { onWound } from './wounds';

/** A handler for every kind of frame, and nothing else. */
export type Handlers = { readonly [K in FrameKind]: Handler<K> };

const HANDLERS = {
  act: onAct,
  activate: onActivate,
  'after-act': onAfterAct,
  attack: onAttack,
  'burst-with-replies': onBurstWithReplies,
  burst: onBurst,
  'charge-move': onChargeMove,
  crow: onCrow,
  effects: onEffects,
  'end-turn': onEndTurn,
  'forced-steps': onForcedSteps,
  'move-steps': onMoveSteps,
  'next-turn': onNextTurn,
  'offer-replies': onOfferReplies,
  order: onOrder,
  'recovery-roll': onRecoveryRoll,
  reply: onReply,
  'resolve-replies': onResolveReplies,
  rest: onRest,
  roll: onRoll,
  'round-end': onRoundEnd,
  'start-mortal': onStartMortal,
  'start-steps': onStartSteps,
  tactics: onTactics,
  'use-trait': onUseTrait,
  wound: onWound,
} satisfies Handlers;

const handlers: Handlers = HANDLERS;

/** Runs one frame with the handler of its kind. */
function runFrame<K extends FrameKind>(ctx: Ctx, frame: FrameOf<K>, stack: Frame[]): boolean | void {
  const handler: Handler<K> = handlers[frame.k];
  return handler(ctx, frame, stack);
}

/** Runs frames until the stack is empty, the game is over, or a prompt opens. */
export function run(ctx: Ctx, stack: Frame[]): void {
  while (stack.length > 0 && !ctx.state.over) {
    if (runFrame(ctx, stack.pop()!, stack) === true) return;
  }
}
