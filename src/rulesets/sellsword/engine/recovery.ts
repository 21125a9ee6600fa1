/**
 * The end-of-turn recovery roll (§6.1, R28) and the Warleader die that may reroll a failed one
 * (§4.7, third use). The warleader's owner is asked (a `reroll` prompt, R27); the reroll replaces the
 * roll, and a failed reroll is again a recovery roll just resolved, so another die may follow.
 */
import type { Ctx } from './ctx';
import { ask, type Handler } from './flow';
import type { GameState, UnitState } from './state';
import { profile, recoveryStat } from './stats';
import { unitOf } from './table';
import { diceLeft, recoveryWarleader } from './warleader';

export interface RecoveryResult {
  readonly recovered: boolean;
  /** d20 + 1 per injury. */
  readonly total: number;
  /** The total must be lower than this: the recovery stat plus the status modifier. */
  readonly needed: number;
}

/** R28: what a recovery roll for status `index` must come under (the recovery stat plus the status modifier), and what it adds (1 per injury). */
export function recoveryNeeded(state: GameState, unit: UnitState, index: number): { needed: number; added: number } {
  const status = unit.statuses[index]!;
  const p = profile(state, unit);
  return { needed: recoveryStat(p, status.recover!) + status.modifier, added: p.injuries };
}

/** R28: d20 + 1 per injury must come under the recovery stat plus modifier; a natural 20 fails. */
export function recoveryRoll(ctx: Ctx, unit: UnitState, index: number): RecoveryResult {
  const status = unit.statuses[index]!;
  const roll = ctx.roll(20);
  const { needed, added } = recoveryNeeded(ctx.state, unit, index);
  const total = roll + added;
  const recovered = roll !== 20 && total < needed;
  if (recovered) {
    ctx.emit({
      type: 'status-lost',
      unit: unit.id,
      index,
      status: status.status,
      reason: `recovered: rolled ${added ? `${roll} + ${added} = ${total}` : roll}, needing under ${needed}`,
      rolls: ctx.rolls(),
    });
  } else {
    ctx.emit({ type: 'recovery-failed', unit: unit.id, index, rolls: ctx.rolls(), needed, added });
  }
  return { recovered, total, needed };
}

/**
 * Rolls recovery for status `index` of `unit`; after a failure, offers an adjacent Warleader's die.
 * Answered with a warleader in `leader`: true spends the die and rolls again, false ends here.
 */
export const onRecoveryRoll: Handler<'recovery-roll'> = (ctx, frame, stack) => {
  const unit = unitOf(ctx.state, frame.unit);
  const index = frame.index;
  const leader = frame.leader;
  if (leader !== undefined) {
    if (frame.answer !== true) return;
    ctx.emit({ type: 'warleader-die', unit: leader, for: unit.id, roll: 'recovery' });
  }
  if (unit.dropped || unit.statuses[index] === undefined) return;
  const status = unit.statuses[index];
  const result = recoveryRoll(ctx, unit, index);
  if (result.recovered) return;
  const helper = recoveryWarleader(ctx.state, unitOf(ctx.state, unit.id));
  if (!helper) return;
  return ask(
    ctx,
    stack,
    { k: 'recovery-roll', unit: unit.id, index, leader: helper.id },
    {
      kind: 'reroll',
      player: helper.player,
      unit: helper.id,
      options: {
        roll: 'recovery',
        unit: unit.id,
        status: status.status,
        total: result.total,
        needed: result.needed,
        warleader: helper.id,
        usesLeft: diceLeft(ctx.state, helper),
      },
    },
  );
};
