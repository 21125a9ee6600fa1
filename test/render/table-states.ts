/**
 * Sword and Claw tables for the table-view pictures and tests: Reed Ford with both sample armies
 * deployed, and a melee after a turn with every kind of mark (a Move, a Run and a Slide, strikes that
 * hit and miss, a Hurt troop, a removed one, the 3×3 Marsh Wyrm and the 2×2 Swamp Brutes).
 */
import { loadScContent } from '../../src/rulesets/sword-and-claw/content';
import type { ScViewInput, ScViewTroop } from '../../src/rulesets/sword-and-claw/view/input';
import { type TroopCard, troopCardSchema } from '../../src/rulesets/sword-and-claw/formats/troop-card';
import { scTable } from '../../src/rulesets/sword-and-claw/rules/table';
import { templateAt, troopsUnder } from '../../src/rulesets/sword-and-claw/rules/templates';

const content = (() => {
  const loaded = loadScContent();
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  return loaded.value;
})();

const map = content.maps.get('reed-ford')!;
const W = map.grid[0]!.length;
const sq = (col: number, row: number): number => row * W + col;
const cards = Object.fromEntries(content.troops);

/** Troops of a sample army at the squares given, in the army's order, ids `<prefix><n>`. */
function army(file: string, player: string, prefix: string, squares: readonly [number, number][]): ScViewTroop[] {
  const list = content.armies.get(file)!;
  const troops = list.units.flatMap((u) => Array.from({ length: u.count }, () => u.troop));
  if (troops.length !== squares.length) throw new Error(`${file} has ${troops.length} troops, ${squares.length} squares given`);
  return troops.map((troop, i) => ({ id: `${prefix}${i + 1}`, troop, player, at: sq(...squares[i]!), taken: 0, removed: false }));
}

const base = {
  map,
  cards,
  players: ['alice', 'bob'],
  names: { alice: 'Alice', bob: 'Bob' },
  armies: { alice: 'Iron Company', bob: 'Mire Raiders' },
  attacker: 'alice',
} as const;

/** Both sample armies deployed on Reed Ford, Iron Company on the west edge, Mire Raiders on the east; round 1 begins. */
export function deployedTable(): ScViewInput {
  const iron = army('iron-company', 'alice', 'i', [
    [1, 7],
    [3, 4],
    [3, 6],
    [3, 8],
    [3, 10],
    [1, 4],
    [1, 10],
    [1, 12],
  ]);
  const mire = army('mire-raiders', 'bob', 'm', [
    [20, 5],
    [20, 9],
    [19, 3],
    [19, 12],
    [22, 7],
    [22, 8],
  ]);
  return { ...base, troops: [...iron, ...mire], round: 1, stage: { kind: 'turn', player: 'alice', step: 'movement' } };
}

/**
 * Round 2, Bob's melee step closed: the Marsh Wyrm (3×3) slid and struck, a Swamp Brute (2×2) ran and
 * is Hurt, a skirmisher moved and missed, a spearman was removed; the captain is Hurt.
 */
export function meleeTable(): ScViewInput {
  const troops: ScViewTroop[] = [
    { id: 'i1', troop: 'human-captain', player: 'alice', at: sq(8, 9), taken: 2, removed: false },
    { id: 'i2', troop: 'human-spearman', player: 'alice', at: null, taken: 2, removed: true },
    { id: 'i3', troop: 'human-spearman', player: 'alice', at: sq(12, 4), taken: 0, removed: false },
    { id: 'i4', troop: 'human-crossbowman', player: 'alice', at: sq(7, 12), taken: 1, removed: false },
    { id: 'm1', troop: 'reptilian-marsh-wyrm', player: 'bob', at: sq(13, 6), taken: 3, removed: false },
    { id: 'm2', troop: 'reptilian-swamp-brute', player: 'bob', at: sq(9, 10), taken: 3, removed: false },
    { id: 'm3', troop: 'reptilian-skirmisher', player: 'bob', at: sq(11, 3), taken: 0, removed: false },
  ];
  return {
    ...base,
    troops,
    round: 2,
    stage: { kind: 'turn', player: 'alice', step: 'movement' },
    active: 'i1',
    lastTurnBy: 'bob',
    happenings: [
      { kind: 'moved', troop: 'm1', how: 'slide', path: [sq(14, 5), sq(13, 6)] },
      { kind: 'moved', troop: 'm2', how: 'run', path: [sq(16, 10), sq(15, 9), sq(14, 9), sq(13, 9), sq(12, 9), sq(11, 9), sq(10, 9), sq(9, 10)] },
      { kind: 'moved', troop: 'm3', how: 'move', path: [sq(14, 2), sq(13, 3), sq(12, 3), sq(11, 3)] },
      { kind: 'strike', attacker: 'm1', target: 'i2', from: sq(13, 6), to: sq(12, 8), hit: true, wounds: 2, opportunity: false },
      { kind: 'strike', attacker: 'm2', target: 'i1', from: sq(9, 10), to: sq(8, 9), hit: true, wounds: 1, opportunity: false },
      { kind: 'strike', attacker: 'm3', target: 'i3', from: sq(11, 3), to: sq(12, 4), hit: false, wounds: 0, opportunity: false },
      { kind: 'removed', troop: 'i2', at: sq(12, 8) },
    ],
  };
}

