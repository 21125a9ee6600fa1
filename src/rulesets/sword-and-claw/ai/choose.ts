/**
 * The practice opponent for Sword and Claw: one order at a time for the seat the match waits on, a
 * pure function of the setup and the state (no dice, no clock), so a replayed practice match makes
 * the same choices and the engine checks each one like any player's.
 *
 * It plays a plain, sound plan a new player can learn from:
 * - deployment: the troops placed as a missed deadline places them (nearest its edge);
 * - movement: an unloaded weapon is reloaded; a troop with a shot where it stands aims and keeps still; a troop that can
 *   reach a square next to an enemy with a Move goes there (trampling an enemy on the way when it has two
 *   attacks a turn or more, and so on a charge), to strike in the melee step, unless a
 *   charge is worth more (the chance its d6 lands it next to the enemy times its strike there, Charge
 *   Only attacks counted: ai/charge.ts); one that cannot charges the enemy worth most; any other
 *   closes in on the nearest enemy, running (unless it Can't Run) when that keeps no attack from it this turn;
 * - ranged and melee steps: each declared attack is the one with the most wounds expected (the
 *   chance to hit times the wounds a hit does, and what a condition it puts on is worth in wounds),
 *   the weakest target first when equal; a template, an
 *   area or a sweep counts every troop it reaches, its own against it (ai/spread.ts), so an area is
 *   aimed at the troop whose square puts most enemies and fewest friends under it;
 * - a troop with no attack to make in the ranged or melee step readies one there (SC Readied Actions);
 * - an opportunity attack is always taken, with the best attack, and a Readied attack with the best it has.
 * It stops a step with `next` when nothing is worth ordering. Movement is worked out for one troop at
 * a time from the same movement rules the options use, never from every troop's whole move set, so a
 * decision stays cheap on a large map.
 */
import { hitChance, woundChance, woundsPerHit } from '../rules/chances';
import { conditionsFrom, type Condition } from '../rules/conditions';
import type { TroopAttack, TroopCard } from '../formats/troop-card';
import { findAttack } from '../rules/melee';
import { afterMove, allowance, reachable } from '../rules/movement';
import { areAdjacent, opportunityAttacksPerRound } from '../rules/opportunity';
import { aimShot, type ShotTroops } from '../rules/ranged';
import { inchesBetween } from '../rules/sight';
import type { Piece, ScTable } from '../rules/table';
import { chargeTrampleOptions, meleeOptions, trampleOptions } from '../match/options';
import { strikeAim } from '../match/melee-options';
import { areaValue, spreadValue, sweepWays } from './spread';
import { bestCharge, fightWorth, type StrikeWorth } from './charge';
import { reloadOptions, shotOptions, shotTroops, troopShots } from '../match/ranged';
import { cardOf, hasRangedAttack, moveOf, onTable, pieceOf, struckCard, tableOf } from '../match/tables';
import { conditionsAllow } from '../match/conditions';
import { readiedOptions, readyOptions } from '../match/readied';
import type { PlayerId, ScCommand, ScSetup, ScState, ScTroop } from '../match/types';

const NEXT: ScCommand = { type: 'next' };

/** The order the practice opponent gives for `seat` now, or null when the match does not wait on it. */
export function chooseScCommand(setup: ScSetup, s: ScState, seat: PlayerId): ScCommand | null {
  if (s.end) return null;
  if (s.prompt) return s.prompt.player === seat ? opportunityAnswer(setup, s) : null;
  if (s.deploying) return s.deploying.player === seat ? { type: 'deploy-rest' } : null;
  if (!s.turn || s.turn.player !== seat) return null;
  if (s.turn.step === 'movement') return movementOrder(setup, s) ?? NEXT;
  if (s.turn.step === 'ranged') return best(setup, s, shotOptions(setup, s)) ?? reloadOptions(setup, s)[0] ?? readyOptions(setup, s)[0] ?? NEXT;
  return (
    best(
      setup,
      s,
      meleeOptions(
        setup,
        s,
        onTable(s).filter((t) => t.player === seat),
      ),
    ) ??
    readyOptions(setup, s)[0] ??
    NEXT
  );
}

