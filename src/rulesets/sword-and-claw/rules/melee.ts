/**
 * The melee step's attacks (SC Melee a, b, d; SC Attacks 1–4; SC To-Hit; SC Hurt; SC Troops "#Atk" and
 * "Or"): what a troop may declare, one strike's to-hit and damage, and a whole step resolved in the
 * order declared with every effect applied after all have resolved.
 */
import { ruleError, type RuleError } from '../../../engine/errors';
import type { TroopAttack, TroopCard } from '../formats/troop-card';
import type { TroopOrder } from './movement';
import type { Roll } from '../../../engine/dice';
import type { Dice } from './dice';
import { dispersedWounds, woundsFromDamage } from './wounds';
import type { SweepAim } from './sweep';
import { TEMPLATE_SHAPES } from './templates';
import { type Condition, doesDamage, drainingWound, entangledPenalty } from './conditions';

/** A to-hit modifier and why it applies, in the order the roll line names them (SC To-Hit). */
export interface Modifier {
  readonly why:
    | 'skill'
    | 'aim'
    | 'hurt'
    | 'entangled'
    | 'flanked'
    | 'medium range'
    | 'long range'
    | 'cover'
    | 'light cover'
    | 'into melee'
    | 'readied beside an enemy'
    | 'target higher'
    | 'indirect fire'
    | 'trampling';
  readonly value: number;
}

export interface StrikeOutcome {
  readonly attacker: string;
  readonly attack: string;
  readonly target: string;
  /** The d10, and the d6 when it hit. */
  readonly dice: readonly Roll[];
  readonly modifiers: readonly Modifier[];
  /** The d10 plus the modifiers, against the target's Melee Defense (0 for an attack that hits automatically). */
  readonly total: number;
  /** Hit with no roll (SC App. B Automatically hits). */
  readonly automatic?: boolean;
  readonly defense: number;
  readonly hit: boolean;
  /** The d6 plus the attack's bonus; null on a miss, and on a hit of an attack with No Damage (no d6 is rolled). */
  readonly damage: number | null;
  /** The wounds it did, Draining's one more among them. */
  readonly wounds: number;
  /** A hit of an attack with No Damage (SC App. B): no damage roll, no wound. */
  readonly noDamage?: boolean;
  /** Draining added its one wound (SC App. B Draining). */
  readonly drained?: boolean;
  /** The target was swimming: its Melee Defense was lowered (SC Swimming), which the roll's words say. */
  readonly swimming?: true;
}

/** What a hit did once its damage is rolled: Dispersed's one wound a hit, then Draining's one more (ruling SC39). */
export function hitWounds(attack: TroopAttack, wounds: number, target: { readonly qualities: readonly string[] }): { wounds: number; drained?: true } {
  const base = dispersedWounds(wounds, target);
  const extra = drainingWound(
    attack.qualities.map((q) => q.name),
    base,
  );
  return extra > 0 ? { wounds: base + extra, drained: true } : { wounds: base };
}

/** A hit of an attack with No Damage (SC App. B): it rolls no damage and does no wound. */
export const noDamageOf = (attack: TroopAttack): boolean => !doesDamage(attack.qualities.map((q) => q.name));

/** An attacker's −2 while Entangled (SC Conditions Entangled), once however many entangles it carries. */
export const entangledModifier = (conditions: readonly Condition[] | undefined): Modifier[] => {
  const value = entangledPenalty(conditions ?? []);
  return value === 0 ? [] : [{ why: 'entangled', value }];
};

/**
 * SC To-Hit, melee: the attacker's skill with the weapon, +1 when the target is flanked (SC Flanking,
 * rules/flanking.ts), −1 when the attacker is Hurt (SC Hurt), −2 while it is Entangled.
 */
export function meleeModifiers(attack: TroopAttack, attackerHurt: boolean, conditions?: readonly Condition[], targetFlanked = false): Modifier[] {
  return [
    { why: 'skill', value: attack.toHit },
    ...(targetFlanked ? [{ why: 'flanked' as const, value: 1 }] : []),
    ...(attackerHurt ? [{ why: 'hurt' as const, value: -1 }] : []),
    ...entangledModifier(conditions),
  ];
}

/**
 * One melee strike (SC Attacks 1–4): a d10 plus the modifiers hits when it reaches the target's Melee
 * Defense; a hit rolls a d6 plus the attack's bonus, and each To Wound number the damage reaches is a
 * wound. A natural 10 or 1 is no different from any other roll (ruling SC6). `targetFlanked`: the
 * target is flanked where it stands as the strike is rolled (SC Flanking). `extra`: modifiers of the
 * moment, such as −2 on an opportunity attack at a trampling troop (SC Movement d).
 */
