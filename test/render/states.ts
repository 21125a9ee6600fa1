/**
 * Tables for the renderer's tests, made the way the engine makes them: `initial` with the shipped
 * catalog and fixed dice, then commands through `decide` (prompts answered by their defaults unless
 * the next command answers them). Each named table is one golden picture (cases.ts).
 */
import { defaultContent } from '../../src/content/load';
import type { Gridmap } from '../../src/formats/gridmap';
import { gridmapSchema } from '../../src/formats/gridmap';
import type { ScenarioUnit } from '../../src/rulesets/sellsword/formats/scenario';
import type { Command } from '../../src/rulesets/sellsword/engine/commands';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { defaultDecision } from '../../src/rulesets/sellsword/engine/defaults';
import { fixed } from '../../src/engine/dice';
import { apply, type GameEvent } from '../../src/rulesets/sellsword/engine/events';
import { Chooser, chooseCommand } from '../../src/bench/selfplay';
import { seeded } from '../../src/engine/dice';
import { initial } from '../../src/rulesets/sellsword/engine/setup';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { bigMap, terrainSampler, yard } from './maps';

export const content = defaultContent();

export interface TableSpec {
  readonly map: Gridmap | string;
  readonly players?: readonly string[];
  readonly units: readonly ScenarioUnit[];
  readonly dice?: readonly number[];
  readonly entry?: Readonly<Record<string, string>>;
  readonly round?: number;
  readonly vpTarget?: number;
}

function mapOf(map: Gridmap | string): Gridmap {
  if (typeof map !== 'string') return map;
  const raw = content.maps.get(map);
  if (!raw) throw new Error(`no map ${map}`);
  return gridmapSchema.parse(raw);
}

/** Plays commands in order; open prompts get their default answer unless the next command is a decision. */
export function play(state: GameState, commands: readonly Command[]): { before: GameState; events: GameEvent[]; state: GameState } {
  let s = state;
  const events: GameEvent[] = [];
  const run = (c: Command) => {
    const r = decide(s, c);
    if ('error' in r) throw new Error(`${JSON.stringify(c)} refused: ${r.error.code}: ${r.error.message}`);
    for (const e of r.events) s = apply(s, e);
    events.push(...r.events);
  };
  const settle = (next: Command | undefined) => {
    while (s.prompt && !(next && 'decide' in next)) run({ decide: defaultDecision(s.prompt) });
  };
  commands.forEach((c, i) => {
    run(c);
    settle(commands[i + 1]);
  });
  return { before: state, events, state: s };
}

/** Plays commands in order as decide() takes them, leaving any prompt they open unanswered. */
export function decided(state: GameState, commands: readonly Command[]): GameState {
  let s = state;
  for (const c of commands) {
    const r = decide(s, c);
    if ('error' in r) throw new Error(`${JSON.stringify(c)} refused: ${r.error.code}: ${r.error.message}`);
    s = r.events.reduce(apply, s);
  }
  return s;
}

/** A table mid-round (round 1 unless told), the first player's turn begun. */
export function table(spec: TableSpec): GameState {
  const players = spec.players ?? ['p1', 'p2'];
  const made = initial({
    map: mapOf(spec.map),
    cards: content.index.units,
    mods: content.index.mods,
    options: { vpTarget: spec.vpTarget ?? 121, glancingBlow: true, roundLimit: 12 },
    players,
    units: spec.units,
    rng: fixed(spec.dice ?? []),
    start: { round: spec.round ?? 1, order: players },
    entry: spec.entry ?? {},
  });
  if ('error' in made) throw new Error(made.error.message);
  return play(made.state, [{ begin: true }]).state;
}

const u = (id: string, card: string, player: string, at: string, extra: Partial<ScenarioUnit> = {}): ScenarioUnit => ({ id, card, player, at, ...extra });

/** Every terrain type, four players (four colours and shapes), entry tiles, reserve and dropped units. */
export function samplerTable(): GameState {
  return table({
    map: terrainSampler,
    players: ['p1', 'p2', 'p3', 'p4'],
    entry: { p1: 'A1', p2: 'M1', p3: 'A9', p4: 'M9' },
    units: [
      u('a', 'havoc-gray-necromancer', 'p1', 'D3'),
      u('b', 'valor-knight', 'p2', 'K3'),
      u('c', 'havoc-ghoul', 'p3', 'D8', { turnTaken: true }),
      u('d', 'valor-archer', 'p4', 'L8'),
      u('e', 'havoc-zombie', 'p1', 'reserve'),
      u('f', 'valor-serf', 'p2', 'reserve', { dropped: true }),
      u('g', 'valor-serf', 'p4', 'I6'),
    ],
  });
}

