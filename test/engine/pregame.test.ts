/** The pre-game setup (§2.1, R5, R6): tactics check with Warleader rerolls, map chooser, map, entry tiles. */
import { describe, expect, it } from 'vitest';
import { defaultContent } from '../../src/content/load';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { defaultDecision } from '../../src/rulesets/sellsword/engine/defaults';
import { fixed, seeded, type Rng } from '../../src/engine/dice';
import { apply } from '../../src/rulesets/sellsword/engine/events';
import {
  checkPregameSetup,
  entryAreas,
  pregameApply,
  pregameDecide,
  pregameInitial,
  pregameReplay,
  setupRerolls,
  type PregameCommand,
  type PregameEvent,
  type PregameSetup,
  type PregameState,
} from '../../src/rulesets/sellsword/engine/pregame';
import { initial } from '../../src/rulesets/sellsword/engine/setup';
import { boardOf } from '../../src/rulesets/sellsword/engine/table';
import { buildBoard, squareIndex } from '../../src/engine/board';
import { gridmapSchema, type Gridmap } from '../../src/formats/gridmap';
import type { ScenarioUnit } from '../../src/rulesets/sellsword/formats/scenario';

const content = defaultContent();
const map = (id: string): Gridmap => {
  const m = content.maps.get(id);
  if (!m) throw new Error(`no map ${id}`);
  return m;
};

function setup(players: string[], rerolls: Record<string, number>, maps: string[], rng: Rng): PregameSetup {
  return { players, rerolls, maps: maps.map((id) => ({ id, map: map(id) })), rng };
}

/** Plays commands in turn (each `[command, by]`), failing on any refusal; returns the state and log. */
function play(state: PregameState, steps: [PregameCommand, string?][]): { state: PregameState; events: PregameEvent[] } {
  const events: PregameEvent[] = [];
  for (const [command, by] of steps) {
    const r = pregameDecide(state, command, by);
    if ('error' in r) throw new Error(`${JSON.stringify(command)} by ${by}: ${r.error.code}: ${r.error.message}`);
    state = r.events.reduce(pregameApply, state);
    events.push(...r.events);
  }
  return { state, events };
}

/** A refused command returns an error and the state it was given is untouched. */
function refused(state: PregameState, command: PregameCommand, by?: string): string {
  const copy = structuredClone(state);
  const r = pregameDecide(state, command, by);
  expect(state).toEqual(copy);
  if (!('error' in r)) throw new Error(`${JSON.stringify(command)} was accepted`);
  expect(r.error.message.length).toBeGreaterThan(10);
  return r.error.code;
}