/** Alice deploying Iron Company in her zone, seven squares from the west edge; three troops still to place. */
export function deployingTable(): ScViewInput {
  const placed = deployedTable().troops.map((t, i) => (t.player === 'alice' && i >= 5 ? { ...t, at: null } : t.player === 'bob' ? { ...t, at: null } : t));
  const zone = Array.from({ length: map.grid.length }, (_, row) => Array.from({ length: 7 }, (_, col) => sq(col, row))).flat();
  return { ...deployedTable(), troops: placed, round: 0, stage: { kind: 'deployment', player: 'alice' }, zones: [{ player: 'alice', squares: zone }] };
}

/** Twenty skirmishers a side facing each other across Long Marsh (36×24), round 2: one Hurt, one removed. */
export function hostTable(): ScViewInput {
  const marsh = content.maps.get('long-marsh')!;
  const width = marsh.grid[0]!.length;
  const line = (player: string, prefix: string, col: number): ScViewTroop[] =>
    Array.from({ length: 20 }, (_, i) => ({
      id: `${prefix}${i + 1}`,
      troop: 'reptilian-skirmisher',
      player,
      at: (i + 2) * width + col,
      taken: 0,
      removed: false,
    }));
  const west = line('alice', 'w', 9).map((t, i) => (i === 4 ? { ...t, taken: 1 } : t));
  const east = line('bob', 'e', 26).map((t, i) => (i === 7 ? { ...t, at: null, taken: 2, removed: true } : t));
  return {
    ...base,
    map: marsh,
    armies: { alice: 'Mire Skirmish Host', bob: 'Mire Skirmish Host' },
    troops: [...west, ...east],
    round: 2,
    stage: { kind: 'turn', player: 'alice', step: 'movement' },
  };
}

/**
 * Round 2, Bob's ranged step closed: his Bile Spitter's Area 2 glob, aimed at the spearman on M5, missed
 * and drifted two squares south to M7, covering M7–N8: the crossbowman and Bob's own skirmisher under it
 * were hit.
 */
export function areaTable(): ScViewInput {
  const troops: ScViewTroop[] = [
    { id: 'i1', troop: 'human-spearman', player: 'alice', at: sq(12, 4), taken: 0, removed: false },
    { id: 'i2', troop: 'human-crossbowman', player: 'alice', at: sq(12, 6), taken: 1, removed: false },
    { id: 'm1', troop: 'reptilian-bile-spitter', player: 'bob', at: sq(19, 6), taken: 0, removed: false },
    { id: 'm2', troop: 'reptilian-skirmisher', player: 'bob', at: sq(13, 7), taken: 1, removed: false },
  ];
  return {
    ...base,
    troops,
    round: 2,
    stage: { kind: 'turn', player: 'alice', step: 'movement' },
    lastTurnBy: 'bob',
    happenings: [
      { kind: 'area', attacker: 'm1', squares: [sq(12, 6), sq(13, 6), sq(12, 7), sq(13, 7)], deviated: 2 },
      { kind: 'strike', shot: true, attacker: 'm1', target: 'i2', from: sq(19, 6), to: sq(12, 6), hit: true, wounds: 1, opportunity: false },
      { kind: 'strike', shot: true, attacker: 'm1', target: 'm2', from: sq(19, 6), to: sq(13, 7), hit: true, wounds: 1, opportunity: false },
    ],
  };
}

/** A Fire Drake for the template picture: no sample troop has a Cone (rulings SC45–SC48). */
const drake = troopCardSchema.parse({
  id: 'fire-drake',
  name: 'Fire Drake',
  faction: 'reptilians',
  points: 60,
  armor: 'Scales',
  move: 5,
  str: 2,
  defense: { melee: 6, ranged: 6 },
  toWound: '5/10',
  wounds: 4,
  heal: 3,
  size: 'medium',
  attacks: [{ id: 'breath', name: 'Fire Breath', toHit: 1, dmg: 'd6+2', atk: 1, qualities: ['Cone 4'] }],
});

/**
 * After Bob's melee step: a Fire Drake's Cone 4 aimed at a spearman, its squares as the rules cover
 * them (rules/templates.ts), and a strike at each troop under it, his own skirmisher too.
 */
