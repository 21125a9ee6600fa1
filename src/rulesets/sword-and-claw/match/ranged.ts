/**
 * The ranged step in play (SC Ranged a, c, d, f; rulings SC16–SC20): shots are declared one at a
 * time, each checked against what the troop has declared already; closing the step resolves them in
 * the order declared and applies every wound after all have resolved. A side none of whose troops
 * can shoot passes the step.
 */
import { refuse, ruleError, type RuleError } from '../../../engine/errors';
import { checkDeclaration, type Fighter, findAttack } from '../rules/melee';
import { afterMove } from '../rules/movement';
import { checkShot, enemyAdjacent, needsReload, resolveRangedStep, type ShotTroops } from '../rules/ranged';
import { type ScTable, scTable } from '../rules/table';
import { isHurt } from '../rules/wounds';
import type { Ctx } from './deploy';
import { checkConditions, conditionRefusalOf, conditionsAllow, stepConditions } from './conditions';
import { cardOf, fighterOf, onTable, pieceOf, tableOf, yourTroop } from './tables';
import type { ScCommand, ScSetup, ScState, ScTroop, ScWounds } from './types';

export function declareShot(ctx: Ctx, setup: ScSetup, c: Extract<ScCommand, { type: 'shoot' }>): void {
  const s = ctx.state;
  const troop = yourTroop(s, c.troop);
  checkConditions(troop, 'attack');
  if (troop.readied) refuse('readied', `${c.troop} has readied a ${troop.readied} attack: it attacks in the other side's turn instead.`);
  if (s.turn!.used.includes(c.troop)) refuse('reloaded-this-step', `${c.troop} reloads in this step instead of shooting.`);
  const before = s.declared.filter((d) => d.attacker === c.troop).map((d) => d.attack);
  const problem = checkShot(tableOf(setup, s), pieceOf(setup, troop), cardOf(setup, troop), afterMove(troop.moved ?? 'move'), {
    attack: c.attack,
    target: c.target,
    before,
    unloaded: troop.unloaded ?? [],
    taken: troop.taken,
    moved: troop.moved,
  });
  if (problem) refuse(problem.code, `${problem.message}.`);
  ctx.emit({ type: 'shot-declared', shot: { attacker: c.troop, attack: c.attack, target: c.target } });
}

/**
 * Why `troop` may not reload now, or null (SC App. B Requires Reload): it has a weapon to reload and
 * no enemy next to it; in the ranged step its movement left it that step and it has declared no shot.
 */
export function reloadProblem(setup: ScSetup, s: ScState, troop: ScTroop): RuleError | null {
  if ((troop.unloaded ?? []).length === 0) return ruleError('nothing-to-reload', `${troop.id} has no weapon to reload.`);
  const held = conditionRefusalOf(troop, 'reload');
  if (held) return held;
  if (s.turn!.used.includes(troop.id)) return ruleError('already-acted-this-step', `${troop.id} has already acted in this step.`);
  if (enemyAdjacent(tableOf(setup, s), pieceOf(setup, troop))) return ruleError('enemy-adjacent', `${troop.id} has an enemy next to it, so it cannot reload.`);
  if (s.turn!.step !== 'ranged') return null;
  if (!afterMove(troop.moved ?? 'move').ranged)
    return ruleError('no-shooting-after-moving', `${troop.id} ran, slid or charged this turn, so it does nothing in the ranged step.`);
  if (s.declared.some((d) => d.attacker === troop.id)) return ruleError('already-shooting', `${troop.id} has declared a shot this step.`);
  return null;
}

/** Reload as the troop's movement order or its action in the ranged step. */
export function reloadTroop(ctx: Ctx, setup: ScSetup, c: Extract<ScCommand, { type: 'reload' }>): void {
  const s = ctx.state;
  const troop = yourTroop(s, c.troop);
  const problem = reloadProblem(setup, s, troop);
  if (problem) refuse(problem.code, problem.message);
  if (s.turn!.step === 'movement') ctx.emit({ type: 'ordered', troop: c.troop, how: 'reload', recorded: 'reload' });
  ctx.emit({ type: 'reloaded', troop: c.troop });
}

/** The reload orders the active side could give now. */
export const reloadOptions = (setup: ScSetup, s: ScState): Extract<ScCommand, { type: 'reload' }>[] =>
  onTable(s)
    .filter((t) => t.player === s.turn!.player && reloadProblem(setup, s, t) === null)
    .map((t) => ({ type: 'reload' as const, troop: t.id }));

/** The shots the active side could declare now, each as a command (for suggestions, random play and passing the step). */
export function shotOptions(setup: ScSetup, s: ScState): Extract<ScCommand, { type: 'shoot' }>[] {
  const table = tableOf(setup, s);
  return onTable(s)
    .filter((t) => t.player === s.turn!.player)
    .flatMap((t) => troopShots(setup, s, t, table));
}