describe('a two-player setup with fixed dice', () => {
  const start = pregameInitial(setup(['p1', 'p2'], { p1: 0, p2: 2 }, ['mill-crossing', 'barrow-hill'], fixed([12, 12, 15, 9, 18])));

  it('rolls off a tie, lets the loser reroll with Warleader, then runs chooser, map and entry tiles', () => {
    const { state, events } = play(start, [
      [{ begin: true }],
      [{ reroll: true }, 'p2'],
      [{ chooser: 'p1' }, 'p2'],
      [{ map: 'barrow-hill' }, 'p1'],
      [{ entry: 'j19' }, 'p1'],
      [{ entry: 'H1' }, 'p2'],
    ]);
    const areas = entryAreas(map('barrow-hill'));
    expect(events).toEqual([
      { type: 'tactics-rolled', players: ['p1', 'p2'], rolls: [12, 12], totals: { p1: 12, p2: 12 } },
      { type: 'tactics-rolled', players: ['p1', 'p2'], rolls: [15, 9], totals: { p1: 15, p2: 9 } },
      { type: 'prompted', prompt: { kind: 'reroll', player: 'p2', options: { total: 9, leader: 'p1', leaderTotal: 15, rerollsLeft: 2 } } },
      { type: 'tactics-rolled', players: ['p2'], rolls: [18], totals: { p1: 15, p2: 18 }, rerolled: 'p2' },
      // p1 now trails but has no Warleader, so nobody is asked: p2 is the AP.
      { type: 'advantage-won', ap: 'p2' },
      { type: 'prompted', prompt: { kind: 'map-chooser', player: 'p2', options: ['p1', 'p2'] } },
      { type: 'chooser-named', ap: 'p2', chooser: 'p1' },
      {
        type: 'prompted',
        prompt: {
          kind: 'map',
          player: 'p1',
          options: [
            { id: 'mill-crossing', name: 'Mill Crossing' },
            { id: 'barrow-hill', name: 'Barrow Hill' },
          ],
        },
      },
      { type: 'map-chosen', by: 'p1', map: 'barrow-hill' },
      { type: 'prompted', prompt: { kind: 'entry', player: 'p1', options: { areas } } },
      { type: 'entry-placed', player: 'p1', area: 2, square: 'J19' },
      { type: 'prompted', prompt: { kind: 'entry', player: 'p2', options: { areas: [areas[0]] } } },
      { type: 'entry-placed', player: 'p2', area: 1, square: 'H1' },
      {
        type: 'setup-done',
        done: { ap: 'p2', chooser: 'p1', map: 'barrow-hill', entry: { p1: 'J19', p2: 'H1' }, rng: { kind: 'fixed', dice: [12, 12, 15, 9, 18], used: 5 } },
      },
    ]);
    expect(areas.map((a) => a.area)).toEqual([1, 2]);
    expect(state.done?.entry).toEqual({ p1: 'J19', p2: 'H1' });
    expect(state.prompt).toBeNull();
    expect(pregameReplay(start, events)).toEqual(state);
  });

  it('refuses out-of-turn and malformed answers and leaves the state unchanged', () => {
    expect(refused(start, { reroll: true })).toBe('no-prompt');
    expect(refused(start, { entry: 'A1' }, 'p1')).toBe('no-prompt');
    let { state } = play(start, [[{ begin: true }]]);
    expect(refused(state, { begin: true })).toBe('already-begun');
    expect(refused(state, { reroll: true }, 'p1')).toBe('not-your-prompt');
    expect(refused(state, { map: 'barrow-hill' }, 'p2')).toBe('wrong-answer');
    ({ state } = play(state, [[{ reroll: true }, 'p2']]));
    expect(refused(state, { chooser: 'p1' }, 'p1')).toBe('not-your-prompt');
    expect(refused(state, { chooser: 'p9' }, 'p2')).toBe('not-a-player');
    ({ state } = play(state, [[{ chooser: 'p1' }, 'p2']]));
    expect(refused(state, { map: 'pass-of-istlethere' }, 'p1')).toBe('unknown-map');
    expect(refused(state, { entry: 'H1' }, 'p1')).toBe('wrong-answer');
    ({ state } = play(state, [[{ map: 'barrow-hill' }, 'p1']]));
    expect(refused(state, { entry: 'Z99' }, 'p1')).toBe('off-map');
    expect(refused(state, { entry: 'T20' }, 'p1')).toBe('off-map');
    expect(refused(state, { entry: 'not a square' }, 'p1')).toBe('off-map');
    // H2 would cover H2–I3, half outside area 1's two rows; A1 is no start area at all.
    expect(refused(state, { entry: 'H2' }, 'p1')).toBe('not-a-start-area');
    expect(refused(state, { entry: 'A1' }, 'p1')).toBe('not-a-start-area');
    expect(refused(state, { entry: 'G1' }, 'p1')).toBe('not-a-start-area');
    ({ state } = play(state, [[{ entry: 'H1' }, 'p1']]));
    expect(refused(state, { entry: 'I1' }, 'p2')).toBe('area-taken');
    ({ state } = play(state, [[{ entry: 'L19' }, 'p2']]));
    expect(state.done).not.toBeNull();
    expect(refused(state, { entry: 'H19' }, 'p2')).toBe('no-prompt');
    expect(refused(state, { begin: true })).toBe('already-begun');
  });
});

describe('the setup tactics check (R6)', () => {
  const two = (dice: number[], rerolls = { p1: 0, p2: 2 }) => pregameInitial(setup(['p1', 'p2'], rerolls, ['mill-crossing'], fixed(dice)));
  const rolled = (events: PregameEvent[]) => events.filter((e) => e.type === 'tactics-rolled');

  it('asks the loser again after a reroll that still loses, until the rerolls run out', () => {
    const { state, events } = play(two([15, 5, 7, 3]), [[{ begin: true }], [{ reroll: true }, 'p2'], [{ reroll: true }, 'p2']]);
    expect(rolled(events).map((e) => e.totals)).toEqual([
      { p1: 15, p2: 5 },
      { p1: 15, p2: 7 },
      { p1: 15, p2: 3 },
    ]);
    expect(state.ap).toBe('p1');
    expect(state.rerollsLeft).toEqual({ p1: 0, p2: 0 });
    expect(state.prompt).toMatchObject({ kind: 'map-chooser', player: 'p1' });
  });

  it('does not ask a player who declined again', () => {
    const { state, events } = play(two([15, 5]), [[{ begin: true }], [{ reroll: false }, 'p2']]);
    expect(events.map((e) => e.type)).toEqual(['tactics-rolled', 'prompted', 'reroll-declined', 'advantage-won', 'prompted']);
    expect(state).toMatchObject({ ap: 'p1', declined: ['p2'], rerollsLeft: { p1: 0, p2: 2 } });
  });

  it('rolls a reroll that ties off between the tied players, then asks again', () => {
    const { state, events } = play(two([15, 5, 15, 10, 4]), [[{ begin: true }], [{ reroll: true }, 'p2']]);
    expect(rolled(events).map((e) => [e.players, e.rolls])).toEqual([
      [
        ['p1', 'p2'],
        [15, 5],
      ],
      [['p2'], [15]],
      [
        ['p1', 'p2'],
        [10, 4],
      ],
    ]);
    expect(state.prompt).toEqual({ kind: 'reroll', player: 'p2', options: { total: 4, leader: 'p1', leaderTotal: 10, rerollsLeft: 1 } });
  });

  it('lets a former leader who falls behind use their own Warleader dice', () => {
    const { state } = play(two([15, 5, 18, 2], { p1: 1, p2: 1 }), [[{ begin: true }], [{ reroll: true }, 'p2'], [{ reroll: true }, 'p1']]);
    expect(state.totals).toEqual({ p1: 2, p2: 18 });
    expect(state.ap).toBe('p2');
  });

  it('refuses to go on when fixed dice run out, without changing anything', () => {
    expect(refused(two([15]), { begin: true })).toBe('out-of-dice');
  });

  it('is deterministic from a seed', () => {
    const s = pregameInitial(setup(['p1', 'p2', 'p3'], { p1: 1, p2: 0, p3: 2 }, ['burning-village'], seeded(42)));
    expect(pregameDecide(s, { begin: true })).toEqual(pregameDecide(structuredClone(s), { begin: true }));
  });
});