/** Every status badge, a Big unit with a marked Mortal box, spent tokens, units that have acted, the active unit. */
export function statusTable(): { state: GameState } {
  const start = table({
    map: 'mill-crossing',
    units: [
      u('ogre', 'havoc-armored-ogre', 'p2', 'C13', {
        vigor: 5,
        injuries: ['mobility', 'mortal'],
        statuses: [{ status: 'pinned' }, { status: 'shaken' }, { status: 'hobbled' }, { status: 'stunned' }],
        tokens: { react: 0 },
      }),
      u('wight', 'havoc-barrow-wight', 'p2', 'K14', {
        statuses: [{ status: 'controlled' }, { status: 'enraged' }, { status: 'glamyred' }],
        turnTaken: true,
      }),
      u('lich', 'havoc-bone-lich', 'p2', 'M15', { statuses: [{ status: 'helpless' }, { status: 'compromised' }], tokens: { blue: 1 } }),
      u('imp', 'havoc-carrion-imp', 'p2', 'E15', { statuses: [{ status: 'invisible' }, { status: 'recurring', wound: 5, type: 'toxic' }] }),
      // More statuses than fit down a square's edge: two badges and "+3".
      u('knight', 'valor-knight', 'p1', 'H13', {
        injuries: ['defensive'],
        vigor: 10,
        statuses: [{ status: 'pinned' }, { status: 'shaken' }, { status: 'hobbled' }, { status: 'stunned' }, { status: 'compromised' }],
      }),
      u('cap', 'valor-knight-captain', 'p1', 'J13', { tokens: { react: 1, blue: 0 } }),
      u('hound', 'valor-war-hound', 'p1', 'E13', { turnTaken: true }),
      u('priest', 'valor-priest', 'p1', 'M13', { injuries: [{ trait: 'mend' }] }),
    ],
  });
  // The captain moves one square: it is now the active unit, with acts left.
  return { state: play(start, [{ act: 'move', unit: 'cap', path: ['J14'] }]).state };
}

/**
 * A full turn: the Knight-Captain moves, charges the Shambling Dead with a natural 20 (critical,
 * dropped), then attacks the Ghoul, which replies; the captain misses and the claw hits.
 */
export function lastTurnTable(): { before: GameState; events: GameEvent[]; state: GameState } {
  const start = table({
    map: 'barrow-hill',
    dice: [20, 2, 15, 19, 19],
    units: [
      u('cap', 'valor-knight-captain', 'p1', 'J10'),
      u('pike', 'valor-pikeman', 'p1', 'H4'),
      u('zombie', 'havoc-zombie', 'p2', 'J16'),
      u('ghoul', 'havoc-ghoul', 'p2', 'K16'),
      u('archer', 'havoc-skeletal-archer', 'p2', 'Q18'),
    ],
  });
  return play(start, [
    { act: 'move', unit: 'cap', path: ['J11', 'J12', 'J13'] },
    { act: 'attack', unit: 'cap', attack: 'bastard-sword', target: 'zombie', charge: ['J14', 'J15'] },
    { act: 'attack', unit: 'cap', attack: 'bastard-sword', target: 'ghoul' },
    { decide: { unit: 'ghoul', reply: 'claw' } },
  ]);
}

/**
 * A burst on Barrow Hill (R24): the Priest of the Dawn centres Dawnburst (burst 1) on the Ghoul at J14.
 * It catches the Ghoul (a hit), the priest's own Squire on I15 (a miss) and the Zombie on K15 (a
 * critical); the Skeleton on L17 stands outside it. The area is the nine squares round J14.
 */
export function burstTable(): { before: GameState; events: GameEvent[]; state: GameState } {
  return play(burstStart(), [{ act: 'attack', unit: 'priest', attack: 'dawnburst', origin: 'J14' }]);
}

/**
 * The Priest's Mend Wounds used as an act on Barrow Hill: it and the hurt Squire beside it regain
 * Vigor, which the map tells on each (a trait used as an act drew nothing, issue 26).
 */
