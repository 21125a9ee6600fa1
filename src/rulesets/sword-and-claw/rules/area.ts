/**
 * Area attacks (SC Area attacks; SC App. B Area; SC Shields; rulings SC24–SC26, SC101): the shot is rolled
 * against a target number of 5 instead of a defence; on a hit every troop with a square in the area,
 * friend or foe, takes its own damage roll; on a miss the area's centre deviates by what the roll
 * missed by, in a direction a d8 gives, never further than half the range to the aimed square, and
 * an area that lands beyond the weapon's Long range does half damage (rounded up). At a flyer at Low or
 * High it lands at the flyer's level (ruling SC101).
 */
import { CLOCKWISE_STEPS } from '../../../engine/board';
import type { Roll } from '../../../engine/dice';
import type { TroopAttack } from '../formats/troop-card';
import type { Dice } from './dice';
import type { DeclaredStrike, Fighter, Modifier } from './melee';
import { inchesBetween } from './sight';
import { heightRange } from './altitude';
import { actingLevel, pieceLevel, type ScTable } from './table';
import { troopsAt } from './template-reach';
import { woundsFromDamage } from './wounds';

/** SC Area attacks: an area shot hits on this total, whatever the target. */
export const AREA_TARGET_NUMBER = 5;

/** The attack's Area size (its width in squares: Area 2 is 2×2), or null for an attack without it. */
export const areaSize = (attack: TroopAttack): number | null => attack.qualities.find((q) => q.name === 'Area')?.value ?? null;

/** A d8's directions on the grid (ruling SC25): 1 is up the map (north), then clockwise. */
export const DEVIATION_DIRECTIONS = CLOCKWISE_STEPS;

/** One troop an area hit: its own d6 and what it did. */
export interface AreaHit {
  readonly troop: string;
  readonly d6: number;
  /** The attack's damage bonus. */
  readonly bonus: number;
  /** d6 + the bonus, halved (rounded up) when the area landed past Long range. */
  readonly damage: number;
  readonly wounds: number;
  /** The troop's shield raised its To Wound numbers by 1 (SC Shields). */
  readonly shield: boolean;
}

export interface AreaOutcome {
  /** The square the area was aimed at: the target's top-left (ruling SC24). */
  readonly aimed: number;
  /** Where its centre landed, or null when it deviated off the board (it then hits nothing). */
  readonly centre: number | null;
  /** Squares it deviated by (0 on a hit), and the d8 that gave the direction (null when it did not deviate). */
  readonly deviated: number;
  readonly direction: number | null;
  /** It landed past the weapon's Long range: half damage. */
  readonly half: boolean;
  /** The squares it covers on the board, in board order. */
  readonly squares: readonly number[];
  /** Every troop with a square under it where it landed, friend or foe: on target, or where it deviated to. */
  readonly hits: readonly AreaHit[];
}

/** The squares of an area of `size` centred on (col, row), on the board (ruling SC24): an even size sits down and right of the centre. */
export function areaSquares(table: ScTable, col: number, row: number, size: number): number[] {
  const { width, height } = table.board;
  const first = Math.floor((size - 1) / 2);
  const out: number[] = [];
  for (let r = row - first; r < row - first + size; r++)
    for (let c = col - first; c < col - first + size; c++) if (c >= 0 && r >= 0 && c < width && r < height) out.push(r * width + c);
  return out;
}

/**
 * Where an area lands and whom it hits, after its d10 `total` (SC Area attacks). `inches` is the
 * range to the aimed square; the d8 and each troop's d6 are rolled in that order and pushed to `rolls`.
 * Aimed at a troop at Low or High it acts at that level alone, on a hit or a miss, and the inches the
 * target is higher count in its range for how far it may deviate and for half damage (ruling SC101).
 */
export function landArea(
  dice: Dice,
  t: { readonly table: ScTable; readonly fighters: ReadonlyMap<string, Fighter> },
  d: DeclaredStrike,
  attack: TroopAttack,
  total: number,
  inches: number,
  rolls: Roll[],
): AreaOutcome {
  const { table } = t;
  const shooter = table.pieces.get(d.attacker)!;
  const target = table.pieces.get(d.target)!;
  const aimed = target.at;
  const extra = heightRange(pieceLevel(shooter), pieceLevel(target));
  const width = table.board.width;
  let [col, row] = [aimed % width, Math.floor(aimed / width)];
  const deviated = total >= AREA_TARGET_NUMBER ? 0 : Math.min(AREA_TARGET_NUMBER - total, Math.floor((inches + extra) / 2));
  let direction: number | null = null;
  if (deviated > 0) {
    direction = dice(8);
    rolls.push({ d: 8, v: direction });
    const [dc, dr] = DEVIATION_DIRECTIONS[direction - 1]!;
    [col, row] = [col + dc * deviated, row + dr * deviated];
  }
  const onBoard = col >= 0 && row >= 0 && col < width && row < table.board.height;
  const centre = onBoard ? row * width + col : null;
  const size = areaSize(attack) ?? 1;
  const squares = areaSquares(table, col, row, size);
  const half = centre !== null && inchesBetween(table, shooter, { id: '', player: '', size: 'small', at: centre }) + extra > attack.range!.long;
  const hits = (centre === null ? [] : troopsAt(table, actingLevel(pieceLevel(target)), squares, '')).map((p): AreaHit => {
    const d6 = dice(6);
    rolls.push({ d: 6, v: d6 });
    const full = d6 + attack.dmg.bonus;
    const damage = half ? Math.ceil(full / 2) : full;
    const card = t.fighters.get(p.id)!.card;
    return { troop: p.id, d6, bonus: attack.dmg.bonus, damage, wounds: woundsFromDamage(damage, card.toWound, card.shield ? 1 : 0), shield: card.shield };
  });
  return { aimed, centre, deviated, direction, half, squares, hits };
}

/** An area shot's modifiers: the ranged ones but the shot into melee, which aims at no one troop (ruling SC26). */
export const areaModifiers = (modifiers: readonly Modifier[]): Modifier[] => modifiers.filter((m) => m.why !== 'into melee');