describe('four players on burning-village', () => {
  const start = pregameInitial(setup(['a', 'b', 'c', 'd'], { a: 0, b: 0, c: 0, d: 0 }, ['burning-village'], fixed([5, 17, 9, 11])));

  it('asks the chooser even with one agreed map, then places tiles from the chooser round the table', () => {
    let { state, events } = play(start, [[{ begin: true }], [{ chooser: 'c' }, 'b']]);
    // One candidate: the map is agreed, nobody is asked for it.
    expect(events.filter((e) => e.type === 'map-chosen')).toEqual([{ type: 'map-chosen', by: null, map: 'burning-village' }]);
    const asked: string[] = [];
    const offered: number[][] = [];
    const tiles: Record<string, string> = { c: 'W3', d: 'T23', a: 'A1', b: 'A19' };
    while (state.prompt?.kind === 'entry') {
      const prompt = state.prompt;
      asked.push(prompt.player);
      offered.push(prompt.options.areas.map((a) => a.area));
      ({ state } = play(state, [[{ entry: tiles[prompt.player]! }, prompt.player]]));
      if (prompt.player === 'd') expect(refused(state, { entry: 'W4' }, 'a')).toBe('area-taken');
    }
    expect(asked).toEqual(['c', 'd', 'a', 'b']);
    expect(offered).toEqual([[1, 2, 3, 4], [1, 2, 4], [1, 4], [4]]);
    expect(state.areas).toEqual({ c: 3, d: 2, a: 1, b: 4 });
    expect(state.done).toMatchObject({ ap: 'b', chooser: 'c', map: 'burning-village', entry: tiles });
  });
});

describe('a map without marked start areas (R5 defaults)', () => {
  // Taller than wide, so the defaults are the top and bottom two rows; C1 is obstructing, G2 a wall.
  const open = gridmapSchema.parse({
    id: 'open-yard',
    name: 'Open Yard',
    grid: ['..o.....', '......#.', '........', '...##...', '........', '........', '...##...', '........', '........', '........'],
  });

  it('offers only tiles on standable squares wholly inside the default edges', () => {
    expect(buildBoard(open).defaultStartAreas).toBe(true);
    expect(entryAreas(open)).toEqual([
      { area: 1, tiles: ['A1', 'D1', 'E1'] },
      { area: 2, tiles: ['A9', 'B9', 'C9', 'D9', 'E9', 'F9', 'G9'] },
    ]);
  });

  it('places the tiles, refusing blocked and straddling ones', () => {
    let { state } = play(pregameInitial({ players: ['p1', 'p2'], rerolls: { p1: 0, p2: 0 }, maps: [{ id: 'yard', map: open }], rng: fixed([3, 8]) }), [
      [{ begin: true }],
      [{ chooser: 'p2' }, 'p2'],
    ]);
    expect(state.prompt).toMatchObject({ kind: 'entry', player: 'p2' });
    expect(refused(state, { entry: 'B1' }, 'p2')).toBe('tile-blocked');
    expect(refused(state, { entry: 'F1' }, 'p2')).toBe('tile-blocked');
    expect(refused(state, { entry: 'A2' }, 'p2')).toBe('not-a-start-area');
    ({ state } = play(state, [
      [{ entry: 'g9' }, 'p2'],
      [{ entry: 'D1' }, 'p1'],
    ]));
    expect(state.done).toMatchObject({ ap: 'p2', chooser: 'p2', map: 'yard', entry: { p2: 'G9', p1: 'D1' } });
  });
});