/** Wounds an attack is expected to do: its chance to hit times the wounds of a hit. */
/** `shots`: the troops as shots read them, made once for all the options weighed (match/ranged.ts shotTroops); `table`, the table a strike's flank is read on. */
function expected(
  setup: ScSetup,
  s: ScState,
  c: { troop: string; attack: string; target: string },
  ranged: boolean,
  shots?: ShotTroops,
  table: ScTable | undefined = shots?.table,
): number {
  const attacker = s.troops[c.troop]!;
  const target = s.troops[c.target]!;
  const card = cardOf(setup, attacker);
  const targetCard = struckCard(setup, s, target);
  const attack = findAttack(card, c.attack)?.attack;
  if (!attack) return 0;
  let bonus: number;
  let defense: number;
  if (ranged) {
    const first = !s.declared.some((d) => d.attacker === c.troop);
    const aim = aimShot(shots ?? shotTroops(setup, s), { attacker: c.troop, attack: c.attack, target: c.target }, first);
    bonus = aim.modifiers.reduce((n, m) => n + m.value, 0);
    defense = aim.defense;
  } else {
    const aim = strikeAim(setup, s, c, table);
    bonus = aim.modifiers.reduce((n, m) => n + m.value, 0);
    defense = aim.defense;
  }
  const wounds = woundsPerHit(attack.dmg.bonus, targetCard.toWound);
  return hitChance(bonus, defense) * (wounds + conditionWorth(attack, target, targetCard, wounds));
}

/**
 * What the condition an attack puts on its target adds to a hit, in wounds, as the points guide prices
 * it (rulings SC133, SC136): Poison the wound of the one failed save a troop averages before it passes,
 * on a hit that wounds; Paralyzing half a hit's wounds again (it holds the wounded troop wholly for about
 * a turn); Entangling a quarter (it holds the troop in place at −2). None for a condition the target
 * carries already: a second one adds a save, not a turn held. `wounds`: a hit's wounds on average
 * against the target (woundsPerHit), as expected() has it.
 */
function conditionWorth(attack: TroopAttack, target: ScTroop, targetCard: TroopCard, wounds: number): number {
  // The conditions a hit that wounds puts on, as the rules read the attack's qualities; most attacks have none.
  const put = conditionsFrom(
    attack.qualities.map((q) => q.name),
    true,
    1,
  ).filter((c) => !(target.conditions?.includes(c) ?? false));
  if (put.length === 0) return 0;
  const worth: Record<Condition, number> = {
    poisoned: woundChance(attack.dmg.bonus, targetCard.toWound) / 100,
    paralyzed: wounds * 0.5,
    entangled: wounds * 0.25,
  };
  return put.reduce((sum, c) => sum + worth[c], 0);
}

/**
 * The declared attack with the most wounds expected; ties go to the target with the fewest wounds left.
 * An attack that reaches several troops (a template, a sweep) counts each, its own side's against it,
 * and a sweep is weighed every way it may be swept (ai/spread.ts).
 */
function best(setup: ScSetup, s: ScState, options: readonly Extract<ScCommand, { type: 'shoot' | 'attack' }>[]): ScCommand | null {
  const shots = options.length > 0 ? shotTroops(setup, s) : undefined;
  const worth = worthOf(setup, s);
  let chosen: ScCommand | null = null;
  let score = 0;
  const strikes = strikesWeighed(shots?.table);
  for (const option of options) {
    for (const o of option.type === 'attack' ? sweepWays(option, shots!.fighters) : [option]) {
      let value: number | undefined;
      if (o.type === 'attack') {
        const key = `${o.troop} ${o.attack} ${o.target} ${o.sweep ? `${o.sweep.turn} ${o.sweep.squares}` : ''}`;
        value = strikes!.get(key);
        if (value === undefined)
          strikes!.set(key, (value = spreadValue(shots!.table, shots!.fighters, o, worth) ?? worth(o.target, expected(setup, s, o, false, shots))));
      } else {
        const first = !s.declared.some((d) => d.attacker === o.troop);
        value =
          areaValue(shots!, { attacker: o.troop, attack: o.attack, target: o.target }, first, worth) ?? worth(o.target, expected(setup, s, o, true, shots));
      }
      if (value > score + 1e-9) [chosen, score] = [o, value];
    }
  }
  return chosen;
}

/**
 * What each strike (a melee attack) is worth, kept per table: it reads the troops (where they stand,
 * their cards, wounds and conditions) and nothing the declarations change, and the AI weighs every
 * strike left again for each one it declares, on the table the step's states share (match/tables.ts
 * keeps one per state's troops). A shot is weighed afresh: its Aim counts only on a troop's first.
 */
const strikesOn = new WeakMap<ScTable, Map<string, number>>();

function strikesWeighed(table: ScTable | undefined): Map<string, number> | undefined {
  if (!table) return undefined;
  let kept = strikesOn.get(table);
  if (!kept) strikesOn.set(table, (kept = new Map()));
  return kept;
}

/** Wounds that remove a troop are worth a little more than wounds that do not. */
function worthOf(setup: ScSetup, s: ScState): (id: string, wounds: number) => number {
  return (id, wounds) => {
    const troop = s.troops[id]!;
    return wounds * (1 + 1 / (cardOf(setup, troop).wounds - troop.taken + 1));
  };
}

