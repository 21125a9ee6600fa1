/**
 * A charge in play (SC Movement a; SC App. A Can't Run, Nimble Charger; rulings SC33–SC36): the troop
 * runs the straight line to an enemy, its d6 rolled as it is ordered, and walks where the die leaves
 * it, offered to opportunity attacks as a move is.
 */
import { refuse } from '../../../engine/errors';
import { chargeAllowance, chargeEnd, type ChargeLine, chargeLine, isNimbleCharger } from '../rules/charge';
import { checkPath, reachable } from '../rules/movement';
import { scTable, type ScTable } from '../rules/table';
import type { Ctx } from './deploy';
import { walk } from './move';
import { cardOf, keptFor, meleeAttacks, moveOf, onTable, pieceOf, tableOf, yourTroop } from './tables';
import { conditionRefusal } from '../rules/conditions';
import { crossing } from '../rules/trample';
import { trampleRefusal } from './trample';
import { trampleChargeLine } from './trample-line';
import type { ScCommand, ScSetup, ScState, ScTroop, TrampleAim } from './types';

/** The table with `mover` standing at `at`: its own square counts as its, never as another troop's. */
function tableWith(setup: ScSetup, s: ScState, mover: ScTroop, at: number): ScTable {
  // Kept with the state's tables (match/tables.ts keptFor): each charge weighed plans on it again.
  const kept = keptFor(setup, s);
  const key = `@${mover.id}@${at}`;
  let table = kept.get(key);
  if (!table) {
    table = scTable(
      setup.map,
      onTable(s).map((t) => (t.id === mover.id ? pieceOf(setup, t, at) : pieceOf(setup, t))),
    );
    kept.set(key, table);
  }
  return table;
}

export interface ChargePlan {
  /** A Nimble Charger's squares before the charge proper (empty for others). */
  readonly via: readonly number[];
  readonly line: ChargeLine;
  /** Inches left for the line after `via`. */
  readonly inches: number;
}

/**
 * The charge of `troop` at `targetId`, through `via` for a Nimble Charger, trampling `tramples` on its
 * line (SC Movement d; ruling SC135), or the sentence why not.
 */
export function planCharge(
  setup: ScSetup,
  s: ScState,
  troop: ScTroop,
  targetId: string,
  via?: number,
  tramples: readonly TrampleAim[] = [],
): ChargePlan | { code: string; message: string } {
  const target = s.troops[targetId];
  if (!target || target.removed || target.at === null || target.player === troop.player)
    return { code: 'not-an-enemy', message: `${targetId} is not an enemy troop on the table` };
  const held = conditionRefusal(troop.id, troop.conditions, 'move');
  if (held) return held;
  // A charge runs on the Move the troop has this turn: half of it after an Entangled save of 6 to 9 (ruling SC41).
  const card = { ...cardOf(setup, troop), move: moveOf(setup, troop) };
  if (meleeAttacks(card).length === 0) return { code: 'no-melee-attack', message: `${troop.id} has no melee attack to charge with` };
  let inches = chargeAllowance(card);
  let at = troop.at!;
  let first: readonly number[] = [];
  if (via !== undefined && via !== troop.at) {
    if (!isNimbleCharger(card)) return { code: 'not-a-nimble-charger', message: `only a Nimble Charger moves before its charge` };
    const found = reachable(tableWith(setup, s, troop, at), pieceOf(setup, troop), card.move).get(via);
    if (!found) return { code: 'unreachable', message: `${troop.id} cannot reach that square within its Move` };
    first = found.path;
    inches -= found.spent;
    at = via;
  }
  if (tramples.length > 0) return trampleCharge(setup, s, troop, target, { via: first, inches, at }, tramples);
  const line = chargeLine(tableWith(setup, s, troop, at), pieceOf(setup, troop, at), pieceOf(setup, target), inches);
  if (line === null) return { code: 'out-of-charge-reach', message: `${targetId} is too far for ${troop.id} to charge` };
  // A charge is a movement at the enemy: a troop already next to it has nowhere to charge (ruling SC33).
  if (line.path.length === 0) return { code: 'already-next-to-target', message: `${troop.id} already stands next to ${targetId}` };
  return { via: first, line, inches };
}

