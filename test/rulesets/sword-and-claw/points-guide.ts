/**
 * The points guide for sample troops (ruling SC61): the rulebook prints a Point Value on every card
 * (SC Troops "Point Value") but no way to work one out, so the sample factions are priced by this
 * guide, and their tests hold every card to it. It reads a card the way the rules do (the chances come
 * from rules/chances.ts, the wounds of a hit from rules/wounds.ts) and weighs it against a fixed field:
 *
 * - offence: the share of a yardstick foe one turn of the troop's attacks removes, on average over a
 *   light, an armoured and a big foe; attacks joined by "Or" count their best, separate ones add up;
 * - durability: the troop's wounds over the wounds a yardstick blow does it, on average over a light,
 *   a veteran and a heavy blow, each struck half at its Melee and half at its Ranged Defense;
 * - points = PRICE × √(offence × durability) × mobility × staying, rounded: the square root because two
 *   forces fighting it out trade offence against durability (Lanchester), so equal points buy equal
 *   strength; staying prices the troops that keep their whole offence through many wounds.
 *
 * PRICE is set so the rulebook's own Human Crossbowman comes to its printed 16.
 */
import { hitChance } from '../../../src/rulesets/sword-and-claw/rules/chances';
import { woundsFromDamage } from '../../../src/rulesets/sword-and-claw/rules/wounds';
import type { ToWound, TroopAttack, TroopCard } from '../../../src/rulesets/sword-and-claw/formats/troop-card';

interface Foe {
  readonly melee: number;
  readonly ranged: number;
  readonly toWound: ToWound;
  readonly wounds: number;
}

/** A light foe (the Crossbowman's line), an armoured one and a big one. */
const FOES: readonly Foe[] = [
  { melee: 5, ranged: 6, toWound: { steps: [3, 7], then: null }, wounds: 2 },
  { melee: 7, ranged: 8, toWound: { steps: [6, 11], then: 5 }, wounds: 3 },
  { melee: 5, ranged: 5, toWound: { steps: [6, 12], then: 6 }, wounds: 6 },
];

/** A light blow, a veteran's and a heavy one: skill and damage bonus. */
const BLOWS: readonly { readonly toHit: number; readonly bonus: number }[] = [
  { toHit: 0, bonus: 0 },
  { toHit: 1, bonus: 2 },
  { toHit: 1, bonus: 4 },
];

/** Points for one unit of √(offence × durability); the Crossbowman's 16 fixes it. */
export const PRICE = 19.6;

const has = (a: Pick<TroopAttack, 'qualities'>, name: string) => a.qualities.find((q) => q.name === name);

/**
 * The wounds a failed-save condition adds to a hit that wounds (ruling SC136): a yardstick foe saves
 * half the time (6 or more on a d10, Strength 0, Medium), so it fails (1 − ½)/½ = 1 save on average
 * before the one that ends the condition, and Poisoned does a wound on each.
 */
const POISON_WOUNDS = 1;

/**
 * Wounds a hit of d6 + `bonus` does, on average, never more than the troop has; a Poison hit that
 * wounds adds the wounds of its failed saves (ruling SC136).
 */
function woundsOfHit(bonus: number, toWound: ToWound, wounds: number, dispersed = false, poison = false): number {
  let sum = 0;
  for (let d = 1; d <= 6; d++) {
    const dealt = woundsFromDamage(d + bonus, toWound);
    sum += Math.min(dispersed ? 1 : wounds, dealt + (poison && dealt > 0 ? POISON_WOUNDS : 0));
  }
  return sum / 6;
}

/** How many troops an attack that hits more than one is worth: a template, an area or a sweep. */
function spread(attack: TroopAttack): number {
  const size = (name: string) => has(attack, name)?.value ?? 0;
  if (has(attack, 'Sweep')) return 1 + (size('Sweep') - 1) / 2;
  if (has(attack, 'Area')) return 1 + (size('Area') ** 2 - 1) / 4;
  if (has(attack, 'Cone')) return 1 + size('Cone') / 4;
  if (has(attack, 'Fan')) return 1 + size('Fan') / 3;
  if (has(attack, 'Line')) return 1 + (size('Line') - 1) / 4;
  if (has(attack, 'Aura')) return 1 + size('Aura') / 2;
  return 1;
}

const TEMPLATES = ['Cone', 'Fan', 'Line', 'Aura'];

