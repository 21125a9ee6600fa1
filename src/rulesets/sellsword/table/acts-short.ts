/**
 * The attacks the engine refuses a unit now only for want of acts (R8: a Dawnburst takes 2 and the
 * unit has 1 left), with the engine's own reason (needActsLeft's words). A list that left them out
 * said nothing of them: a tester with one act left never saw the Priest's Dawnburst, nor why (issue 26).
 */
import { attackRefusal, findAttack, type GameState, profile, unitOf } from '../engine';
import { reasonInMapLabels } from './map-labels';

export interface ShortOfActs {
  readonly attack: string;
  /** The engine's refusal as a suggestion's clause: "PD has 1 act left; Dawnburst needs 2 acts". */
  readonly words: string;
}

/** `attack`: that attack alone, else each of the unit's attacks (of its profile now). */
export function attacksShortOfActs(game: GameState, id: string, attack?: string): ShortOfActs[] {
  const unit = game.units[id];
  if (!unit) return [];
  const ids = attack !== undefined ? [attack] : profile(game, unitOf(game, id)).attacks.map((a) => a.id);
  return ids.flatMap((a) => {
    // Only an attack of more than one act: with no act left at all, every attack is refused alike and the list says so once.
    if ((findAttack(game, unit, a)?.acts ?? 1) <= 1) return [];
    const refusal = attackRefusal(game, id, a);
    return refusal?.code === 'no-acts-left' ? [{ attack: a, words: reasonInMapLabels(game, refusal.message) }] : [];
  });
}

/** The attack of these a typed text names (its id, its id as a carried value keeps it, or its name), if any. */
export function shortNamed(game: GameState, id: string, short: readonly ShortOfActs[], typed: unknown, carried: number): ShortOfActs | undefined {
  const text = String(typed ?? '')
    .trim()
    .toLowerCase();
  if (text === '') return undefined;
  const unit = unitOf(game, id);
  return short.find((s) => text === s.attack || text === s.attack.slice(0, carried) || text === findAttack(game, unit, s.attack)?.name.toLowerCase());
}