describe('setup checks', () => {
  const ok = setup(['p1', 'p2'], { p1: 0, p2: 1 }, ['mill-crossing'], seeded(1));

  it('accepts a good setup and names what is wrong with a bad one', () => {
    expect(checkPregameSetup(ok)).toBeNull();
    const problems = [
      { ...ok, players: ['p1'] },
      { ...ok, players: ['p1', 'p1'] },
      { ...ok, rerolls: { p1: 0 } },
      { ...ok, rerolls: { p1: 0, p2: -1 } },
      { ...ok, maps: [] },
      { ...ok, maps: [...ok.maps, ...ok.maps] },
      setup(['p1', 'p2', 'p3'], { p1: 0, p2: 0, p3: 0 }, ['burning-village', 'mill-crossing'], seeded(1)),
    ].map((s) => checkPregameSetup(s));
    for (const p of problems) expect(p).toMatchObject({ code: 'bad-setup' });
    expect(problems[6]?.message).toMatch(/Mill Crossing .* room for 2 entry tiles, not 3/);
    expect(() => pregameInitial({ ...ok, maps: [] })).toThrow(/checkPregameSetup/);
  });
});

describe('from setup to play', () => {
  const units: ScenarioUnit[] = [
    { id: 'cap', card: 'valor-knight-captain', player: 'p1', at: 'reserve' },
    { id: 'sgt', card: 'valor-sergeant', player: 'p1', at: 'reserve' },
    { id: 'arc', card: 'valor-archer', player: 'p1', at: 'reserve' },
    { id: 'boss', card: 'havoc-orc-warboss', player: 'p2', at: 'reserve' },
    { id: 'ogre', card: 'havoc-armored-ogre', player: 'p2', at: 'reserve' },
    { id: 'zed', card: 'havoc-zombie', player: 'p2', at: 'reserve' },
  ];
  const gameSetup = (mapId: string, rng: Rng, entry?: Record<string, string>) => ({
    map: map(mapId),
    cards: content.index.units,
    mods: content.index.mods,
    options: { vpTarget: 121, glancingBlow: true, roundLimit: null },
    players: ['p1', 'p2'],
    units,
    rng,
    ...(entry ? { entry } : {}),
  });

  it('reads Warleader ratings from the cards, units in reserve included', () => {
    const made = initial(gameSetup('mill-crossing', seeded(0)));
    if ('error' in made) throw new Error(made.error.message);
    expect(setupRerolls(made.state)).toEqual({ p1: 2, p2: 1 });
  });

  it("feeds `done` to initial(): units start in reserve and enter from their player's tile", () => {
    const candidates = ['mill-crossing', 'pass-of-istlethere'];
    const probe = initial(gameSetup(candidates[0]!, seeded(0)));
    if ('error' in probe) throw new Error(probe.error.message);
    let pre = pregameInitial(setup(['p1', 'p2'], setupRerolls(probe.state), candidates, seeded(2024)));
    pre = play(pre, [[{ begin: true }]]).state;
    // Every prompt answered with its first option (reroll: yes).
    while (pre.prompt) {
      const p = pre.prompt;
      const command: PregameCommand =
        p.kind === 'reroll'
          ? { reroll: true }
          : p.kind === 'map-chooser'
            ? { chooser: p.options[p.options.length - 1]! }
            : p.kind === 'map'
              ? { map: p.options[1]!.id }
              : { entry: p.options.areas[0]!.tiles[0]! };
      pre = play(pre, [[command, p.player]]).state;
    }
    const done = pre.done!;
    expect(done.map).toBe('pass-of-istlethere');

    const made = initial(gameSetup(done.map, done.rng, { ...done.entry }));
    if ('error' in made) throw new Error(made.error.message);
    let game = made.state;
    expect(Object.values(game.units).every((u) => u.at === null)).toBe(true);
    const step = (command: Parameters<typeof decide>[1], by?: string): void => {
      const r = decide(game, command, by);
      if ('error' in r) throw new Error(`${JSON.stringify(command)}: ${r.error.message}`);
      game = r.events.reduce(apply, game);
    };
    step({ begin: true });
    while (game.prompt) step({ decide: defaultDecision(game.prompt) });
    const player = game.turn!.player;
    const unit = player === 'p1' ? 'sgt' : 'zed';
    const tile = done.entry[player]!;
    step({ act: 'move', unit, path: [tile] }, player);
    expect(game.units[unit]!.at).toBe(squareIndex(boardOf(game), tile));
    expect(game.entry[player]).toBe(squareIndex(boardOf(game), tile));
  });
});