/** The share of a foe one use of `attack` removes, on average over the yardstick foes. */
function attackValue(attack: TroopAttack, card: TroopCard): number {
  const templated = TEMPLATES.some((t) => has(attack, t));
  const ranged = attack.range !== undefined && !templated;
  const strikes = has(attack, 'Number of attacks equals health')
    ? card.wounds
    : has(attack, 'Number of attacks equals half health')
      ? Math.ceil(card.wounds / 2)
      : attack.atk;
  const perFoe = FOES.map((foe) => {
    // An Area attack rolls against 5 (SC Ranged), a template against Ranged Defense (ruling SC47).
    const defense = has(attack, 'Area') ? 5 : ranged || templated ? foe.ranged : foe.melee;
    const hit = has(attack, 'Automatically hits') ? 1 : hitChance(attack.toHit, defense);
    return (hit * woundsOfHit(attack.dmg.bonus, foe.toWound, foe.wounds, false, has(attack, 'Poison') !== undefined)) / foe.wounds;
  });
  let value = (strikes * perFoe.reduce((a, b) => a + b, 0)) / perFoe.length;
  value *= spread(attack);
  if (ranged) value *= 1 + attack.range!.long / 12; // a shot needs no march to its target, and starts sooner the longer it reaches
  if (has(attack, 'Reach')) value *= 1.25;
  if (has(attack, 'Requires Reload')) value *= 0.5;
  if (has(attack, 'Slow')) value *= 0.6;
  if (has(attack, 'Charge Only')) value *= 0.5;
  // Ruling SC130: −4 to hit buys shots at what the shooter cannot see; the −4 is already a lower
  // hit chance above, so the term pays only for the targets it opens, as Reach pays for its inch.
  if (ranged && has(attack, 'Indirect Fire')) value *= 1.25;
  // Ruling SC133: a hit that Entangles holds its target where it stands and at −2 until it saves
  // (half the time, a save of 6 on a d10), which is worth what Reach is: ×1.25.
  if (has(attack, 'Entangling')) value *= 1.25;
  // Ruling SC136: a wounded target that is Paralyzed neither moves nor attacks until it saves, one
  // turn on average (the save of 6 on a d10 is passed half the time), which holds it wholly where
  // Entangling holds it only in place: ×1.5. The value counts wounds, so the term grows with them, as
  // Paralyzing acts only on a hit that wounds.
  if (has(attack, 'Paralyzing')) value *= 1.5;
  return value;
}

/** A turn of attacks: the best of each "Or" group, the groups added up. */
export function offence(card: TroopCard): number {
  return card.attacks.reduce((sum, group) => sum + Math.max(...group.map((a) => attackValue(a, card))), 0);
}

/** The blows a troop takes to fall, on average over the yardstick blows. */
export function durability(card: TroopCard): number {
  const dispersed = card.qualities.includes('Dispersed');
  const ranged = card.defense.ranged + (card.qualities.includes('Skeleton') ? 1 : 0);
  const perBlow = BLOWS.map((b) => {
    const hit = (hitChance(b.toHit, card.defense.melee) + hitChance(b.toHit, ranged)) / 2;
    return hit * woundsOfHit(b.bonus, card.toWound, card.wounds, dispersed);
  });
  const mean = perBlow.reduce((a, b) => a + b, 0) / perBlow.length;
  return card.wounds / Math.max(mean, 0.02);
}

/**
 * Move 4 is 1; each inch more or less is a twentieth; Nimble Charger adds one, Can't Run takes two.
 * Flight (ruling SC130) adds four: a flyer passes over terrain and troops as if it had more inches, and
 * High it is out of reach of what stands below, but it pays 2" a level to rise, so it is priced as
 * inches, not as durability.
 */
export function mobility(card: TroopCard): number {
  const nimble = card.qualities.includes('Nimble Charger') ? 0.05 : 0;
  const slow = card.qualities.includes("Can't Run") ? 0.1 : 0;
  const flight = card.qualities.includes('Flight') ? 0.2 : 0;
  return (card.move + 16) / 20 + nimble - slow + flight;
}

/**
 * A troop strikes with its whole offence until it is removed: one with many wounds keeps it for longer
 * than the same points in two-wound troops, which lose theirs a troop at a time. Two wounds are 1.
 */
export const staying = (card: TroopCard): number => 1 + Math.max(0, card.wounds - 2) / 16;

/** The Point Value the guide gives a card (ruling SC61). */
export const guidePoints = (card: TroopCard): number => Math.round(PRICE * Math.sqrt(offence(card) * durability(card)) * mobility(card) * staying(card));
