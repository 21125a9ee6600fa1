/**
 * Warleader [x] (§4.7): a unit with x warleader dice a round. A die rerolls a d20 and the reroll
 * stands. Two uses: a losing tactics check (R6, the player's highest-rated Warleader), and, as a
 * Reaction, an adjacent friendly unit's failed recovery roll. Both count against the same x.
 */
import { canReact } from './reactions';
import type { GameState, PlayerId, UnitState } from './state';
import { profile } from './stats';
import { areAdjacent } from './targeting';

/** The unit's Warleader rating: the highest its live traits give (0 without the trait). */
export function warleaderDice(state: GameState, unit: UnitState): number {
  let dice = 0;
  for (const t of profile(state, unit).traits) if (t.trait === 'warleader' && t.dice > dice) dice = t.dice;
  return dice;
}

/** Dice the unit has not spent this round. */
export const diceLeft = (state: GameState, unit: UnitState): number => Math.max(0, warleaderDice(state, unit) - unit.warleaderUsed);

/** R6: the player's highest-rated Warleader on the map (ties: the less injured), or null. */
export function topWarleader(state: GameState, player: PlayerId): UnitState | null {
  let best: UnitState | null = null;
  for (const u of Object.values(state.units)) {
    if (u.player !== player || u.dropped || u.at === null) continue;
    const dice = warleaderDice(state, u);
    if (dice === 0) continue;
    const bestDice = best === null ? 0 : warleaderDice(state, best);
    if (dice > bestDice || (dice === bestDice && u.injuries.length < best!.injuries.length)) best = u;
  }
  return best;
}

/**
 * §4.7 third use: the Warleader that may give `unit` a die after it failed a recovery roll, or null.
 * It must be adjacent, on the same player's side (the die helps the unit recover), have a die left,
 * and be able to React with a ★ token to spend: the rule says "as a Reaction", and a reaction spends a
 * react token (§5), so ★ is read as the react token. Stunned, Helpless and Glamyred units may not
 * React. Several qualify: the first in board order is asked.
 */
export function recoveryWarleader(state: GameState, unit: UnitState): UnitState | null {
  const helpers = Object.values(state.units)
    .filter((w) => w.id !== unit.id && w.player === unit.player && canReact(w) && diceLeft(state, w) > 0 && areAdjacent(state, w, unit))
    .sort((a, b) => a.at! - b.at!);
  return helpers[0] ?? null;
}

/**
 * Why `player` has no tactics reroll this round, when a Warleader of theirs is the reason (R6), or
 * null: a warband that never had one is not told so every round. `names` labels a unit as players see it.
 */
export function whyNoTacticsReroll(state: GameState, player: PlayerId, names: (unit: UnitState) => string): string | null {
  const top = topWarleader(state, player);
  if (top !== null) return diceLeft(state, top) > 0 ? null : `${names(top)} has spent its Warleader dice this round`;
  const away = Object.values(state.units).filter((u) => u.player === player && (u.dropped || u.at === null) && warleaderDice(state, u) > 0);
  if (away.length === 0) return null;
  const where = (u: UnitState) => (u.dropped ? 'is dropped' : 'has not entered the map');
  return away.map((u) => `${names(u)}, the Warleader, ${where(u)}`).join(' and ');
}