export function coneTable(): ScViewInput {
  const troops: ScViewTroop[] = [
    { id: 'i1', troop: 'human-spearman', player: 'alice', at: sq(11, 8), taken: 1, removed: false },
    { id: 'i2', troop: 'human-spearman', player: 'alice', at: sq(12, 10), taken: 0, removed: false },
    { id: 'i3', troop: 'human-captain', player: 'alice', at: sq(9, 11), taken: 0, removed: false },
    { id: 'm1', troop: 'fire-drake', player: 'bob', at: sq(15, 9), taken: 0, removed: false },
    { id: 'm2', troop: 'reptilian-skirmisher', player: 'bob', at: sq(13, 9), taken: 0, removed: false },
  ];
  const cardsWithDrake: Record<string, TroopCard> = { ...cards, 'fire-drake': drake };
  const pieces = troops.map((t) => ({ id: t.id, player: t.player, size: cardsWithDrake[t.troop]!.size, at: t.at! }));
  const table = scTable(map, pieces);
  const at = (id: string) => pieces.find((p) => p.id === id)!;
  const squares = templateAt(table, at('m1'), { shape: 'Cone', length: 4 }, at('i1'));
  const under = troopsUnder(table, squares, 'm1');
  const result: Record<string, { hit: boolean; wounds: number }> = { i1: { hit: true, wounds: 1 } };
  return {
    ...base,
    cards: cardsWithDrake,
    troops,
    round: 2,
    stage: { kind: 'turn', player: 'alice', step: 'movement' },
    lastTurnBy: 'bob',
    happenings: [
      { kind: 'area', attacker: 'm1', squares, deviated: 0, shape: 'Cone' },
      ...under.map((p) => ({
        kind: 'strike' as const,
        attacker: 'm1',
        target: p.id,
        from: at('m1').at,
        to: p.at,
        ...(result[p.id] ?? { hit: false, wounds: 0 }),
        opportunity: false,
      })),
    ],
  };
}

/**
 * The shipped Reed River, Reed Ford with a river down its middle (water 2 and 3 deep, a ford 1 deep): a spearman swimming in
 * the deep channel after a move, a skirmisher wading the shallows, a Swamp Brute on the far bank.
 */
export function waterTable(): ScViewInput {
  const river = content.maps.get('reed-river')!;
  const at = (col: number, row: number): number => row * W + col;
  const troops: ScViewTroop[] = [
    { id: 'i1', troop: 'human-spearman', player: 'alice', at: at(11, 5), taken: 0, removed: false },
    { id: 'i2', troop: 'human-captain', player: 'alice', at: at(8, 8), taken: 0, removed: false },
    { id: 'm1', troop: 'reptilian-skirmisher', player: 'bob', at: at(13, 10), taken: 0, removed: false },
    { id: 'm2', troop: 'reptilian-swamp-brute', player: 'bob', at: at(15, 7), taken: 0, removed: false },
  ];
  return {
    ...base,
    map: river,
    troops,
    round: 2,
    stage: { kind: 'turn', player: 'bob', step: 'movement' },
    lastTurnBy: 'alice',
    happenings: [{ kind: 'moved', troop: 'i1', how: 'move', path: [at(10, 5), at(11, 5)] }],
  };
}

/** Flyers for the flight picture (SC Flight): a Medium harrier and a Large wyvern, both with Flight. */
const flyer = (id: string, name: string, size: 'medium' | 'large', wounds: number): TroopCard =>
  troopCardSchema.parse({
    id,
    name,
    faction: 'reptilians',
    points: 30,
    armor: 'Feathers',
    move: 6,
    str: 1,
    defense: { melee: 5, ranged: 5 },
    toWound: '4/9',
    wounds,
    heal: 2,
    size,
    qualities: ['Flight'],
    attacks: [{ id: 'talons', name: 'Talons', toHit: 1, dmg: 'd6+1' }],
  });
const harrier = flyer('sky-harrier', 'Sky Harrier', 'medium', 2);
const wyvern = flyer('storm-wyvern', 'Storm Wyvern', 'large', 4);

/**
 * Flyers at every level (SC Flight): a harrier hovering over a spearman's square, one at Low Altitude
 * (Hurt), a Large wyvern at High Altitude after a move, and a harrier Landed.
 */
export function flightTable(): ScViewInput {
  const troops: ScViewTroop[] = [
    { id: 'i1', troop: 'human-spearman', player: 'alice', at: sq(11, 8), taken: 0, removed: false },
    { id: 'i2', troop: 'human-captain', player: 'alice', at: sq(9, 10), taken: 0, removed: false },
    { id: 'm1', troop: 'sky-harrier', player: 'bob', at: sq(11, 8), taken: 0, removed: false, altitude: 'hover' },
    { id: 'm2', troop: 'sky-harrier', player: 'bob', at: sq(13, 10), taken: 1, removed: false, altitude: 'low' },
    { id: 'm3', troop: 'storm-wyvern', player: 'bob', at: sq(12, 5), taken: 0, removed: false, altitude: 'high' },
    { id: 'm4', troop: 'sky-harrier', player: 'bob', at: sq(15, 9), taken: 0, removed: false, altitude: 'landed' },
  ];
  return {
    ...base,
    cards: { ...cards, 'sky-harrier': harrier, 'storm-wyvern': wyvern },
    troops,
    round: 2,
    stage: { kind: 'turn', player: 'alice', step: 'movement' },
    lastTurnBy: 'bob',
    happenings: [{ kind: 'moved', troop: 'm3', how: 'move', path: [sq(16, 5), sq(14, 5), sq(12, 5)] }],
  };
}
