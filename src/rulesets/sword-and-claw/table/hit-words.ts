/**
 * What a hit does, as the odds a player reads before attacking say it (the `/order shoot` and
 * `/order attack` target suggestions, the opportunity and Readied prompts): the chance to wound, or
 * none for an attack with No Damage, and each condition or extra wound its qualities add (SC App. B
 * Entangling, Paralyzing, Poison, Draining, No Damage; rules/conditions.ts plays them). Without this a
 * Bola that entangles read "0% to wound" against a big troop, as if it were worth nothing.
 */
import { doesDamage } from '../rules/conditions';
import type { TroopAttack } from '../formats/troop-card';

/** Each quality's words, in the order a card may list them. */
const EFFECTS: readonly (readonly [string, string])[] = [
  ['Entangling', 'a hit entangles'],
  ['Paralyzing', 'a wound paralyzes'],
  ['Poison', 'a wound poisons'],
  ['Draining', 'a wound drains one more'],
];

/** "67% to wound", "no damage, a hit entangles": `wound` is the chance the hit wounds, in percent. */
export function hitWords(attack: TroopAttack, wound: number): string {
  const names = attack.qualities.map((q) => q.name);
  const effects = EFFECTS.filter(([q]) => names.includes(q)).map(([, words]) => words);
  const damage = doesDamage(names) ? `${wound}% to wound` : 'no damage';
  return [damage, ...effects].join(', ');
}
