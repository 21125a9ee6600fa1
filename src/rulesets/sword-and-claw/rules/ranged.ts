/**
 * The ranged step's shots (SC Ranged a, c, d, f; SC To-Hit, ranged; SC Attacks 1–4; SC Hurt; rulings
 * SC16–SC20): who may shoot whom, one shot's to-hit with its range bracket, cover and the shot into
 * melee, and a whole step resolved in the order declared with every effect applied after all.
 */
import type { RangeBrackets, TroopAttack, TroopCard } from '../formats/troop-card';
import type { Roll } from '../../../engine/dice';
import { ruleError, type RuleError } from '../../../engine/errors';
import type { Dice } from './dice';
import { checkDeclaration, type DeclaredStrike, entangledModifier, type Fighter, findAttack, hitWounds, type Modifier, noDamageOf } from './melee';
import type { Condition } from './conditions';
import type { AfterMove, TroopOrder } from './movement';
import { areAdjacent } from './opportunity';
import { coverPenalty, inchesBetween, lineOfSight, type ScSight } from './sight';
import type { Piece, ScTable } from './table';
import { isHurt, isRemoved, woundsFromDamage } from './wounds';
import { readiedModifiers, readiedWaivesMelee } from './readied';
import { AREA_TARGET_NUMBER, areaModifiers, areaSize, landArea, type AreaOutcome } from './area';
import { type DirectFlight, type FlightRoll, flyOn, hasDirectLine } from './direct-line';
import { heightRange as heightRangeOf, heightsAbove } from './altitude';
import { checkFlightAttack } from './flight-attacks';
import { hasIndirectFire, INDIRECT_FIRE_MODIFIER, shotSight } from './indirect-fire';
import { pieceLevel } from './table';

export type RangeBand = 'short' | 'medium' | 'long';

/** SC Ranged: Short up to the first number, Medium up to the second, Long up to the third; null beyond. */
export function rangeBand(range: RangeBrackets, inches: number): RangeBand | null {
  if (inches <= range.short) return 'short';
  if (inches <= range.medium) return 'medium';
  return inches <= range.long ? 'long' : null;
}

/** The troops next to `troop` on `table`, other than those listed, in board order of their top-left squares. */
function besides(table: ScTable, troop: Piece, except: readonly string[]): Piece[] {
  return [...table.pieces.values()].filter((p) => p.id !== troop.id && !except.includes(p.id) && areAdjacent(table, troop, p)).sort((a, b) => a.at - b.at);
}

/** SC App. B Requires Reload: a weapon with it cannot shoot again until it is reloaded. */
export const needsReload = (attack: TroopAttack): boolean => attack.qualities.some((q) => q.name === 'Requires Reload');

/** A troop's Ranged Defense: its card's, +1 for a Skeleton, which shots pass through (SC App. A Skeleton). */
export const rangedDefense = (card: Pick<TroopCard, 'defense' | 'qualities'>): number => card.defense.ranged + (card.qualities.includes('Skeleton') ? 1 : 0);

/** SC Ranged a: a troop with an enemy next to it makes no ranged attack. */
export const enemyAdjacent = (table: ScTable, troop: Piece): boolean => besides(table, troop, []).some((p) => p.player !== troop.player);

/**
 * The troops a shot at `target` counts as in melee with it (SC Ranged f): those next to it, but a
 * hovering target only with other hovering troops (SC Flight Hover).
 */
const engagedWith = (table: ScTable, target: Piece, except: readonly string[]): Piece[] =>
  besides(table, target, except).filter((p) => pieceLevel(target) !== 'hover' || pieceLevel(p) === 'hover');

/** SC Ranged f: the target stands next to a troop of the shooter's side (other than the shooter). */
const intoMelee = (table: ScTable, shooter: Piece, target: Piece): boolean => engagedWith(table, target, [shooter.id]).some((p) => p.player === shooter.player);

