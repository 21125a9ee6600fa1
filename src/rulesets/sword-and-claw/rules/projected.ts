/**
 * Projected attacks (SC Melee c; SC App. B Cone, Fan, Line, Aura, Automatically hits; SC Shields;
 * SC App. A Dispersed; rulings SC45–SC48): an attack that comes from the troop under a template
 * (rules/templates.ts), made in the melee step. It is declared at an enemy the template covers when
 * aimed at it; every other troop under it, friend or foe, is rolled against as well, each with its
 * own d10 against its Ranged Defense with the ranged modifiers its line from the attacker gives
 * (skill, Hurt, cover, light cover, −1 a height it is above the attacker: no range bracket, no shot
 * into melee, no flank), and its own d6. Which squares act, and at which level, is rules/template-reach.ts.
 * A troop hard blocking terrain hides from the attacker is sheltered and not rolled against.
 */
import type { Condition } from './conditions';
import type { Roll } from '../../../engine/dice';
import { ruleError, type RuleError } from '../../../engine/errors';
import type { TroopAttack } from '../formats/troop-card';
import type { Dice } from './dice';
import { checkFlightAttack } from './flight-attacks';
import { type Fighter, hitsAutomatically, type Modifier } from './melee';
import type { AfterMove } from './movement';
import { rangedDefense, rangedModifiers } from './ranged';
import { lineOfSight } from './sight';
import { heightsAbove } from './altitude';
import { type Piece, pieceLevel, type ScTable, spanOf } from './table';
import { type TemplateCover, templateCover } from './template-reach';
import { templateOf, type Template, type TemplateShape } from './templates';
import { footprint } from '../../../engine/footprint';
import { isHurt, woundsFromDamage } from './wounds';

/** One troop under a template: its roll to hit, and on a hit its d6 and wounds. */
export interface ProjectedHit {
  readonly troop: string;
  /** The d10 (none for an attack that hits automatically), then the d6 on a hit. */
  readonly dice: readonly Roll[];
  readonly modifiers: readonly Modifier[];
  /** The d10 plus the modifiers (0 when it hits automatically). */
  readonly total: number;
  /** The troop's Ranged Defense. */
  readonly defense: number;
  readonly automatic: boolean;
  readonly hit: boolean;
  readonly damage: number | null;
  readonly wounds: number;
  /** Its shield raised its To Wound numbers by 1: no defence was rolled against (SC Shields). */
  readonly shield: boolean;
}

export interface ProjectedOutcome {
  readonly shape: TemplateShape;
  readonly length: number;
  /** The squares the template affected, in the order rules/templates.ts gives them. */
  readonly squares: readonly number[];
  /** Aimed up to another level: the nearer half of the squares it covered, which had no effect (ruling SC96). */
  readonly passed?: readonly number[];
  /** Every troop under it the attacker sees, friend or foe, in board order of its top-left square. */
  readonly hits: readonly ProjectedHit[];
  /** Troops under it that hard blocking terrain hides from the attacker: the template does not reach them (ruling SC47). */
  readonly sheltered: readonly string[];
}

/** SC Melee c: the attack comes from the troop under a template. */
export const isProjected = (attack: TroopAttack): boolean => templateOf(attack) !== null;

/**
 * Whether a projected attack may be declared at `targetId` (ruling SC45): the troop's movement left
 * it the melee step, and the target is an enemy with a square under the template aimed at it, not hidden
 * from the attacker by hard blocking terrain.
 */
export function checkProjectedTarget(table: ScTable, attacker: Piece, attack: TroopAttack, targetId: string, after: AfterMove): RuleError | null {
  if (!after.melee) return ruleError('no-melee-after-moving', `${attacker.id} ran this turn (or slid and moved on), so it makes no melee attack`);
  const target = table.pieces.get(targetId);
  if (!target) return ruleError('unknown-target', `no troop "${targetId}" on the table`);
  if (target.player === attacker.player) return ruleError('not-an-enemy', `${target.id} is on ${attacker.id}'s side`);
  // Which levels it may be aimed at comes first: a template aimed where it may not go covers nothing to check.
  const flight = checkFlightAttack(attacker, attack, target);
  if (flight) return flight;
  const template = templateOf(attack)!;
  const cover = templateCover(table, attacker, template, target);
  if (!cover.troops.some((p) => p.id === target.id)) {
    // Ruling SC96: aimed up to another level, the nearer half of the template has no effect.
    if (passesUnder(table, cover, target))
      return ruleError('under-nearer-half', `${target.id} is too close: ${attack.name} aimed up at it has no effect on the nearer half of its squares`);
    return ruleError(
      'out-of-template',
      `${attack.name} (${template.shape} ${cover.length}${cover.length < template.length ? ', shorter aimed upwards' : ''}) does not reach ${target.id}`,
    );
  }
  if (!inSight(table, attacker, target)) return ruleError('no-line-of-sight', `${attacker.id} cannot see ${target.id} past the terrain`);
  return null;
}

