/**
 * The practice opponent's weighing of an attack that reaches several troops (SC Melee c, SC App. B
 * Sweep; rulings SC45–SC50): the wounds it is expected to do to each troop it reaches, the enemy's
 * counted for it and the opponent's own against it, and the ways a sweep may be swept (each turn,
 * each number of squares), so it spares its own troops when it can.
 */
import { hitChance, woundsPerHit } from '../rules/chances';
import { type Fighter, findAttack, hitsAutomatically, meleeModifiers } from '../rules/melee';
import { isProjected, reachedTroops } from '../rules/projected';
import { rangedDefense, rangedModifiers } from '../rules/ranged';
import { lineOfSight } from '../rules/sight';
import { sweepSize, sweepSquares, sweptTroops } from '../rules/sweep';
import type { Piece, ScTable } from '../rules/table';
import { templateAt, templateOf, troopsUnder } from '../rules/templates';
import { isHurt } from '../rules/wounds';
import type { ScCommand } from '../match/types';

type Attack = Extract<ScCommand, { type: 'attack' }>;

/** A wound to one of its own troops weighs this much more than a wound to the enemy. */
const OWN_WOUND = 1.5;

/** The same strike swept every way the rules allow: clockwise and counterclockwise, 1 to its size in squares; other attacks as they are. */
export function sweepWays(c: Attack, fighters: ReadonlyMap<string, Fighter>): Attack[] {
  const attack = findAttack(fighters.get(c.troop)!.card, c.attack)?.attack;
  const size = attack ? sweepSize(attack) : null;
  if (size === null) return [c];
  return (['clockwise', 'counterclockwise'] as const).flatMap((turn) => Array.from({ length: size }, (_, i) => ({ ...c, sweep: { turn, squares: i + 1 } })));
}

/** The troops a projected attack or a sweep would reach, in the order it reaches them; null for a plain strike. */
function reached(table: ScTable, fighters: ReadonlyMap<string, Fighter>, c: Attack): Piece[] | null {
  const attack = findAttack(fighters.get(c.troop)!.card, c.attack)!.attack;
  const [me, target] = [table.pieces.get(c.troop)!, table.pieces.get(c.target)!];
  const template = templateOf(attack);
  if (template) return reachedTroops(table, me, troopsUnder(table, templateAt(table, me, template, target), me.id));
  const size = sweepSize(attack);
  if (size === null) return null;
  return sweptTroops(table, sweepSquares(table, me, size, target, c.sweep ?? { turn: 'clockwise' }), me.id);
}

/**
 * What a projected attack or a sweep is worth: for each troop it reaches, its chance to hit that troop
 * (the roll each would get) times the wounds of a hit, weighed by `worth` for an enemy and taken off at
 * OWN_WOUND for a troop of the attacker's side. Null for a plain strike, which the caller weighs.
 */
export function spreadValue(
  table: ScTable,
  fighters: ReadonlyMap<string, Fighter>,
  c: Attack,
  worth: (troop: string, wounds: number) => number,
): number | null {
  const troops = reached(table, fighters, c);
  if (troops === null) return null;
  const me = fighters.get(c.troop)!;
  const attack = findAttack(me.card, c.attack)!.attack;
  const hurt = isHurt(me.taken, me.card.wounds);
  const attacker = table.pieces.get(c.troop)!;
  let value = 0;
  for (const p of troops) {
    const card = fighters.get(p.id)!.card;
    let wounds: number;
    if (hitsAutomatically(attack)) wounds = woundsPerHit(attack.dmg.bonus - (hurt ? 2 : 0), card.toWound);
    else {
      const mods = isProjected(attack)
        ? rangedModifiers(attack, { hurt, aimed: false }, 'short', lineOfSight(table, attacker, p), false)
        : meleeModifiers(attack, hurt);
      const defense = isProjected(attack) ? rangedDefense(card) : card.defense.melee;
      wounds =
        hitChance(
          mods.reduce((n, m) => n + m.value, 0),
          defense,
        ) * woundsPerHit(attack.dmg.bonus, card.toWound);
    }
    value += p.player === attacker.player ? -OWN_WOUND * wounds : worth(p.id, wounds);
  }
  return value;
}
