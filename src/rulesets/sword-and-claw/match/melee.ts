/**
 * The melee step in play (SC Melee a, b, d; SC Attacks 1–4; SC Hurt; rulings SC6, SC7): strikes are
 * declared one at a time, each checked against what the troop has declared already; closing the step
 * resolves them in the order declared and applies every wound after all have resolved.
 */
import { refuse } from '../../../engine/errors';
import { type Fighter, findAttack, hasReach } from '../rules/melee';
import { resolveMeleeStep } from '../rules/melee-step';
import { areAdjacent } from '../rules/opportunity';
import { strikesFirst } from '../rules/readied';
import { afterMove } from '../rules/movement';
import { checkProjectedTarget, isProjected } from '../rules/projected';
import { sweepSize } from '../rules/sweep';
import { checkMeleeTarget } from '../rules/targets';
import { checkFlightAttack } from '../rules/flight-attacks';
import { isHurt } from '../rules/wounds';
import type { Ctx } from './deploy';
import { strikeAfterTrampling } from './trample';
import { checkConditions, stepConditions } from './conditions';
import { cardOf, fighterOf, onTable, pieceOf, tableOf, yourTroop } from './tables';
import type { ScCommand, ScDeclared, ScSetup, ScWounds } from './types';

export function declareStrike(ctx: Ctx, setup: ScSetup, c: Extract<ScCommand, { type: 'attack' }>): void {
  const s = ctx.state;
  const troop = yourTroop(s, c.troop);
  checkConditions(troop, 'attack');
  if (troop.readied === 'melee') refuse('readied', `${c.troop} has readied a melee attack: it strikes in the other side's turn instead.`);
  const after = troop.moved === null ? afterMove('move') : afterMove(troop.moved);
  const attack = findAttack(cardOf(setup, troop), c.attack)?.attack;
  const [table, me] = [tableOf(setup, s), pieceOf(setup, troop)];
  const target =
    attack !== undefined && isProjected(attack)
      ? checkProjectedTarget(table, me, attack, c.target, after)
      : checkMeleeTarget(table, me, c.target, after, attack !== undefined && hasReach(attack));
  if (target) refuse(target.code, `${target.message}.`);
  const flight = attack ? checkFlightAttack(me, attack, table.pieces.get(c.target)!) : null;
  if (flight) refuse(flight.code, `${flight.message}.`);
  const before = s.declared.filter((d) => d.attacker === c.troop).map((d) => d.attack);
  // A trample this turn took the place of one of its strikes (SC Movement d).
  const declaration = strikeAfterTrampling(cardOf(setup, troop), troop, before, c.attack);
  if (declaration) refuse(declaration.code, `${declaration.message}.`);
  if (c.sweep) {
    const size = attack ? sweepSize(attack) : null;
    if (size === null) refuse('not-a-sweep', `${attack?.name ?? c.attack} is no Sweep attack: it strikes its target only.`);
    if (c.sweep.squares !== undefined && (c.sweep.squares < 1 || c.sweep.squares > size))
      refuse('sweep-squares', `${attack!.name} sweeps 1 to ${size} squares, not ${c.sweep.squares}.`);
  }
  ctx.emit({ type: 'declared', strike: { attacker: c.troop, attack: c.attack, target: c.target, ...(c.sweep ? { sweep: c.sweep } : {}) } });
}

/**
 * Resolves the step's strikes, if any, with the dice of the decision. The inactive side's Reach
 * Readied strikes at troops that moved next to them resolve first and their wounds land (SC Readied
 * Actions; ruling SC57); then the other Readied strikes and the active side's, less those by or at a
 * troop that batch removed.
 */
export function resolveDeclared(ctx: Ctx, setup: ScSetup): void {
  const s = ctx.state;
  const sealed = s.sealed ?? [];
  const table = tableOf(setup, s);
  const first = sealed.filter((d) => {
    const [attacker, target] = [s.troops[d.attacker]!, s.troops[d.target]!];
    const adjacent = areAdjacent(table, pieceOf(setup, attacker), pieceOf(setup, target));
    return strikesFirst(cardOf(setup, attacker), d.attack, { moved: target.moved, adjacent });
  });
  const rest = [...sealed.filter((d) => !first.includes(d)), ...s.declared];
  if (first.length > 0) resolveBatch(ctx, setup, first, true);
  const standing = (id: string) => !ctx.state.troops[id]!.removed;
  resolveBatch(
    ctx,
    setup,
    rest.filter((d) => standing(d.attacker) && standing(d.target)),
    false,
  );
}

/** Resolves `declared` as one batch (SC Melee d) and applies its wounds after all of it (SC Melee b). */
function resolveBatch(ctx: Ctx, setup: ScSetup, declared: readonly ScDeclared[], reach: boolean): void {
  const s = ctx.state;
  if (declared.length === 0) return;
  const table = tableOf(setup, s);
  const fighters = new Map<string, Fighter>(onTable(s).map((t) => [t.id, fighterOf(setup, table, t)]));
  const result = resolveMeleeStep((sides) => ctx.roll(sides), fighters, declared, table);
  const wounds: Record<string, ScWounds> = {};
  for (const [id, taken] of result.taken) wounds[id] = { taken, hurt: isHurt(taken, fighters.get(id)!.card.wounds), removed: result.removed.includes(id) };
  const conditions = stepConditions(setup, s, result.strikes, result.removed);
  ctx.emit({
    type: 'melee-resolved',
    ...(reach ? { reach: true as const } : {}),
    strikes: result.strikes,
    dice: ctx.dice(),
    wounds,
    ...(conditions ? { conditions } : {}),
  });
}