/** SC Flight: inches a shot's range is counted longer, 2 for each height the target is above the shooter. */
const heightRange = (shooter: Piece, target: Piece): number => heightRangeOf(pieceLevel(shooter), pieceLevel(target));

/**
 * SC To-Hit, ranged: skill, Aim, Hurt, Entangled (SC Conditions), the range bracket, cover, light
 * cover, the shot into melee, and −1 for each flight altitude the target is above the shooter (SC Flight).
 */
export function rangedModifiers(
  attack: TroopAttack,
  shooter: { readonly hurt: boolean; readonly aimed: boolean; readonly conditions?: readonly Condition[] },
  band: RangeBand,
  sight: ScSight,
  melee: boolean,
  heights = 0,
): Modifier[] {
  const out: Modifier[] = [{ why: 'skill', value: attack.toHit }];
  if (shooter.aimed) out.push({ why: 'aim', value: 1 });
  const shooterHurt = shooter.hurt;
  if (shooterHurt) out.push({ why: 'hurt', value: -1 });
  out.push(...entangledModifier(shooter.conditions));
  if (band === 'medium') out.push({ why: 'medium range', value: -1 });
  if (band === 'long') out.push({ why: 'long range', value: -2 });
  if (sight.cover > 0) out.push({ why: 'cover', value: -sight.cover });
  if (sight.light > 0) out.push({ why: 'light cover', value: -Math.ceil(sight.light / 2) });
  if (melee) out.push({ why: 'into melee', value: -2 });
  if (heights > 0) out.push({ why: 'target higher', value: -heights });
  return out;
}

/**
 * Whether `shooter` may declare a shot with `attackId` at `targetId` (SC Ranged a): its movement left
 * it the ranged step, no enemy stands next to it (unless it shoots Readied), the attack is one of its ranged attacks within its
 * "Or" and #Atk with the shots it has declared already (`before`), the target is an enemy it sees,
 * and within Long range.
 */
export function checkShot(
  table: ScTable,
  shooter: Piece,
  card: TroopCard,
  after: AfterMove,
  shot: {
    readonly attack: string;
    readonly target: string;
    readonly before: readonly string[];
    readonly unloaded?: readonly string[];
    readonly taken?: number;
    readonly moved?: TroopOrder | null;
    /** A Readied shot of the inactive side, which an enemy next to the shooter does not stop (SC Ranged a). */
    readonly readied?: boolean;
  },
): RuleError | null {
  if (!after.ranged) return ruleError('no-shooting-after-moving', `${shooter.id} ran, slid or charged this turn, so it makes no ranged attack`);
  if (!shot.readied && enemyAdjacent(table, shooter)) return ruleError('enemy-adjacent', `${shooter.id} has an enemy next to it, so it cannot shoot`);
  const declaration = checkDeclaration(card, [...shot.before, shot.attack], 'ranged', { taken: shot.taken ?? 0, moved: shot.moved ?? null });
  if (declaration) return declaration;
  const attack = findAttack(card, shot.attack)!.attack;
  if (shot.unloaded?.includes(attack.id)) return ruleError('needs-reload', `${shooter.id}'s ${attack.name} was fired and must be reloaded first`);
  const target = table.pieces.get(shot.target);
  if (!target) return ruleError('unknown-target', `no troop "${shot.target}" on the table`);
  if (target.player === shooter.player) return ruleError('not-an-enemy', `${target.id} is on ${shooter.id}'s side`);
  const flight = checkFlightAttack(shooter, attack, target);
  if (flight) return flight;
  const inches = inchesBetween(table, shooter, target);
  const reckoned = inches + heightRange(shooter, target);
  if (rangeBand(attack.range!, reckoned) === null) {
    const up = reckoned > inches ? ` (${reckoned} counting its height)` : '';
    return ruleError('out-of-range', `${target.id} is ${inches} inches away${up}; ${attack.name} reaches ${attack.range!.long}`);
  }
  if (shotSight(table, shooter, target, attack) === null)
    return hasIndirectFire(attack)
      ? ruleError('no-spotter', `${shooter.id} cannot see ${target.id}, and no troop of its side sees it to call the Indirect Fire`)
      : ruleError('no-line-of-sight', `${shooter.id} cannot see ${target.id}`);
  return null;
}