export function mendTable(): { before: GameState; events: GameEvent[]; state: GameState } {
  const start = table({
    map: 'barrow-hill',
    units: [
      u('priest', 'valor-priest', 'p1', 'J10', { vigor: 3 }),
      u('squire', 'valor-squire', 'p1', 'J12', { vigor: 2 }),
      u('ghoul', 'havoc-ghoul', 'p2', 'M15'),
    ],
  });
  return play(start, [{ act: 'trait', unit: 'priest', trait: 'mend' }]);
}

/** The table of burstTable before the burst. */
export function burstStart(): GameState {
  return table({
    map: 'barrow-hill',
    dice: [8, 2, 20, 19, 19, 19],
    units: [
      u('priest', 'valor-priest', 'p1', 'J10', { tokens: { blue: 1 } }),
      u('squire', 'valor-squire', 'p1', 'I15'),
      u('ghoul', 'havoc-ghoul', 'p2', 'J14'),
      u('zombie', 'havoc-zombie', 'p2', 'K15'),
      u('skeleton', 'havoc-skeleton', 'p2', 'L17'),
    ],
  });
}

/**
 * The Knight-Captain's turn both melee tables play: it moves, charges the Shambling Dead while the Ghoul
 * replies, then attacks the Armored Ogre, which replies with its maul.
 */
function captainsTurn(start: GameState): { before: GameState; events: GameEvent[]; state: GameState } {
  return play(start, [
    { act: 'move', unit: 'cap', path: ['J11', 'J12', 'J13'] },
    { act: 'attack', unit: 'cap', attack: 'bastard-sword', target: 'zombie', charge: ['J14', 'J15'] },
    { decide: { unit: 'ghoul', reply: 'claw' } },
    { act: 'attack', unit: 'cap', attack: 'bastard-sword', target: 'ogre' },
    { decide: { unit: 'ogre', reply: 'maul' } },
  ]);
}

/**
 * A busy melee on Barrow Hill: nine units within three squares. The Knight-Captain moves, charges
 * the Shambling Dead through a gap (a natural 20: critical, dropped) while the Ghoul replies and
 * hits, then attacks the Armored Ogre, which replies with its maul: a critical that pushes the
 * captain a square (shoved). Every kind of tag, crowded round the tokens they describe.
 */
export function meleeTable(): { before: GameState; events: GameEvent[]; state: GameState } {
  const start = table({
    map: 'barrow-hill',
    dice: [20, 12, 17, 19, 19],
    units: [
      u('cap', 'valor-knight-captain', 'p1', 'J10'),
      u('knight', 'valor-knight', 'p1', 'H14'),
      u('guard', 'valor-guard', 'p1', 'K14'),
      u('pike', 'valor-pikeman', 'p1', 'M14'),
      u('zombie', 'havoc-zombie', 'p2', 'J16'),
      u('ogre', 'havoc-armored-ogre', 'p2', 'K16'),
      u('ghoul', 'havoc-ghoul', 'p2', 'I16'),
      u('skeleton', 'havoc-skeleton', 'p2', 'H15'),
      u('ghoul2', 'havoc-ghoul', 'p2', 'M15'),
    ],
  });
  return captainsTurn(start);
}

/** A Big unit's turn: the ogre moves and mauls the guard, pushing it a square (a shove). */
export function shoveTable(): { before: GameState; events: GameEvent[]; state: GameState } {
  const start = table({
    map: 'mill-crossing',
    players: ['p2', 'p1'],
    dice: [10, 19, 19, 19],
    units: [u('ogre', 'havoc-armored-ogre', 'p2', 'D3'), u('serf', 'valor-serf', 'p1', 'C5'), u('guard', 'valor-guard', 'p1', 'F5')],
  });
  return play(start, [{ act: 'move', unit: 'ogre', path: ['D4'] }, { act: 'attack', unit: 'ogre', attack: 'maul', target: 'guard' }, { end: 'ogre' }]);
}

const yardUnits: ScenarioUnit[] = [
  u('hero', 'valor-knight', 'p1', 'C5'),
  u('bow', 'valor-archer', 'p1', 'B8'),
  u('open', 'havoc-skeleton', 'p2', 'E3'),
  u('hidden', 'havoc-ghoul', 'p2', 'G8'),
  u('wall', 'havoc-orc-raider', 'p2', 'I5'),
  u('cover', 'havoc-zombie', 'p2', 'J2'),
];

/** The yard with a turn begun for p1, before anyone acts. */
export function yardTable(): GameState {
  return table({ map: yard, units: yardUnits });
}

