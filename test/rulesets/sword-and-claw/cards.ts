/** Troop cards for the Sword and Claw rules tests, read through the format so they are real cards. */
import { parseWith } from '../../../src/formats/problems';
import { type TroopCard, troopCardSchema } from '../../../src/rulesets/sword-and-claw/formats/troop-card';

export function troop(over: Record<string, unknown> = {}): TroopCard {
  const r = parseWith(troopCardSchema, {
    id: 'soldier',
    name: 'Soldier',
    faction: 'humans',
    points: 10,
    armor: 'Leather',
    move: 4,
    str: 0,
    defense: { melee: 6, ranged: 6 },
    toWound: '3/7',
    wounds: 2,
    heal: 2,
    size: 'medium',
    attacks: [{ id: 'sword', name: 'Sword', toHit: 1, dmg: 'd6+1' }],
    ...over,
  });
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  return r.value;
}