function opportunityAnswer(setup: ScSetup, s: ScState): ScCommand {
  const p = s.prompt!;
  if (p.kind === 'readied') return readiedAnswer(setup, s, p.troop);
  if (p.kind === 'reserve') return reserveAnswer(s, p.player);
  let chosen: string | null = null;
  let score = -1;
  for (const attack of p.attacks) {
    const value = expected(setup, s, { troop: p.attacker, attack, target: p.mover }, false);
    if (value > score) [chosen, score] = [attack, value];
  }
  return { type: 'opportunity', attack: chosen };
}

/** The reserve force to field (SC Set-up 7): its own dearer one, the first on a tie; it reads only its own army. */
function reserveAnswer(s: ScState, seat: PlayerId): ScCommand {
  const held = s.reserves?.[seat]?.held ?? [];
  const points = (n: number) => held.filter((t) => t.reserve === n).reduce((sum, t) => sum + t.points, 0);
  return { type: 'reserve', reserve: points(2) > points(1) ? 2 : 1 };
}

/** A Readied troop's answer: its best attack by wounds expected, as the step's own choice would be; none when nothing is worth it. */
function readiedAnswer(setup: ScSetup, s: ScState, troop: string): ScCommand {
  const step = s.turn!.step;
  const options = readiedOptions(setup, s, s.troops[troop]!).map((o) =>
    step === 'ranged'
      ? { type: 'shoot' as const, troop, attack: o.attack, target: o.target }
      : { type: 'attack' as const, troop, attack: o.attack, target: o.target },
  );
  // Sweeps are weighed every way, but a Readied strike is declared plain: its sweep turns clockwise from the target (rules/sweep.ts).
  const chosen = best(setup, { ...s, declared: s.sealed ?? [] }, options);
  return chosen && (chosen.type === 'shoot' || chosen.type === 'attack')
    ? { type: 'readied', attack: chosen.attack, target: chosen.target }
    : { type: 'readied', attack: null };
}

/** Distance in inches from a troop standing at `at` to the nearest enemy. */
function nearestEnemy(table: ScTable, piece: Piece, at: number, enemies: readonly Piece[]): number {
  let nearest = Number.POSITIVE_INFINITY;
  // One piece at `at` for every enemy measured (this runs for every square a troop can reach).
  const there = piece.at === at ? piece : { ...piece, at };
  for (const e of enemies) nearest = Math.min(nearest, inchesBetween(table, there, e));
  return nearest;
}

/** The troops yet to move this turn, nearest the enemy first, so the front moves before those behind. */
function toMove(setup: ScSetup, s: ScState, table: ScTable, enemies: readonly Piece[]): ScTroop[] {
  const used = new Set(s.turn!.used);
  return onTable(s)
    .filter((t) => t.player === s.turn!.player && !used.has(t.id))
    .map((t) => ({ t, d: nearestEnemy(table, pieceOf(setup, t), t.at!, enemies) }))
    .sort((a, b) => a.d - b.d || a.t.id.localeCompare(b.t.id))
    .map((x) => x.t);
}

function movementOrder(setup: ScSetup, s: ScState): ScCommand | null {
  const table = tableOf(setup, s);
  const enemies = onTable(s)
    .filter((t) => t.player !== s.turn!.player)
    .map((t) => pieceOf(setup, t));
  if (enemies.length === 0) return null;
  for (const troop of toMove(setup, s, table, enemies)) {
    const order = troopMove(setup, s, table, troop, enemies);
    if (order) return order;
  }
  return null;
}

