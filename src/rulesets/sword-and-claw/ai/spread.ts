/**
 * The practice opponent's weighing of an attack that reaches several troops (SC Melee c, SC Area
 * attacks, SC App. B Sweep; rulings SC24–SC26, SC45–SC50): the wounds it is expected to do to each
 * troop it reaches, the enemy's counted for it and the opponent's own against it, and the ways a
 * sweep may be swept (each turn, each number of squares), so it spares its own troops when it can.
 */
import type { Roll } from '../../../engine/dice';
import { areaSize, DEVIATION_DIRECTIONS, landArea } from '../rules/area';
import { hitChance, woundsPerHit } from '../rules/chances';
import { isFlanked } from '../rules/flanking';
import { type DeclaredStrike, type Fighter, findAttack, hitsAutomatically, meleeModifiers } from '../rules/melee';
import { isProjected, reachedTroops } from '../rules/projected';
import { aimShot, rangedDefense, rangedModifiers, type ShotTroops } from '../rules/ranged';
import { lineOfSight } from '../rules/sight';
import { sweepSize, sweepSquares, sweptTroops } from '../rules/sweep';
import { heightsAbove } from '../rules/altitude';
import { type Piece, pieceLevel, type ScTable } from '../rules/table';
import { templateCover } from '../rules/template-reach';
import { templateOf } from '../rules/templates';
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
  if (template) return reachedTroops(table, me, [...templateCover(table, me, template, target).troops]);
  const size = sweepSize(attack);
  if (size === null) return null;
  return sweptTroops(table, sweepSquares(table, me, size, target, c.sweep ?? { turn: 'clockwise' }), me.id, target);
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
        ? rangedModifiers(attack, { hurt, aimed: false }, 'short', lineOfSight(table, attacker, p), false, heightsAbove(pieceLevel(attacker), pieceLevel(p)))
        : meleeModifiers(attack, hurt, me.conditions, isFlanked(table, p));
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

/**
 * What an Area shot aimed at `d.target`'s square is worth (SC Area attacks; rulings SC24–SC26): over
 * every face of its d10, where the area lands (on the square on a hit; on a miss each of the d8's
 * eight ways, as far as the roll missed by) and each face of every d6 under it, as rules/area.ts
 * lands it, the enemy's wounds weighed by `worth` and its own side's taken off at OWN_WOUND. So the
 * troop it is aimed at is the one whose square puts most enemies and fewest friends under it, and a
 * shot that might drift on to its own troops is worth less. Null for a shot without Area.
 */
export function areaValue(t: ShotTroops, d: DeclaredStrike, first: boolean, worth: (troop: string, wounds: number) => number): number | null {
  const attack = findAttack(t.fighters.get(d.attacker)!.card, d.attack)!.attack;
  if (areaSize(attack) === null) return null;
  const aim = aimShot(t, d, first);
  const bonus = aim.modifiers.reduce((n, m) => n + m.value, 0);
  const side = t.table.pieces.get(d.attacker)!.player;
  // Each landing is worth the same for every total that gives it: worked out once per total landed on.
  const byTotal = new Map<number, number>();
  const landed = (total: number): number => {
    let value = 0;
    // The d8's eight ways, each as likely (one, unrolled, on a hit); each d6 face of every troop under it.
    const ways = total >= aim.defense ? [1] : DEVIATION_DIRECTIONS.map((_, i) => i + 1);
    for (const way of ways)
      for (let face = 1; face <= 6; face++) {
        const dice = (sides: number) => (sides === 8 ? way : face);
        const rolls: Roll[] = [];
        for (const h of landArea(dice, t, d, attack, total, aim.inches, rolls).hits) {
          const wounds = h.wounds / (6 * ways.length);
          value += t.table.pieces.get(h.troop)!.player === side ? -OWN_WOUND * wounds : worth(h.troop, wounds);
        }
      }
    return value;
  };
  let value = 0;
  for (let d10 = 1; d10 <= 10; d10++) {
    const total = d10 + bonus;
    const key = Math.min(total, aim.defense);
    if (!byTotal.has(key)) byTotal.set(key, landed(key));
    value += byTotal.get(key)! / 10;
  }
  return value;
}
