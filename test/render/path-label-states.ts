/**
 * The playtest's close-ups on the yard (a new player at 400 px): a label beside a unit that moved, a
 * charger's label by the ring where its charge started, a miss's cross by its target's label.
 */
import type { GameEvent } from '../../src/rulesets/sellsword/engine/events';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { yard } from './maps';
import { yardTable } from './states';

const W = yard.grid[0]!.length;
/** A square's index on the yard, by its name ("C4"). */
export const sq = (name: string): number => name.charCodeAt(0) - 65 + (Number(name.slice(1)) - 1) * W;

/** A reply's roll: a hit unless `hit` is false. */
export const rolled = (unit: string, attack: string, target: string, roll: number, critical: boolean, hit = true): GameEvent => ({
  type: 'attack-rolled',
  unit,
  attack,
  target,
  rolls: [roll],
  modifier: 5,
  need: 12,
  hit,
  critical,
  glancing: false,
  notes: [],
  reply: true,
});
const wounded = (unit: string, source: string, attack: string, cause: string, wound: number): GameEvent => ({
  type: 'wounded',
  unit,
  wound,
  woundType: 'cut',
  source,
  cause,
  from: 'reply',
  attack,
  taken: wound,
  toughness: 0,
  avoided: 0,
  injuries: [],
});

/** The knight moves E5 → D4 → C4, and the ghoul on B3 replies: a hit, 5 wounds (as OW's move and WH's reply). */
export function movedAndHit(): { before: GameState; events: GameEvent[]; state: GameState } {
  const t = yardTable();
  const before: GameState = { ...t, units: { ...t.units, hero: { ...t.units.hero!, at: sq('E5') }, hidden: { ...t.units.hidden!, at: sq('B3') } } };
  const state: GameState = { ...before, units: { ...before.units, hero: { ...before.units.hero!, at: sq('C4'), vigor: before.units.hero!.vigor - 5 } } };
  const events: GameEvent[] = [
    { type: 'unit-activated', unit: 'hero', acts: 3 },
    { type: 'act-begun', unit: 'hero', act: 'move', acts: 1 },
    { type: 'moved', unit: 'hero', from: 'E5', path: ['D4', 'C4'], spent: 3, diagonals: 1, pointsLeft: 2 },
    { type: 'reply-declared', unit: 'hidden', attack: 'claw', against: 'hero' },
    rolled('hidden', 'claw', 'hero', 15, false),
    wounded('hero', 'hidden', 'claw', 'Grave Claws', 5),
  ];
  return { before, events, state };
}

/** The skeleton charges G4 → F4 → E4 at the knight on D4, whose reply drops it with a critical (as the Town Guard's
 * charge); the orc is out of the way on A10, so the square's right side is free for the label. */
export function chargedAndDropped(): { before: GameState; events: GameEvent[]; state: GameState } {
  const t = yardTable();
  const before: GameState = {
    ...t,
    units: { ...t.units, hero: { ...t.units.hero!, at: sq('D4') }, open: { ...t.units.open!, at: sq('G4') }, wall: { ...t.units.wall!, at: sq('A10') } },
  };
  const state: GameState = { ...before, units: { ...before.units, open: { ...before.units.open!, at: null, dropped: true, vigor: 0 } } };
  const events: GameEvent[] = [
    { type: 'unit-activated', unit: 'open', acts: 3 },
    { type: 'act-begun', unit: 'open', act: 'attack', acts: 1 },
    { type: 'charged', unit: 'open', from: 'G4', path: ['F4', 'E4'], target: 'hero' },
    { type: 'reply-declared', unit: 'hero', attack: 'longsword', against: 'open' },
    rolled('hero', 'longsword', 'open', 20, true),
    wounded('open', 'hero', 'longsword', 'Longsword', 20),
    { type: 'dropped', unit: 'open', by: 'hero' },
  ];
  return { before, events, state };
}

/** The archer on B5 shoots at the knight on F5, along the row, and misses. */
export function missedKnight(): { before: GameState; events: GameEvent[]; state: GameState } {
  const t = yardTable();
  const state: GameState = { ...t, units: { ...t.units, hero: { ...t.units.hero!, at: sq('F5') }, bow: { ...t.units.bow!, at: sq('B5') } } };
  const events: GameEvent[] = [
    { type: 'unit-activated', unit: 'bow', acts: 3 },
    { type: 'act-begun', unit: 'bow', act: 'attack', acts: 1 },
    {
      type: 'attack-rolled',
      unit: 'bow',
      attack: 'longbow',
      target: 'hero',
      rolls: [3],
      modifier: 5,
      need: 12,
      hit: false,
      critical: false,
      glancing: false,
      notes: [],
    },
  ];
  return { before: state, events, state };
}