export function strike(
  dice: Dice,
  who: { readonly attacker: string; readonly target: string },
  attack: TroopAttack,
  attackerHurt: boolean,
  target: Pick<TroopCard, 'defense' | 'toWound' | 'qualities'> & { readonly swimming?: true },
  attackerConditions?: readonly Condition[],
  targetFlanked = false,
  extra: readonly Modifier[] = [],
): StrikeOutcome {
  const defense = target.defense.melee;
  // A No Damage hit rolls no d6 (SC App. B No Damage): nothing in its result would read it.
  const unharmed = { damage: null, wounds: 0, noDamage: true } as const;
  if (hitsAutomatically(attack)) {
    if (noDamageOf(attack)) return { ...who, attack: attack.id, modifiers: [], total: 0, defense, automatic: true, dice: [], hit: true, ...unharmed };
    // No d10: the hit is given; a Hurt attacker's damage is rolled at −2 instead (SC App. B Automatically
    // hits), which its modifiers say.
    const d6 = dice(6);
    const damage = Math.max(0, d6 + attack.dmg.bonus - (attackerHurt ? 2 : 0));
    return {
      ...who,
      attack: attack.id,
      modifiers: attackerHurt ? [{ why: 'hurt', value: -2 }] : [],
      total: 0,
      defense,
      automatic: true,
      dice: [{ d: 6, v: d6 }],
      hit: true,
      damage,
      ...hitWounds(attack, woundsFromDamage(damage, target.toWound), target),
    };
  }
  const d10 = dice(10);
  const modifiers = [...meleeModifiers(attack, attackerHurt, attackerConditions, targetFlanked), ...extra];
  const total = d10 + modifiers.reduce((sum, m) => sum + m.value, 0);
  const base = { ...who, attack: attack.id, modifiers, total, defense, ...(target.swimming ? { swimming: true as const } : {}) };
  if (total < defense) return { ...base, dice: [{ d: 10, v: d10 }], hit: false, damage: null, wounds: 0 };
  if (noDamageOf(attack)) return { ...base, dice: [{ d: 10, v: d10 }], hit: true, ...unharmed };
  const d6 = dice(6);
  const damage = d6 + attack.dmg.bonus;
  return {
    ...base,
    dice: [
      { d: 10, v: d10 },
      { d: 6, v: d6 },
    ],
    hit: true,
    damage,
    ...hitWounds(attack, woundsFromDamage(damage, target.toWound), target),
  };
}

/** Where an attack sits on a card: its "Or" group and the attack itself. */
export function findAttack(card: TroopCard, id: string): { group: number; attack: TroopAttack } | null {
  for (const [group, attacks] of card.attacks.entries()) {
    const attack = attacks.find((a) => a.id === id);
    if (attack) return { group, attack };
  }
  return null;
}

/**
 * Whether a troop may declare these strikes in one melee step (SC Melee a, SC Troops "Attacks"):
 * each names a melee attack of its card; of attacks joined by "Or" it uses one; and no attack strikes
 * more often than its #Atk. Each strike may name its own target (ruling SC7).
 */
export const checkMeleeDeclaration = (card: TroopCard, attackIds: readonly string[], troop: DeclaringTroop = {}): RuleError | null =>
  checkDeclaration(card, attackIds, 'melee', troop);

/** What of the declaring troop its declarations depend on: wounds taken (attacks that count them) and its movement order (Slow). */
export interface DeclaringTroop {
  readonly taken?: number;
  readonly moved?: TroopOrder | null;
}

/** SC App. B Slow: the troop may not have moved this turn; Aim and Reload keep it where it stands (ruling SC28). */
const movedThisTurn = (moved: TroopOrder | null | undefined): boolean => moved === 'move' || moved === 'run' || moved === 'slide' || moved === 'charge';

/** SC Melee c: projected attacks (Cone, Line, Aura, Fan) come from the attacker and are never made at the end of a charge. */
const PROJECTED: readonly string[] = TEMPLATE_SHAPES;

/**
 * How many times an attack strikes a turn (SC Troops "#Atk"): its number, or with "Number of attacks
 * equals health" the troop's wounds left, with "… half health" half of them rounded up (SC App. B).
 */
export function attacksOf(attack: TroopAttack, card: Pick<TroopCard, 'wounds'>, taken: number): number {
  const left = Math.max(0, card.wounds - taken);
  if (attack.qualities.some((q) => q.name === 'Number of attacks equals health')) return left;
  if (attack.qualities.some((q) => q.name === 'Number of attacks equals half health')) return Math.ceil(left / 2);
  return attack.atk;
}

/** Qualities both steps leave unplayed for now (the Usable… qualities are Flight's: rules/flight-attacks.ts). */
const UNPLAYED_EITHER: readonly string[] = [];

/**
 * Qualities an Area or projected attack does not play yet (ruling SC42): each troop under it rolls
 * its own damage in rules/area.ts and rules/projected.ts, which neither skip nor add a wound.
 */
const UNPLAYED_UNDER_TEMPLATE = ['No Damage', 'Draining'];