/** The yard with the knight taking its turn and stopped in the archer's square, passing through it (a move paused by a prompt). */
export function passingTable(): GameState {
  const t = yardTable();
  const hero = t.units.hero!;
  return { ...t, units: { ...t.units, hero: { ...hero, at: t.units.bow!.at } }, turn: { ...t.turn!, unit: 'hero' } };
}

/**
 * The knight stopped in the archer's square by the Ghoul's reply to its move, from A7: the reply's
 * arrow crosses the archer's token on its way to the knight's, and the archer's label must still read.
 */
export function passingReplyTable(): { before: GameState; events: GameEvent[]; state: GameState } {
  const a7 = 6 * yard.grid[0]!.length;
  const ghoulOnA7 = (t: GameState): GameState => ({ ...t, units: { ...t.units, hidden: { ...t.units.hidden!, at: a7 } } });
  const before = ghoulOnA7(yardTable());
  const passing = ghoulOnA7(passingTable());
  const state = { ...passing, units: { ...passing.units, hero: { ...passing.units.hero!, vigor: passing.units.hero!.vigor - 5 } } };
  const events: GameEvent[] = [
    { type: 'unit-activated', unit: 'hero', acts: 3 },
    { type: 'act-begun', unit: 'hero', act: 'move', acts: 1 },
    { type: 'moved', unit: 'hero', from: 'C5', path: ['C6', 'C7', 'B8'], spent: 3, diagonals: 1, pointsLeft: 2 },
    { type: 'reply-declared', unit: 'hidden', attack: 'claw', against: 'hero' },
    {
      type: 'attack-rolled',
      unit: 'hidden',
      attack: 'claw',
      target: 'hero',
      rolls: [15],
      modifier: 5,
      need: 12,
      hit: true,
      critical: false,
      glancing: false,
      notes: [],
      reply: true,
    },
    {
      type: 'wounded',
      unit: 'hero',
      wound: 5,
      woundType: 'cut',
      source: 'hidden',
      cause: 'Grave Claws',
      from: 'reply',
      attack: 'claw',
      taken: 5,
      toughness: 0,
      avoided: 5,
      injuries: [],
    },
  ];
  return { before, events, state };
}

/** The knight's first act: a critical Longsword that drops the skeleton (20 wounds, no toughness left). */
const heroDropsOpen = (): GameEvent[] => [
  { type: 'unit-activated', unit: 'hero', acts: 3 },
  { type: 'act-begun', unit: 'hero', act: 'attack', acts: 1 },
  {
    type: 'attack-rolled',
    unit: 'hero',
    attack: 'longsword',
    target: 'open',
    rolls: [20],
    modifier: 5,
    need: 12,
    hit: true,
    critical: true,
    glancing: false,
    notes: [],
  },
  {
    type: 'wounded',
    unit: 'open',
    wound: 20,
    woundType: 'cut',
    source: 'hero',
    cause: 'Longsword',
    from: 'attack',
    attack: 'longsword',
    taken: 20,
    toughness: 0,
    avoided: 0,
    injuries: [],
  },
  { type: 'dropped', unit: 'open', by: 'hero' },
];

/**
 * The knight drops the skeleton on C6 with a critical and then moves onto C6: the drop's cross and
 * the arrowhead go under the knight's token, which is seen where it now stands.
 */
export function droppedThenEnteredTable(): { before: GameState; events: GameEvent[]; state: GameState } {
  const yardNow = yardTable();
  const c6 = 5 * yard.grid[0]!.length + 2;
  const before: GameState = { ...yardNow, units: { ...yardNow.units, open: { ...yardNow.units.open!, at: c6 } } };
  const state: GameState = {
    ...before,
    units: { ...before.units, open: { ...before.units.open!, at: null, dropped: true, vigor: 0 }, hero: { ...before.units.hero!, at: c6 } },
  };
  const events: GameEvent[] = [
    ...heroDropsOpen(),
    { type: 'act-begun', unit: 'hero', act: 'move', acts: 2 },
    { type: 'moved', unit: 'hero', from: 'C5', path: ['C6'], spent: 1, diagonals: 0, pointsLeft: 4 },
  ];
  return { before, events, state };
}