/** One troop's movement order, or null when it had best stay where it is. */
function troopMove(setup: ScSetup, s: ScState, table: ScTable, troop: ScTroop, enemies: readonly Piece[]): ScCommand | null {
  const card = cardOf(setup, troop);
  const piece = pieceOf(setup, troop);
  const adjacent = enemies.some((e) => areAdjacent(table, piece, e));
  if (adjacent) return null;
  const ranged = hasRangedAttack(card);
  // An unloaded weapon is reloaded first; a troop with a shot where it stands aims and keeps still.
  if (ranged && reloadOptions(setup, s).some((r) => r.troop === troop.id)) return { type: 'reload', troop: troop.id };
  if (ranged && troopShots(setup, s, troop, table).length > 0) return { type: 'aim', troop: troop.id };
  // An Entangled or Paralyzed troop stays where it is (SC Conditions).
  if (!conditionsAllow(troop, 'move')) return null;
  const move = moveOf(setup, troop);
  // A troop that Can't Run walks, never runs (SC App. A Can't Run, ruling SC36).
  const walksOnly = ranged || card.qualities.includes("Can't Run");
  // Orders carry the path found here, so the rules check it rather than search again. A strike is
  // looked for within a Move first: a search within the Move alone is a quarter of the Run's, and a
  // troop that finds one needs no other square (only a troop with none closes in, and may run). None
  // is looked for when every enemy is more than the Move and 2 inches away: a path costs at least the
  // inches in the open its squares lie apart, and a space next to an enemy is an inch from it, one
  // more in each direction adding at most 2 inches (a diagonal's second), so no square it reaches can
  // touch one.
  const now = nearestEnemy(table, piece, troop.at!, enemies);
  const walkable = walksOnly || now <= move + 2 ? reachable(table, piece, allowance('move', move, card.size)) : null;
  let strike: { at: number; path: readonly number[] } | null = null;
  if (walkable && afterMove('move').melee)
    for (const [to, plan] of walkable) {
      if (to === troop.at) continue;
      const there = { ...piece, at: to };
      if (enemies.some((e) => areAdjacent(table, there, e))) {
        strike = { at: to, path: plan.path };
        break;
      }
    }
  // A troop that shoots keeps its shot for a later turn rather than charge (a charger does not shoot: SC35).
  const charge = ranged ? null : chargeOrder(setup, s, table, troop, strike?.at ?? null, enemies);
  if (charge) return chargeTrample(setup, s, troop, charge) ?? charge;
  if (strike !== null) return trampleOrder(setup, s, troop) ?? { type: 'move', troop: troop.id, how: 'move', path: strike.path };
  // A troop that shoots keeps to a Move, which leaves it its shot this turn.
  const far = walksOnly && walkable ? walkable : reachable(table, piece, allowance('run', move, card.size));
  let closest: { at: number; d: number; run: boolean; path: readonly number[] } | null = null;
  for (const [to, plan] of far) {
    if (to === troop.at) continue;
    const walk = plan.spent <= move;
    const d = nearestEnemy(table, piece, to, enemies);
    if (!closest || d < closest.d - 1e-9 || (Math.abs(d - closest.d) < 1e-9 && walk && closest.run)) closest = { at: to, d, run: !walk, path: plan.path };
  }
  if (!closest || closest.d >= now) return null;
  return { type: 'move', troop: troop.id, how: closest.run ? 'run' : 'move', path: closest.path };
}

/**
 * A trample on the way in (SC Movement d): a troop with two attacks a turn or more, which could walk
 * into reach to strike, tramples the first enemy it can instead; it ends beyond it, next to it, with
 * its other attacks left for the melee step. A troop with one attack walks in to strike as before.
 */
function trampleOrder(setup: ScSetup, s: ScState, troop: ScTroop): ScCommand | null {
  if (opportunityAttacksPerRound(cardOf(setup, troop)) < 2) return null;
  return trampleOptions(setup, s, troop)[0] ?? null;
}

/**
 * A trample on the charge's way (SC Movement d; ruling SC135): as on a Move, a troop with two attacks a
 * turn or more tramples the first smaller enemy its charge's line already goes through.
 */
function chargeTrample(setup: ScSetup, s: ScState, troop: ScTroop, charge: ScCommand): ScCommand | null {
  if (opportunityAttacksPerRound(cardOf(setup, troop)) < 2) return null;
  return chargeTrampleOptions(setup, s, troop, [charge])[0] ?? null;
}

/**
 * The charge a troop had best make (SC Movement a), or null: with a Move to a square next to an enemy
 * (`strikeAt`), only a charge worth more than the strike from there, as one with Charge Only attacks
 * may be; without one, any charge that may leave it next to an enemy it could strike.
 */
function chargeOrder(setup: ScSetup, s: ScState, table: ScTable, troop: ScTroop, strikeAt: number | null, enemies: readonly Piece[]): ScCommand | null {
  const worth = worthOf(setup, s);
  const strikeWorth: StrikeWorth = (attack, target) => worth(target, expected(setup, s, { troop: troop.id, attack, target }, false, undefined, table));
  let walked = 0;
  if (strikeAt !== null) {
    const card = cardOf(setup, troop);
    // Only an attack made after a charge alone can make a charge worth more than a sure strike.
    if (!card.attacks.flat().some((a) => a.qualities.some((q) => q.name === 'Charge Only'))) return null;
    const there = { ...pieceOf(setup, troop), at: strikeAt };
    for (const e of enemies) if (areAdjacent(table, there, e)) walked = Math.max(walked, fightWorth(setup, troop, 'move', e.id, strikeWorth));
  }
  const charge = bestCharge(setup, s, troop, strikeWorth);
  return charge && charge.value > walked + 1e-9 ? charge.order : null;
}