/**
 * Attack qualities (SC App. B) not played yet, by step: an attack with one is refused with a sentence
 * rather than played without it, whose result the rulebook would not give (rulings SC23, SC31).
 */
const NOT_PLAYED: Readonly<Record<'melee' | 'ranged', readonly string[]>> = {
  ranged: [...UNPLAYED_EITHER, 'Automatically hits'],
  melee: UNPLAYED_EITHER,
};

/** SC App. B Reach: a melee attack that reaches a target two squares away (rules/targets.ts withinReach). */
export const hasReach = (attack: TroopAttack): boolean => attack.qualities.some((q) => q.name === 'Reach');

/** SC App. B Automatically hits: no to-hit roll; the damage is rolled at −2 when the attacker is Hurt. */
export const hitsAutomatically = (attack: TroopAttack): boolean => attack.qualities.some((q) => q.name === 'Automatically hits');

/** The same for the attacks of one step of either kind: melee attacks have no range, ranged attacks one (SC Ranged a). */
export function checkDeclaration(card: TroopCard, attackIds: readonly string[], kind: 'melee' | 'ranged', troop: DeclaringTroop = {}): RuleError | null {
  const taken = troop.taken ?? 0;
  const chosen = new Map<number, string>();
  const count = new Map<string, number>();
  for (const id of attackIds) {
    const found = findAttack(card, id);
    if (!found) {
      const known = card.attacks.flat().map((a) => a.id);
      return ruleError('unknown-attack', `${card.name} has no attack "${id}"${known.length ? ` (it has ${known.join(', ')})` : ''}`);
    }
    const { group, attack } = found;
    // A projected attack is made in the melee step whether or not its card prints a range (SC Melee c, ruling SC45).
    const projected = attack.qualities.some((q) => PROJECTED.includes(q.name));
    if (kind === 'melee' && attack.range !== undefined && !projected)
      return ruleError('not-a-melee-attack', `${attack.name} is a ranged attack; the melee step takes melee attacks`);
    if (kind === 'ranged' && projected)
      return ruleError('projected-in-melee-step', `${attack.name} comes from the troop under a template: it is made in the melee step`);
    if (kind === 'ranged' && attack.range === undefined)
      return ruleError('not-a-ranged-attack', `${attack.name} is a melee attack; the ranged step takes ranged attacks`);
    // Told before "not played yet": after a charge a projected attack is refused for good (SC Melee c).
    if (kind === 'melee' && troop.moved === 'charge' && attack.qualities.some((q) => PROJECTED.includes(q.name)))
      return ruleError('projected-after-charge', `${attack.name} comes from the troop like a shot: only plain melee attacks follow a charge`);
    const templated = projected || attack.qualities.some((q) => q.name === 'Area');
    const unplayed = attack.qualities.find((q) => NOT_PLAYED[kind].includes(q.name) || (templated && UNPLAYED_UNDER_TEMPLATE.includes(q.name)));
    if (unplayed) return ruleError('quality-not-played', `${attack.name} has ${unplayed.name}, a quality the bot does not play yet`);
    if (attack.qualities.some((q) => q.name === 'Slow') && movedThisTurn(troop.moved))
      return ruleError('slow-after-moving', `${attack.name} is Slow: it is made only by a troop that has not moved this turn`);
    if (kind === 'melee' && attack.qualities.some((q) => q.name === 'Charge Only') && troop.moved !== 'charge')
      return ruleError('charge-only', `${attack.name} is made only by a troop that charged this turn`);
    const other = chosen.get(group);
    if (other !== undefined && other !== id) {
      const names = card.attacks[group]!.map((a) => a.name).join(' or ');
      return ruleError('one-of-or-attacks', `${card.name} makes one of ${names} in a turn, not two`);
    }
    chosen.set(group, id);
    const n = (count.get(id) ?? 0) + 1;
    const most = attacksOf(attack, card, taken);
    if (n > most) {
      const times = most === 0 ? 'no more' : most === 1 ? 'once' : `${most} times`;
      const why = most === attack.atk ? '' : ', as many as its wounds left allow';
      return ruleError('too-many-attacks', `${attack.name} strikes ${times} a turn${why}`);
    }
    count.set(id, n);
  }
  return null;
}

/** A troop on the table as the melee step needs it: its card, the wounds it has taken and the conditions it carries. */
export interface Fighter {
  /** Its card as rolls against it read it: a swimmer's with its Defenses lowered and `swimming` set (rules/water.ts). */
  readonly card: TroopCard & { readonly swimming?: true };
  readonly taken: number;
  readonly conditions?: readonly Condition[];
}

export interface DeclaredStrike {
  readonly attacker: string;
  readonly attack: string;
  readonly target: string;
  /** A Sweep attack's turn and squares (rules/sweep.ts); clockwise and its whole size when left out. */
  readonly sweep?: SweepAim;
}
