/**
 * Tables for labels that must stay with the unit they name: a unit replied to as it left a square and
 * moved on, a charge whose step square and an objective's number lie by the labels.
 */
import type { GameEvent } from '../../src/rulesets/sellsword/engine/events';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { rolled, sq } from './path-label-states';
import { yardTable } from './states';

/**
 * The knight on C3 steps away from the ghoul on B3, which replies and misses, and moves on along row 3
 * to G3 (as OW's move past TG, playtest): the reply's line ends on C3, four squares from the knight.
 */
export function repliedAndMovedOn(): { before: GameState; events: GameEvent[]; state: GameState } {
  const t = yardTable();
  const before: GameState = {
    ...t,
    units: {
      ...t.units,
      hero: { ...t.units.hero!, at: sq('C3') },
      hidden: { ...t.units.hidden!, at: sq('B3') },
      open: { ...t.units.open!, at: sq('G2') },
      wall: { ...t.units.wall!, at: sq('G4') },
      cover: { ...t.units.cover!, at: sq('H3') },
    },
  };
  const state: GameState = { ...before, units: { ...before.units, hero: { ...before.units.hero!, at: sq('G3') } } };
  const events: GameEvent[] = [
    { type: 'unit-activated', unit: 'hero', acts: 3 },
    { type: 'act-begun', unit: 'hero', act: 'move', acts: 1 },
    { type: 'reply-declared', unit: 'hidden', attack: 'claw', against: 'hero' },
    rolled('hidden', 'claw', 'hero', 3, false, false),
    { type: 'moved', unit: 'hero', from: 'C3', path: ['D3', 'E3', 'F3', 'G3'], spent: 4, diagonals: 0, pointsLeft: 1 },
  ];
  return { before, events, state };
}