/**
 * The shots one troop of the active side could declare now, were it the ranged step: none after an
 * order that forbids shooting, with an enemy next to it, or once it has acted in the step.
 */
export function troopShots(setup: ScSetup, s: ScState, t: ScTroop, table: ScTable = tableOf(setup, s)): Extract<ScCommand, { type: 'shoot' }>[] {
  if (!afterMove(t.moved ?? 'move').ranged || s.turn!.used.includes(t.id) || !conditionsAllow(t, 'attack')) return [];
  const card = cardOf(setup, t);
  const piece = pieceOf(setup, t);
  const ranged = card.attacks.flat().filter((a) => a.range !== undefined);
  if (ranged.length === 0 || enemyAdjacent(table, piece)) return [];
  const enemies = onTable(s).filter((e) => e.player !== t.player);
  const before = s.declared.filter((d) => d.attacker === t.id).map((d) => d.attack);
  return ranged
    .filter((a) => checkDeclaration(card, [...before, a.id], 'ranged', t) === null)
    .flatMap((a) =>
      enemies
        .filter(
          (e) =>
            checkShot(table, piece, card, afterMove(t.moved ?? 'move'), {
              attack: a.id,
              target: e.id,
              before,
              unloaded: t.unloaded ?? [],
              taken: t.taken,
              moved: t.moved,
            }) === null,
        )
        .map((e) => ({ type: 'shoot' as const, troop: t.id, attack: a.id, target: e.id })),
    );
}

/** The troops as a shot reads them (rules/ranged.ts ShotTroops): the table, each troop's card and wounds, and who aimed. */
export function shotTroops(setup: ScSetup, s: ScState): ShotTroops {
  const troops = onTable(s);
  const table = tableOf(setup, s);
  // Only a Readied shot reads it (ruling SC58): not worked out for a step without one.
  const readiedShots = (s.sealed ?? []).length > 0 || troops.some((t) => t.readied === 'ranged');
  const meleeBefore = readiedShots ? meleeBeforeMovement(setup, s) : undefined;
  return {
    table,
    fighters: new Map<string, Fighter>(troops.map((t) => [t.id, fighterOf(setup, table, t)])),
    aimed: new Set(troops.flatMap((t) => (t.moved === 'aim' ? [t.id] : []))),
    ...(meleeBefore ? { meleeBefore } : {}),
  };
}

/**
 * The troops that had an enemy next to them as the turn's movement step began (ruling SC58), read on
 * the table as it stood then; undefined when the state does not keep it.
 */
export function meleeBeforeMovement(setup: ScSetup, s: ScState): ReadonlySet<string> | undefined {
  if (!s.beforeMovement) return undefined;
  const pieces = Object.entries(s.beforeMovement).map(([id, was]) => {
    const { altitude: _now, ...troop } = s.troops[id]!;
    return pieceOf(setup, { ...troop, ...was }, was.at!);
  });
  const then = scTable(setup.map, pieces);
  return new Set(pieces.filter((p) => enemyAdjacent(then, p)).map((p) => p.id));
}

/**
 * Resolves the declared shots, if any, with the dice of the decision: the inactive side's Readied
 * shots first, as they were declared first (SC Readied Actions), then the active side's.
 */
export function resolveShots(ctx: Ctx, setup: ScSetup): void {
  const s = ctx.state;
  const sealed = s.sealed ?? [];
  if (s.declared.length === 0 && sealed.length === 0) return;
  const troops = { ...shotTroops(setup, s), readied: new Set(sealed.map((d) => d.attacker)) };
  const { fighters } = troops;
  const result = resolveRangedStep((sides) => ctx.roll(sides), troops, [...sealed, ...s.declared]);
  const wounds: Record<string, ScWounds> = {};
  for (const [id, taken] of result.taken) wounds[id] = { taken, hurt: isHurt(taken, fighters.get(id)!.card.wounds), removed: result.removed.includes(id) };
  const unloaded: Record<string, string[]> = {};
  for (const shot of result.shots) {
    const attack = findAttack(fighters.get(shot.attacker)!.card, shot.attack)!.attack;
    if (needsReload(attack) && !(unloaded[shot.attacker] ?? []).includes(attack.id)) unloaded[shot.attacker] = [...(unloaded[shot.attacker] ?? []), attack.id];
  }
  const conditions = stepConditions(setup, s, result.shots, result.removed);
  ctx.emit({
    type: 'ranged-resolved',
    shots: result.shots,
    dice: ctx.dice(),
    wounds,
    ...(Object.keys(unloaded).length > 0 ? { unloaded } : {}),
    ...(conditions ? { conditions } : {}),
  });
}