/** The knight on C5 drops the skeleton on C6 with a critical: the last act of the match, the knight still standing beside it. */
export function finalTable(): { before: GameState; events: GameEvent[]; state: GameState } {
  const yardNow = yardTable();
  const c6 = 5 * yard.grid[0]!.length + 2;
  const c5 = 4 * yard.grid[0]!.length + 2;
  const before: GameState = {
    ...yardNow,
    units: { ...yardNow.units, hero: { ...yardNow.units.hero!, at: c5 }, open: { ...yardNow.units.open!, at: c6 } },
  };
  const state: GameState = { ...before, units: { ...before.units, open: { ...before.units.open!, at: null, dropped: true, vigor: 0 } } };
  const events = heroDropsOpen();
  return { before, events, state };
}

/** 40×40 with sixteen units in their start areas and two entry tiles. */
export function bigTable(): GameState {
  const cards = ['valor-knight', 'valor-archer', 'valor-pikeman', 'valor-guard', 'valor-squire', 'valor-scout', 'valor-priest', 'valor-mounted-knight'];
  const foes = [
    'havoc-ghoul',
    'havoc-skeleton',
    'havoc-zombie',
    'havoc-orc-raider',
    'havoc-wraith',
    'havoc-skeletal-archer',
    'havoc-plague-cultist',
    'havoc-armored-ogre',
  ];
  const cols = ['B', 'E', 'H', 'L', 'P', 'T', 'X', 'AB'];
  return table({
    map: bigMap(),
    entry: { p1: 'R1', p2: 'R39' },
    units: [
      ...cards.map((c, i) => u(`v${i}`, c, 'p1', `${cols[i]}${i % 2 === 0 ? 3 : 5}`)),
      ...foes.map((c, i) => u(`h${i}`, c, 'p2', `${cols[i]}${i % 2 === 0 ? 37 : 39}`)),
    ],
  });
}

/**
 * Burning Village with sixteen units facing each other across the middle, and the first turn in
 * which someone attacks, chosen by the self-play driver: a crowded picture and a long alt text.
 */
export function crowdTable(): { before: GameState; events: GameEvent[]; state: GameState } {
  const valor = ['valor-knight', 'valor-archer', 'valor-pikeman', 'valor-guard', 'valor-squire', 'valor-levy', 'valor-priest', 'valor-war-hound'];
  const havoc = [
    'havoc-ghoul',
    'havoc-skeleton',
    'havoc-zombie',
    'havoc-orc-raider',
    'havoc-wraith',
    'havoc-skeletal-archer',
    'havoc-plague-cultist',
    'havoc-carrion-imp',
  ];
  const p1 = ['B11', 'C11', 'D11', 'F11', 'H11', 'B12', 'D12', 'G12'];
  const p2 = ['Q13', 'R13', 'T13', 'U13', 'P14', 'S14', 'U14', 'W14'];
  let state = table({
    map: 'burning-village',
    units: [...valor.map((c, i) => u(`v${i}`, c, 'p1', p1[i]!)), ...havoc.map((c, i) => u(`h${i}`, c, 'p2', p2[i]!))],
  });
  // Fixed dice would run out; the driver's game takes its dice from a seed instead.
  state = { ...state, rng: seeded(7) };
  const choose = new Chooser(seeded(7));
  for (let turn = 0; turn < 40; turn++) {
    const before = state;
    const events: GameEvent[] = [];
    while (!state.over && (events.length === 0 || !events.some((e) => e.type === 'turn-ended'))) {
      const r = play(state, [chooseCommand(state, choose)]);
      state = r.state;
      events.push(...r.events);
    }
    if (events.some((e) => e.type === 'attack-rolled')) return { before, events, state };
  }
  throw new Error('nobody attacked in 40 turns');
}

/**
 * Issue 26's pile-up: six tags round two squares. The Knight-Captain charges the Shambling Dead (a natural
 * 20: critical, dropped) while the Ghoul replies and hits, then attacks the Armored Ogre and
 * misses, and the ogre's reply misses too.
 */
export function pileUpTable(): { before: GameState; events: GameEvent[]; state: GameState } {
  const start = table({
    map: 'barrow-hill',
    dice: [20, 12, 2, 2, 2, 2],
    units: [
      u('cap', 'valor-knight-captain', 'p1', 'J10'),
      u('guard', 'valor-guard', 'p1', 'K14'),
      u('zombie', 'havoc-zombie', 'p2', 'J16'),
      u('ghoul', 'havoc-ghoul', 'p2', 'I16'),
      u('ogre', 'havoc-armored-ogre', 'p2', 'K16'),
    ],
  });
  return captainsTurn(start);
}