export interface ShotOutcome {
  readonly attacker: string;
  readonly attack: string;
  readonly target: string;
  /** The d10; the die that chose the troop hit instead, when one was rolled; the d6 when it hit. */
  readonly dice: readonly Roll[];
  readonly inches: number;
  readonly band: RangeBand;
  readonly modifiers: readonly Modifier[];
  /** The d10 plus the modifiers, against the target's Ranged Defense. */
  readonly total: number;
  readonly defense: number;
  readonly hit: boolean;
  /** Who took the damage: the target, or the troop next to it a shot into melee hit instead (SC Ranged f); null on a miss. */
  readonly struck: string | null;
  /** What that troop's To Wound numbers were raised by: the cover it had that the target had not (SC Ranged f). */
  readonly plus: number;
  /** The d6 plus the bonus; null on a miss, and on a hit of an attack with No Damage (no d6 is rolled). */
  readonly damage: number | null;
  /** The wounds it did, Draining's one more among them. */
  readonly wounds: number;
  /** A hit of an attack with No Damage (SC App. B): no damage roll, no wound. */
  readonly noDamage?: boolean;
  /** Draining added its one wound (SC App. B Draining). */
  readonly drained?: boolean;
  /** The target was swimming: its Ranged Defense was lowered (SC Swimming), which the roll's words say. */
  readonly swimming?: true;
  /** An Area attack's landing and the troops under it (rules/area.ts); its wounds are theirs, not `struck`'s. */
  readonly area?: AreaOutcome;
  /** A missed Direct Line shot's flight (rules/direct-line.ts): `struck` is the troop it hit there, if any. */
  readonly direct?: DirectFlight;
}

export interface ShotTroops {
  readonly table: ScTable;
  readonly fighters: ReadonlyMap<string, Fighter>;
  /** The troops that aimed in the movement step (SC Ranged h). */
  readonly aimed?: ReadonlySet<string>;
  /** The inactive side's troops shooting with a Readied attack (SC Readied Actions). */
  readonly readied?: ReadonlySet<string>;
  /**
   * The troops that were in melee (an enemy next to them) as the movement step began (ruling SC58):
   * a Readied shot at any other troop takes no −2 and hits nobody else for it. Left out: not known,
   * so a Readied shot is treated as any other.
   */
  readonly meleeBefore?: ReadonlySet<string>;
}

/** SC Ranged f: a shot into melee that missed by its −2 alone hits a troop next to the target, chosen by a die. */
function strayTarget(dice: Dice, t: ShotTroops, shooter: Piece, target: Piece, rolls: Roll[]): Piece | null {
  const near = engagedWith(t.table, target, [shooter.id]);
  if (near.length === 0) return null;
  if (near.length === 1) return near[0]!;
  const v = dice(near.length);
  rolls.push({ d: near.length, v });
  return near[v - 1]!;
}

/** What a shot is rolled with before its d10: range, bracket, sight, the shot into melee, the modifiers and the defence. */
export interface ShotAim {
  readonly inches: number;
  readonly band: RangeBand;
  readonly sight: ScSight;
  readonly melee: boolean;
  /** Shot over the terrain at a target the shooter cannot see (SC App. B Indirect Fire): no cover, −4. */
  readonly indirect: boolean;
  readonly modifiers: readonly Modifier[];
  readonly defense: number;
}

