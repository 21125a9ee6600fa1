/**
 * A whole melee step resolved (SC Melee b, c, d): the declared strikes in the order declared, plain
 * strikes (rules/melee.ts), projected attacks (rules/projected.ts) and sweeps (rules/sweep.ts) alike,
 * every effect applied after all have resolved.
 */
import type { Dice } from './dice';
import { type DeclaredStrike, type Fighter, findAttack, strike, type StrikeOutcome } from './melee';
import { isFlanked } from './flanking';
import { isProjected, type ProjectedOutcome, project } from './projected';
import { type SweepTurn, sweepSize, sweepSquares, sweptTroops } from './sweep';
import type { ScTable } from './table';
import type { TroopAttack } from '../formats/troop-card';
import { isHurt, isRemoved } from './wounds';

/**
 * A strike of the melee step. A projected attack's `target` is the troop it was aimed at, `hit`
 * whether it hit anyone and `wounds` all it dealt; `projected` says whom (SC Melee c).
 */
export interface MeleeStrike extends StrikeOutcome {
  readonly projected?: ProjectedOutcome;
  /** A Sweep attack's squares in the order struck (null off the board) and a strike at each troop in them (SC App. B Sweep). */
  readonly swept?: SweepOutcome;
}

export interface SweepOutcome {
  readonly turn: SweepTurn;
  readonly squares: readonly (number | null)[];
  readonly strikes: readonly StrikeOutcome[];
}

/** A Sweep attack declared at `d.target`: one strike, with its own d10 and d6, at each troop in the squares it sweeps, friend or foe (ruling SC49). */
function sweep(dice: Dice, table: ScTable, fighters: ReadonlyMap<string, Fighter>, d: DeclaredStrike, attack: TroopAttack, size: number): MeleeStrike {
  const attacker = fighters.get(d.attacker)!;
  const aim = d.sweep ?? { turn: 'clockwise' as const };
  const target = table.pieces.get(d.target)!;
  const squares = sweepSquares(table, table.pieces.get(d.attacker)!, size, target, aim);
  const hurt = isHurt(attacker.taken, attacker.card.wounds);
  // Each troop swept is struck at +1 when it is flanked by its own enemies (SC Flanking), friend or foe of the attacker.
  const strikes = sweptTroops(table, squares, d.attacker, target).map((p) =>
    strike(dice, { attacker: d.attacker, target: p.id }, attack, hurt, fighters.get(p.id)!.card, attacker.conditions, isFlanked(table, p)),
  );
  const wounds = strikes.reduce((n, k) => n + k.wounds, 0);
  return {
    ...d,
    dice: [],
    modifiers: [],
    total: 0,
    defense: 0,
    hit: strikes.some((k) => k.hit),
    damage: null,
    wounds,
    swept: { turn: aim.turn, squares, strikes },
  };
}

export interface MeleeStepResult {
  readonly strikes: readonly MeleeStrike[];
  /** Wounds taken after the step, for every fighter that took any. */
  readonly taken: ReadonlyMap<string, number>;
  /** Fighters whose wounds reached their Wounds, in the order they were first struck. */
  readonly removed: readonly string[];
}

/**
 * Resolves the declared strikes in order (SC Melee d) and only then applies their wounds (SC Melee b):
 * every strike is rolled with the attacker's and target's state from before the step, so a troop
 * removed in the step still strikes, and Hurt is as it was when the step began. `table` is where the
 * troops stood; a projected attack and a sweep need it, and without it no target counts as flanked
 * (SC Flanking; only bare-strike tests leave it out).
 */
export function resolveMeleeStep(dice: Dice, fighters: ReadonlyMap<string, Fighter>, declared: readonly DeclaredStrike[], table?: ScTable): MeleeStepResult {
  const fighterOf = (id: string): Fighter => {
    const f = fighters.get(id);
    if (!f) throw new Error(`melee step names ${id}, who is not on the table`);
    return f;
  };
  const strikes = declared.map((d): MeleeStrike => {
    const attacker = fighterOf(d.attacker);
    const found = findAttack(attacker.card, d.attack);
    if (!found) throw new Error(`${d.attacker} has no attack ${d.attack}; the declaration should have been refused`);
    const size = sweepSize(found.attack);
    if (!isProjected(found.attack) && size === null) {
      const flanked = table ? isFlanked(table, table.pieces.get(d.target)!) : false;
      return strike(dice, d, found.attack, isHurt(attacker.taken, attacker.card.wounds), fighterOf(d.target).card, attacker.conditions, flanked);
    }
    if (!table) throw new Error(`${d.attacker}'s ${d.attack} needs the table to know whom it reaches`);
    if (size !== null) return sweep(dice, table, fighters, d, found.attack, size);
    const projected = project(dice, { table, fighters }, d.attacker, found.attack, d.target);
    const wounds = projected.hits.reduce((n, h) => n + h.wounds, 0);
    const hit = projected.hits.some((h) => h.hit);
    return { ...d, dice: [], modifiers: [], total: 0, defense: 0, hit, damage: null, wounds, projected };
  });
  const taken = new Map<string, number>();
  const removed: string[] = [];
  const wound = (id: string, wounds: number) => {
    if (wounds === 0) return;
    const target = fighterOf(id);
    const after = (taken.get(id) ?? target.taken) + wounds;
    taken.set(id, after);
    if (isRemoved(after, target.card.wounds) && !removed.includes(id)) removed.push(id);
  };
  for (const s of strikes) {
    if (s.projected) for (const h of s.projected.hits) wound(h.troop, h.wounds);
    else if (s.swept) for (const k of s.swept.strikes) wound(k.target, k.wounds);
    else wound(s.target, s.wounds);
  }
  return { strikes, taken, removed };
}