/** Whether `target` has a square among the nearer half a template passes over (ruling SC96). */
const passesUnder = (table: ScTable, cover: TemplateCover, target: Piece): boolean =>
  footprint(table.board, target.at, spanOf(target.size)).some((s) => cover.passed.includes(s));

/**
 * Whether the template reaches `troop` (ruling SC47): hard blocking terrain does not hide it from the
 * attacker, judged as line of sight with no other troop on the table. Troops between give cover to
 * the roll, as they do to a shot, but never shelter a troop from a template that covers its square.
 */
function inSight(table: ScTable, attacker: Piece, troop: Piece): boolean {
  const two = new Set([attacker.id, troop.id]);
  const alone: ScTable = {
    ...table,
    pieces: new Map([...table.pieces].filter(([id]) => two.has(id))),
    occupant: table.occupant.map((id) => (id !== null && two.has(id) ? id : null)),
  };
  return lineOfSight(alone, attacker, troop).visible;
}

/** Of the troops under a template, those it reaches: not hidden from the attacker by hard blocking terrain (ruling SC47). */
export const reachedTroops = (table: ScTable, attacker: Piece, under: readonly Piece[]): Piece[] => under.filter((p) => inSight(table, attacker, p));

/** One troop under the template, rolled against as SC Melee c and SC App. B Automatically hits say. */
function rollAgainst(
  dice: Dice,
  table: ScTable,
  attacker: Piece,
  attack: TroopAttack,
  shooter: { readonly hurt: boolean; readonly conditions?: readonly Condition[] },
  troop: Piece,
  fighter: Fighter,
): ProjectedHit {
  const hurt = shooter.hurt;
  const card = fighter.card;
  const defense = rangedDefense(card);
  // A projected attack that affects whole squares deals its full wounds to a Dispersed troop (SC App. A Dispersed).
  if (hitsAutomatically(attack)) {
    const d6 = dice(6);
    const damage = Math.max(0, d6 + attack.dmg.bonus - (hurt ? 2 : 0));
    const base = { troop: troop.id, modifiers: hurt ? [{ why: 'hurt' as const, value: -2 }] : [], total: 0, defense, automatic: true, hit: true };
    return { ...base, dice: [{ d: 6, v: d6 }], damage, wounds: woundsFromDamage(damage, card.toWound, card.shield ? 1 : 0), shield: card.shield };
  }
  // The attacker's own state: Hurt, and Entangled's −2 to its attacks (SC Conditions).
  // Aimed up, −1 a height the troop is above the attacker, as a shot is (SC Flight; ruling SC96).
  const up = heightsAbove(pieceLevel(attacker), pieceLevel(troop));
  const modifiers = rangedModifiers(attack, { ...shooter, aimed: false }, 'short', lineOfSight(table, attacker, troop), false, up);
  const d10 = dice(10);
  const total = d10 + modifiers.reduce((n, m) => n + m.value, 0);
  const base = { troop: troop.id, modifiers, total, defense, automatic: false, shield: false };
  if (total < defense) return { ...base, dice: [{ d: 10, v: d10 }], hit: false, damage: null, wounds: 0 };
  const d6 = dice(6);
  const damage = d6 + attack.dmg.bonus;
  const rolls: Roll[] = [
    { d: 10, v: d10 },
    { d: 6, v: d6 },
  ];
  return { ...base, dice: rolls, hit: true, damage, wounds: woundsFromDamage(damage, card.toWound) };
}

/** A projected attack aimed at `target`, rolled against every troop under it in board order (rulings SC45–SC48). */
export function project(
  dice: Dice,
  t: { readonly table: ScTable; readonly fighters: ReadonlyMap<string, Fighter> },
  attackerId: string,
  attack: TroopAttack,
  targetId: string,
): ProjectedOutcome {
  const { table } = t;
  const [attacker, target] = [table.pieces.get(attackerId)!, table.pieces.get(targetId)!];
  const template: Template = templateOf(attack)!;
  const cover = templateCover(table, attacker, template, target);
  const me = t.fighters.get(attackerId)!;
  const hurt = isHurt(me.taken, me.card.wounds);
  const under = cover.troops;
  const seen = reachedTroops(table, attacker, under);
  const shooter = { hurt, ...(me.conditions ? { conditions: me.conditions } : {}) };
  const hits = seen.map((p) => rollAgainst(dice, table, attacker, attack, shooter, p, t.fighters.get(p.id)!));
  const sheltered = under.filter((p) => !seen.includes(p)).map((p) => p.id);
  const passed = cover.passed.length > 0 ? { passed: cover.passed } : {};
  return { shape: template.shape, length: cover.length, squares: cover.squares, ...passed, hits, sheltered };
}