/** `first`: whether this is the shooter's first shot of the turn, the one Aim helps (SC Ranged h). */
export function aimShot(t: ShotTroops, d: DeclaredStrike, first = true): ShotAim {
  const [shooter, target] = [t.table.pieces.get(d.attacker)!, t.table.pieces.get(d.target)!];
  const fighter = t.fighters.get(d.attacker)!;
  const attack = findAttack(fighter.card, d.attack)!.attack;
  const inches = inchesBetween(t.table, shooter, target);
  const band = rangeBand(attack.range!, inches + heightRange(shooter, target)) ?? 'long';
  // Over the terrain for a friend that sees the target (SC App. B Indirect Fire): no cover, −4.
  const seen = shotSight(t.table, shooter, target, attack) ?? { sight: lineOfSight(t.table, shooter, target), indirect: false };
  const sight = seen.sight;
  const waived = readiedWaivesMelee(t.readied?.has(d.attacker) ?? false, t.meleeBefore, target.id);
  const melee = !waived && intoMelee(t.table, shooter, target);
  const heights = heightsAbove(pieceLevel(shooter), pieceLevel(target));
  const shooterState = {
    hurt: isHurt(fighter.taken, fighter.card.wounds),
    aimed: first && (t.aimed?.has(d.attacker) ?? false),
    ...(fighter.conditions ? { conditions: fighter.conditions } : {}),
  };
  const modifiers = [
    ...rangedModifiers(attack, shooterState, band, sight, melee, heights),
    ...readiedModifiers(t.readied?.has(d.attacker) ?? false, enemyAdjacent(t.table, shooter)),
    ...(seen.indirect ? [INDIRECT_FIRE_MODIFIER] : []),
  ];
  // An Area attack aims at the ground under the target: against 5, and never into melee (ruling SC26).
  const { indirect } = seen;
  if (areaSize(attack) !== null) return { inches, band, sight, melee: false, indirect, modifiers: areaModifiers(modifiers), defense: AREA_TARGET_NUMBER };
  return { inches, band, sight, melee, indirect, modifiers, defense: rangedDefense(t.fighters.get(d.target)!.card) };
}

/** One shot (SC Attacks 1–4 with the ranged modifiers), rolled with the troops as they stood when the step began. */
export function shoot(dice: Dice, t: ShotTroops, d: DeclaredStrike, first = true): ShotOutcome {
  const [shooter, target] = [t.table.pieces.get(d.attacker)!, t.table.pieces.get(d.target)!];
  const attack = findAttack(t.fighters.get(d.attacker)!.card, d.attack)!.attack;
  const { inches, band, sight, melee, modifiers, defense } = aimShot(t, d, first);
  const rolls: Roll[] = [];
  const d10 = dice(10);
  rolls.push({ d: 10, v: d10 });
  const total = d10 + modifiers.reduce((sum, m) => sum + m.value, 0);
  if (areaSize(attack) !== null) {
    const area = landArea(dice, t, d, attack, total, inches, rolls);
    const wounds = area.hits.reduce((n, h) => n + h.wounds, 0);
    return { ...d, inches, band, modifiers, total, defense, dice: rolls, hit: total >= defense, struck: null, plus: 0, damage: null, wounds, area };
  }
  const wet = t.fighters.get(d.target)!.card.swimming ? { swimming: true as const } : {};
  const base = { ...d, inches, band, modifiers, total, defense, ...wet };
  let struck: Piece | null = total >= defense ? target : null;
  let plus = 0;
  let direct: DirectFlight | undefined;
  if (struck === null && hasDirectLine(attack)) {
    // A Direct Line miss flies on instead of going astray into the melee (SC Ranged g, ruling SC52).
    const flight = { table: t.table, shooter, target, long: attack.range!.long };
    direct = flyOn(dice, flight, total, (p) => rollInFlight(dice, t, shooter, attack, p, rolls), rolls);
    const last = direct.rolls[direct.rolls.length - 1];
    if (last?.hit) struck = t.table.pieces.get(last.troop)!;
  } else if (struck === null && melee && total + 2 >= defense) {
    struck = strayTarget(dice, t, shooter, target, rolls);
    if (struck) plus = Math.max(0, coverPenalty(lineOfSight(t.table, shooter, struck)) - coverPenalty(sight));
  }
  const flew = direct ? { direct } : {};
  if (struck === null) return { ...base, dice: rolls, hit: false, struck: null, plus: 0, damage: null, wounds: 0, ...flew };
  if (noDamageOf(attack)) return { ...base, dice: rolls, hit: true, struck: struck.id, plus, damage: null, wounds: 0, noDamage: true, ...flew };
  const d6 = dice(6);
  rolls.push({ d: 6, v: d6 });
  const damage = d6 + attack.dmg.bonus;
  const struckCard = t.fighters.get(struck.id)!.card;
  return {
    ...base,
    dice: rolls,
    hit: true,
    struck: struck.id,
    plus,
    damage,
    ...hitWounds(attack, woundsFromDamage(damage, struckCard.toWound, plus), struckCard),
    ...flew,
  };
}

