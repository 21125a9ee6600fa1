/**
 * Readied attacks in play (SC Sequence 2, 5, 6; SC Ranged; SC Melee; SC Readied Actions; rulings
 * SC55–SC59): Ready as a troop's action in the ranged or melee step, and on the other side's next
 * turn, as that step begins, the prompt that asks each Readied troop what it attacks. The answers are
 * sealed (`ScState.sealed`) and resolve with the step, ahead of the active side's own declarations.
 */
import { refuse, ruleError, type RuleError } from '../../../engine/errors';
import { afterMove } from '../rules/movement';
import { checkShot, enemyAdjacent } from '../rules/ranged';
import { readiedStrikesLeft } from '../rules/readied';
import type { Ctx } from './deploy';
import { conditionRefusalOf, conditionsAllow } from './conditions';
import { meleeOptions } from './melee-options';
import { cardOf, hasRangedAttack, meleeAttacks, onTable, otherPlayer, pieceOf, tableOf, yourTroop } from './tables';
import type { ReadiedKind, ScCommand, ScDeclared, ScReadiedPrompt, ScSetup, ScState, ScTroop } from './types';

/** Why `troop` of the active side may not ready an attack in this step, or null (SC Ranged, SC Melee; ruling SC56). */
export function readyProblem(setup: ScSetup, s: ScState, troop: ScTroop): RuleError | null {
  const step = s.turn!.step;
  if (step !== 'ranged' && step !== 'melee') return ruleError('not-this-step', `Attacks are readied in the ranged or melee step; this is the ${step} step.`);
  if (troop.readied) return ruleError('already-readied', `${troop.id} already has a ${troop.readied} attack Readied.`);
  const held = conditionRefusalOf(troop, 'attack');
  if (held) return held;
  const card = cardOf(setup, troop);
  const after = afterMove(troop.moved ?? 'move');
  if (step === 'ranged') {
    if (!hasRangedAttack(card)) return ruleError('nothing-to-ready', `${troop.id} has no ranged attack to ready.`);
    if (s.turn!.used.includes(troop.id)) return ruleError('already-acted-this-step', `${troop.id} has already acted in this step.`);
    if (!after.ranged) return ruleError('no-shooting-after-moving', `${troop.id} ran, slid or charged this turn, so it does nothing in the ranged step.`);
    if (s.declared.some((d) => d.attacker === troop.id)) return ruleError('already-shooting', `${troop.id} has declared a shot this step.`);
    if (enemyAdjacent(tableOf(setup, s), pieceOf(setup, troop)))
      return ruleError('enemy-adjacent', `${troop.id} has an enemy next to it, so it cannot act in the ranged step.`);
    return null;
  }
  if (meleeAttacks(card).length === 0) return ruleError('nothing-to-ready', `${troop.id} has no melee attack to ready.`);
  if (!after.melee) return ruleError('no-melee-after-moving', `${troop.id} ran this turn (or slid and moved on), so it does nothing in the melee step.`);
  if (s.declared.some((d) => d.attacker === troop.id)) return ruleError('already-striking', `${troop.id} has declared a strike this step.`);
  return null;
}

/** Ready: the troop's action in the step; it attacks in that step of the other side's next turn instead. */
export function readyTroop(ctx: Ctx, setup: ScSetup, c: Extract<ScCommand, { type: 'ready' }>): void {
  const troop = yourTroop(ctx.state, c.troop);
  const problem = readyProblem(setup, ctx.state, troop);
  if (problem) refuse(problem.code, problem.message);
  ctx.emit({ type: 'readied', troop: c.troop, kind: ctx.state.turn!.step as ReadiedKind });
}

/** The Ready orders the active side could give now. */
export const readyOptions = (setup: ScSetup, s: ScState): Extract<ScCommand, { type: 'ready' }>[] =>
  onTable(s)
    .filter((t) => t.player === s.turn!.player && readyProblem(setup, s, t) === null)
    .map((t) => ({ type: 'ready' as const, troop: t.id }));

/**
 * What a Readied troop of the inactive side may declare now in the step it readied for, with what it
 * has declared already (`sealed`): shots as the ranged step allows them, though an enemy stands next to
 * it (SC Ranged a); strikes as the melee step does, no more than its attacks a round less its
 * opportunity attacks (ruling SC59).
 */
