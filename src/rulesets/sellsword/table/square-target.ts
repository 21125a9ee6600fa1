/**
 * A square typed as the target of an attack that strikes a unit (only a burst is aimed at a square,
 * R24): players read squares off the map, so the one enemy standing there that the attack can strike
 * now is taken as meant, as if its label were typed. The suggestions and /attack ask this one module.
 */
import type { ActCommand, GameState } from '../engine';
import { boardOf, squaresOf, unitLegalActs } from '../engine';
import { parseSquare, squareName } from '../../../formats/squares';
import { squareIndex } from '../../../engine';

const ATTACKS = new Set(['attack'] as const);

/**
 * The id of the one unit on the square `typed` that one of `legal` (the unit's legal attack commands,
 * of the attack given) strikes, a charge at it included (R23); null when `typed` is a unit's label, not
 * a square, or the square has no such unit (free, an ally's, an enemy out of reach).
 */
export function strikableOnSquare(game: GameState, legal: readonly ActCommand[], typed: unknown): string | null {
  const text = String(typed ?? '').trim();
  const c = parseSquare(text);
  if (game.units[text.toLowerCase()] || !c) return null;
  const at = squareIndex(boardOf(game), squareName(c));
  if (at === null) return null;
  const targets = new Set(legal.flatMap((cmd) => ('target' in cmd && cmd.act === 'attack' && cmd.target !== undefined ? [cmd.target] : [])));
  const here = [...targets].filter((t) => game.units[t] && squaresOf(game, game.units[t]).includes(at));
  return here.length === 1 ? here[0]! : null;
}

/** strikableOnSquare for `/attack` as typed: the legal commands of `unitId` with `attackId`, asked of that unit alone. */
export function strikableOnSquareFor(game: GameState, unitId: string, attackId: string, typed: string): string | null {
  const legal = unitLegalActs(game, unitId, ATTACKS).filter((c): c is ActCommand => 'act' in c && c.act === 'attack' && c.attack === attackId);
  return strikableOnSquare(game, legal, typed);
}