/**
 * Ruling SC135: a charge that tramples runs the cheapest line straight through each troop it names, in
 * turn, to a square next to the charged enemy, and each trample is checked as a Move's is (ruling
 * SC134), a Charge Only attack allowed (SC App. B Charge Only, SC Movement d).
 */
function trampleCharge(
  setup: ScSetup,
  s: ScState,
  troop: ScTroop,
  target: ScTroop,
  from: { via: readonly number[]; inches: number; at: number },
  tramples: readonly TrampleAim[],
): ChargePlan | { code: string; message: string } {
  if (tramples.some((a) => a.target === target.id))
    return { code: 'trample-the-charged', message: `${troop.id} charges ${target.id} to fight it: it stops next to it, so it cannot trample it too` };
  const line = trampleChargeLine(
    setup,
    s,
    troop,
    from.at,
    target,
    tramples.map((a) => a.target),
    from.inches,
  );
  if (line === null)
    return {
      code: 'no-trample-line',
      message: `${troop.id} has no charge at ${target.id} that goes straight through ${tramples.map((a) => a.target).join(' then ')} within its charge`,
    };
  const refused = trampleRefusal(
    setup,
    s,
    troop,
    tableOf(setup, s, troop.id),
    pieceOf(setup, troop, from.at),
    line.path,
    Number.POSITIVE_INFINITY,
    tramples,
    true,
  );
  if (refused) return refused;
  return { via: from.via, line, inches: from.inches };
}

/** The tramples whose target's space `path` (from `start`, before any falling back) enters: those the charge reaches (ruling SC135). */
function reached(setup: ScSetup, s: ScState, troop: ScTroop, start: number, path: readonly number[], tramples: readonly TrampleAim[]): TrampleAim[] {
  const board = { width: setup.map.grid[0]!.length };
  return tramples.filter((a) => crossing(board, pieceOf(setup, troop, start), start, path, pieceOf(setup, s.troops[a.target]!)) !== null);
}

export function chargeTroop(ctx: Ctx, setup: ScSetup, c: Extract<ScCommand, { type: 'charge' }>): void {
  const s = ctx.state;
  const troop = yourTroop(s, c.troop);
  if (s.turn!.used.includes(c.troop)) refuse('already-acted-this-step', `${c.troop} has already had its movement order this turn.`);
  const tramples = c.trample ?? [];
  const plan = planCharge(setup, s, troop, c.target, c.via, tramples);
  if ('code' in plan) refuse(plan.code, `${plan.message}.`);
  ctx.emit({ type: 'ordered', troop: c.troop, how: 'charge', recorded: 'charge' });
  const roll = ctx.roll(6);
  let path = chargeEnd(plan.line, plan.inches, roll);
  let fellBack = false;
  const start = plan.via.length > 0 ? plan.via[plan.via.length - 1]! : troop.at!;
  // A troop the die stops short of is not trampled; one the die leaves the charger inside is, as it falls back (ruling SC134).
  const made = reached(setup, s, troop, start, path, tramples);
  if (path.length > 0) {
    // Where the die leaves it inside a friend, it stands on the last free square of the line (SC Movement c).
    const checked = checkPath(tableWith(setup, s, troop, start), pieceOf(setup, troop, start), path, Number.POSITIVE_INFINITY);
    if ('code' in checked) path = [];
    else ({ path, fellBack } = checked);
  }
  ctx.emit({ type: 'charged', troop: c.troop, target: c.target, via: plan.via, line: plan.line.path, path, roll, dice: ctx.dice() });
  const all = [...plan.via, ...path];
  if (all.length > 0) walk(ctx, setup, c.troop, all, 'move', [], made);
  if (fellBack && !ctx.state.prompt) ctx.emit({ type: 'fell-back', troop: c.troop });
}