export function readiedOptions(setup: ScSetup, s: ScState, troop: ScTroop): ScDeclared[] {
  const step = s.turn?.step;
  if (troop.removed || troop.at === null || troop.readied !== step || troop.player === s.turn!.player || !conditionsAllow(troop, 'attack')) return [];
  const sealed = s.sealed ?? [];
  const card = cardOf(setup, troop);
  if (step === 'melee') {
    const mine = sealed.filter((d) => d.attacker === troop.id).length;
    if (readiedStrikesLeft(card, troop.opportunity, mine) === 0) return [];
    return meleeOptions(setup, s, [troop], sealed).map((o) => ({ attacker: troop.id, attack: o.attack, target: o.target }));
  }
  const table = tableOf(setup, s);
  const piece = pieceOf(setup, troop);
  const before = sealed.filter((d) => d.attacker === troop.id).map((d) => d.attack);
  const enemies = onTable(s).filter((e) => e.player !== troop.player);
  return card.attacks
    .flat()
    .filter((a) => a.range !== undefined)
    .flatMap((a) =>
      enemies
        .filter(
          (e) =>
            checkShot(table, piece, card, afterMove('move'), {
              attack: a.id,
              target: e.id,
              before,
              unloaded: troop.unloaded ?? [],
              taken: troop.taken,
              moved: troop.moved,
              readied: true,
            }) === null,
        )
        .map((e) => ({ attacker: troop.id, attack: a.id, target: e.id })),
    );
}

/** The inactive side's Readied troops for this step that have an attack to declare, in setup order. */
const readiedNow = (setup: ScSetup, s: ScState): ScTroop[] => onTable(s).filter((t) => readiedOptions(setup, s, t).length > 0);

/**
 * As the ranged or melee step begins, the first of the inactive side's Readied troops with an attack
 * to make is asked (SC Readied Actions: "the Readied troops declare their shots first"). False when
 * nobody is asked.
 */
export function askReadied(ctx: Ctx, setup: ScSetup): boolean {
  const s = ctx.state;
  const [first, ...queue] = readiedNow(setup, s);
  if (!first) return false;
  const prompt: ScReadiedPrompt = {
    kind: 'readied',
    player: otherPlayer(s, s.turn!.player),
    troop: first.id,
    step: first.readied!,
    queue: queue.map((t) => t.id),
  };
  ctx.emit({ type: 'asked', prompt });
  return true;
}

/** Whether the inactive side has Readied troops that would be asked in the ranged step (so the step is played). */
export const readiedWaiting = (setup: ScSetup, s: ScState): boolean => readiedNow(setup, s).length > 0;

/**
 * The answer to the Readied prompt (ruling SC55): the attack is sealed, and the troop is asked again
 * while it has attacks left; "none", or no attack left, ends its Readied state and the next troop is
 * asked. True when the last Readied troop has answered.
 */
export function answerReadied(ctx: Ctx, setup: ScSetup, c: Extract<ScCommand, { type: 'readied' }>): boolean {
  const s = ctx.state;
  const p = s.prompt as ScReadiedPrompt;
  const troop = s.troops[p.troop]!;
  let strike: ScDeclared | null = null;
  if (c.attack !== null) {
    const options = readiedOptions(setup, s, troop);
    strike = options.find((o) => o.attack === c.attack && o.target === c.target) ?? null;
    if (strike === null) refuse('not-an-option', `${p.troop} cannot make ${c.attack} at ${c.target ?? 'no target'} now.`);
  }
  const after: ScState = strike ? { ...s, sealed: [...(s.sealed ?? []), strike] } : s;
  const done = strike === null || readiedOptions(setup, after, troop).length === 0;
  ctx.emit({ type: 'readied-declared', troop: p.troop, strike, done });
  const next = done ? p.queue : [p.troop, ...p.queue];
  const [first, ...queue] = next.filter((id) => readiedOptions(setup, ctx.state, ctx.state.troops[id]!).length > 0);
  if (first === undefined) return true;
  ctx.emit({ type: 'asked', prompt: { ...p, troop: first, queue } });
  return false;
}