/**
 * A missed Direct Line shot rolled against a troop in its flight (ruling SC52): a shot's d10 with the
 * skill, Hurt, the range bracket and the cover of the shooter's lines to that troop, against its
 * Ranged Defense; no Aim (the first roll had it) and no shot into melee (nobody aimed at it).
 */
function rollInFlight(dice: Dice, t: ShotTroops, shooter: Piece, attack: TroopAttack, troop: Piece, rolls: Roll[]): FlightRoll {
  const fighter = t.fighters.get(shooter.id)!;
  const band = rangeBand(attack.range!, inchesBetween(t.table, shooter, troop) + heightRange(shooter, troop)) ?? 'long';
  const modifiers = rangedModifiers(
    attack,
    { hurt: isHurt(fighter.taken, fighter.card.wounds), aimed: false, ...(fighter.conditions ? { conditions: fighter.conditions } : {}) },
    band,
    lineOfSight(t.table, shooter, troop),
    false,
    heightsAbove(pieceLevel(shooter), pieceLevel(troop)),
  );
  const d10 = dice(10);
  rolls.push({ d: 10, v: d10 });
  const total = d10 + modifiers.reduce((sum, m) => sum + m.value, 0);
  const defense = rangedDefense(t.fighters.get(troop.id)!.card);
  return { troop: troop.id, dice: [{ d: 10, v: d10 }], modifiers, total, defense, hit: total >= defense };
}

export interface RangedStepResult {
  readonly shots: readonly ShotOutcome[];
  /** Wounds taken after the step, for every troop that took any. */
  readonly taken: ReadonlyMap<string, number>;
  /** Troops whose wounds reached their Wounds, in the order they were first struck. */
  readonly removed: readonly string[];
}

/**
 * Resolves the declared shots in order (SC Ranged c) and only then applies their wounds (SC Ranged
 * d): every shot is rolled on the table as it stood when the step began, so a troop removed in the
 * step still shoots and still stands in the way of others' shots.
 */
export function resolveRangedStep(dice: Dice, troops: ShotTroops, declared: readonly DeclaredStrike[]): RangedStepResult {
  const { fighters } = troops;
  const shots = declared.map((d, i) => shoot(dice, troops, d, !declared.slice(0, i).some((e) => e.attacker === d.attacker)));
  const taken = new Map<string, number>();
  const removed: string[] = [];
  const wound = (id: string, wounds: number) => {
    if (wounds === 0) return;
    const troop = fighters.get(id)!;
    const after = (taken.get(id) ?? troop.taken) + wounds;
    taken.set(id, after);
    if (isRemoved(after, troop.card.wounds) && !removed.includes(id)) removed.push(id);
  };
  for (const s of shots) {
    if (s.area) for (const h of s.area.hits) wound(h.troop, h.wounds);
    else if (s.struck !== null) wound(s.struck, s.wounds);
  }
  return { shots, taken, removed };
}
