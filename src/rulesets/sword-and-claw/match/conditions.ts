/**
 * Conditions in play (SC Conditions; SC Saving Throws; SC App. B Entangling, Paralyzing, Poison;
 * rulings SC21, SC38, SC40): the conditions a step's attacks put on the troops they hit, the saves
 * rolled as a turn begins, and the orders a troop's conditions refuse. What each condition means is
 * rules/conditions.ts's; the state carries them on its troops (match/apply.ts).
 */
import { refuse, type RuleError } from '../../../engine/errors';
import { type Condition, type ConditionedOrder, conditionRefusal, conditionsFrom, saveEffect } from '../rules/conditions';
import { findAttack, type StrikeOutcome } from '../rules/melee';
import type { MeleeStrike } from '../rules/melee-step';
import type { ShotOutcome } from '../rules/ranged';
import { savingThrow } from '../rules/saving-throws';
import { isHurt, isRemoved } from '../rules/wounds';
import type { Ctx } from './deploy';
import { checkElimination } from './end';
import { cardOf, onTable, pieceOf, tableOf } from './tables';
import { levelBelow } from '../rules/altitude';
import { canEnd } from '../rules/movement';
import type { ScSave, ScSetup, ScState, ScTroop, ScWounds } from './types';

const qualityNames = (setup: ScSetup, s: ScState, attacker: string, attack: string): string[] =>
  findAttack(cardOf(setup, s.troops[attacker]!), attack)!.attack.qualities.map((q) => q.name);

/** The conditions one melee strike puts on its target (SC App. B): on a hit, or a hit that wounded. */
export const strikeConditions = (setup: ScSetup, s: ScState, k: StrikeOutcome): Condition[] =>
  conditionsFrom(qualityNames(setup, s, k.attacker, k.attack), k.hit, k.wounds);

/** Adds `list` to `id`'s entry of `into`. */
function add(into: Record<string, Condition[]>, id: string, list: readonly Condition[]): void {
  if (list.length > 0) into[id] = [...(into[id] ?? []), ...list];
}

/**
 * The conditions a step's strikes or shots put on each troop, in the order they resolved, leaving out
 * troops the step removed. A shot acts on the troop it struck (the target, or the neighbour a shot into
 * melee hit instead); an Area, Cone, Fan, Line or Aura attack, or a Sweep, on each troop it hit, with
 * that troop's own wounds.
 */
export function stepConditions(
  setup: ScSetup,
  s: ScState,
  outcomes: readonly (MeleeStrike | ShotOutcome)[],
  removed: readonly string[],
): Record<string, Condition[]> | null {
  const out: Record<string, Condition[]> = {};
  for (const k of outcomes) {
    const names = qualityNames(setup, s, k.attacker, k.attack);
    // Each troop a template or a sweep reached is hit, or not, on its own roll (rulings SC42, SC47, SC49).
    const each = (list: readonly { troop: string; hit: boolean; wounds: number }[]) => {
      for (const h of list) add(out, h.troop, conditionsFrom(names, h.hit, h.wounds));
    };
    if ('struck' in k) {
      if (k.area) each(k.area.hits.map((h) => ({ troop: h.troop, hit: true, wounds: h.wounds })));
      else if (k.struck !== null) add(out, k.struck, conditionsFrom(names, k.hit, k.wounds));
    } else if (k.projected) each(k.projected.hits);
    else if (k.swept) each(k.swept.strikes.map((x) => ({ troop: x.target, hit: x.hit, wounds: x.wounds })));
    else add(out, k.target, conditionsFrom(names, k.hit, k.wounds));
  }
  for (const id of removed) delete out[id];
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * The turn's saving throws (SC Saving Throws a–e; ruling SC21), rolled as it begins with no orders:
 * one d10 for each effect on the active side's troops on the table, troop by troop in setup order and
 * each troop's effects in the order they took hold. A failed save against Poisoned wounds at once; a
 * side the poison leaves with no troop loses by elimination. No event when nobody carries an effect.
 */
export function rollSaves(ctx: Ctx, setup: ScSetup): void {
  const s = ctx.state;
  const player = s.turn!.player;
  const saves: ScSave[] = [];
  const wounds: Record<string, ScWounds> = {};
  for (const t of onTable(s).filter((x) => x.player === player)) {
    const card = cardOf(setup, t);
    let taken = t.taken;
    for (const condition of t.conditions ?? []) {
      const roll = savingThrow((sides) => ctx.roll(sides), card);
      const dealt = saveEffect(condition, roll.result).wounds;
      saves.push({ troop: t.id, condition, ...roll, wounds: dealt });
      taken += dealt;
    }
    if (taken !== t.taken) wounds[t.id] = { taken, hurt: isHurt(taken, card.wounds), removed: isRemoved(taken, card.wounds) };
  }
  if (saves.length === 0) return;
  ctx.emit({ type: 'saved', saves, dice: ctx.dice(), wounds });
  if (Object.values(wounds).some((w) => w.removed)) checkElimination(ctx);
  if (!ctx.state.end) fallAfterSaves(ctx, setup, saves);
}

/**
 * SC Flight: a flyer Entangled or otherwise held loses one level each time it fails a save against
 * it. Ruling SC99: level by level, each only when its space at the level below is free of troops there;
 * a troop below stops its fall where it is (it harms nobody, as a fall does no damage).
 */
function fallAfterSaves(ctx: Ctx, setup: ScSetup, saves: readonly ScSave[]): void {
  for (const id of new Set(saves.map((v) => v.troop))) {
    const t = ctx.state.troops[id]!;
    if (t.removed || t.altitude === undefined) continue;
    const falls = saves.filter((v) => v.troop === id && v.result === 'remains' && (v.condition === 'entangled' || v.condition === 'paralyzed')).length;
    const table = tableOf(setup, ctx.state, id);
    let altitude = t.altitude;
    for (let i = 0; i < falls && altitude !== 'landed'; i++) {
      const below = levelBelow(altitude);
      if (!canEnd(table, pieceOf(setup, { ...t, altitude: below }), t.at!)) break;
      altitude = below;
    }
    if (altitude !== t.altitude) ctx.emit({ type: 'altitude', troop: id, altitude, why: 'fall' });
  }
}

/** Why a troop's conditions forbid it `order`, as a sentence, or null (SC Conditions; ruling SC40). */
export function conditionRefusalOf(troop: ScTroop, order: ConditionedOrder): RuleError | null {
  const problem = conditionRefusal(troop.id, troop.conditions, order);
  return problem ? { ...problem, message: `${problem.message}.` } : null;
}

/** Refuses `order` for a troop its conditions forbid it. */
export function checkConditions(troop: ScTroop, order: ConditionedOrder): void {
  const problem = conditionRefusalOf(troop, order);
  if (problem) refuse(problem.code, problem.message);
}

/** Whether a troop's conditions leave it `order` (for the options and the bot, which list only what decide accepts). */
export const conditionsAllow = (troop: ScTroop, order: ConditionedOrder): boolean => conditionRefusal(troop.id, troop.conditions, order) === null;
