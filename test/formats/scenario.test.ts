import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../src/formats/problems';
import { scenarioSchema } from '../../src/rulesets/sellsword/formats/scenario';
import { probe } from '../fixtures/problems';

/** The scenario example from docs/formats.md "Scenario". */
const example = {
  map: 'mill-crossing',
  cards: [],
  mods: [],
  options: { vpTarget: 121, glancingBlow: true },
  players: ['p1', 'p2'],
  start: { round: 1, order: ['p1', 'p2'] },
  units: [
    { id: 'a', card: 'valor-squire', player: 'p1', at: 'C3' },
    {
      id: 'b',
      card: 'havoc-ghoul',
      player: 'p2',
      at: 'D4',
      vigor: 5,
      injuries: ['mobility'],
      statuses: [{ status: 'pinned', recover: 'agility', source: 'a' }],
      tokens: { react: 0 },
      turnTaken: true,
    },
  ],
  dice: [14, 3, 20],
  auto: true,
  steps: [
    { act: 'move', unit: 'a', path: ['C4', 'C5'] },
    { act: 'move', unit: 'a', to: 'E6' },
    { act: 'maneuver', unit: 'a', to: 'E7' },
    { act: 'attack', unit: 'a', attack: 'spear', target: 'b' },
    { act: 'attack', unit: 'a', attack: 'spear', target: 'b', charge: ['D5', 'D6'] },
    { act: 'attack', unit: 'a', attack: 'firebomb', origin: 'F6' },
    { act: 'rest', unit: 'a', token: 'react' },
    { act: 'crow', unit: 'a' },
    { act: 'trait', unit: 'a', trait: 'ritual' },
    { end: 'a' },
    { decide: { unit: 'b', reply: 'claw' } },
    { decide: { unit: 'b', reply: null } },
    { decide: { unit: 'b', avoid: 5, injuries: ['defensive'] } },
    { decide: { player: 'p1', order: ['p2', 'p1'] } },
    { decide: { player: 'p2', reroll: true } },
  ],
};

/** A small valid scenario to spread and override. */
const base = {
  map: 'mill-crossing',
  players: ['p1', 'p2'],
  units: [
    { id: 'a', card: 'valor-squire', player: 'p1', at: 'C3' },
    { id: 'b', card: 'havoc-ghoul', player: 'p2', at: 'D4' },
  ],
};
const withSteps = (...steps: unknown[]) => ({ ...base, steps });

/** A 6×6 map with two start areas joined by open ground. */
const inlineMap = {
  id: 'test-field',
  name: 'Test Field',
  grid: ['11....', '11.^b.', '..#o..', '..*~..', '....22', '....22'],
};

const { parsed, problems, expectProblem } = probe(scenarioSchema, 'scenario');

describe('scenario: the docs/formats.md example', () => {
  it('loads with every step kind', () => {
    const s = parsed(example);
    expect(s.map).toBe('mill-crossing');
    expect(s.options).toEqual({ vpTarget: 121, glancingBlow: true, roundLimit: null });
    expect(s.start).toEqual({ round: 1, order: ['p1', 'p2'] });
    expect(s.dice).toEqual([14, 3, 20]);
    expect(s.auto).toBe(true);
    expect(s.units[1]).toEqual(example.units[1]);
    expect(s.steps).toEqual(example.steps);
  });

  it('reads a sized die as its size and face, beside bare d20 results', () => {
    expect(parsed({ ...example, dice: [14, 'd10:7', 'D6:4', ' d8:8 '] }).dice).toEqual([14, { d: 10, v: 7 }, { d: 6, v: 4 }, { d: 8, v: 8 }]);
  });

  it('keeps each act step as written', () => {
    const steps = parsed(example).steps;
    expect(steps[0]).toEqual({ act: 'move', unit: 'a', path: ['C4', 'C5'] });
    expect(steps[1]).toEqual({ act: 'move', unit: 'a', to: 'E6' });
    expect(steps[2]).toEqual({ act: 'maneuver', unit: 'a', to: 'E7' });
    expect(steps[3]).toEqual({ act: 'attack', unit: 'a', attack: 'spear', target: 'b' });
    expect(steps[4]).toMatchObject({ act: 'attack', target: 'b', charge: ['D5', 'D6'] });
    expect(steps[5]).toMatchObject({ act: 'attack', attack: 'firebomb', origin: 'F6' });
    expect(steps[6]).toEqual({ act: 'rest', unit: 'a', token: 'react' });
    expect(steps[7]).toEqual({ act: 'crow', unit: 'a' });
    expect(steps[8]).toEqual({ act: 'trait', unit: 'a', trait: 'ritual' });
    expect(steps[9]).toEqual({ end: 'a' });
  });

  it('keeps each decide form as written', () => {
    const steps = parsed(example).steps;
    expect(steps.slice(10)).toEqual([
      { decide: { unit: 'b', reply: 'claw' } },
      { decide: { unit: 'b', reply: null } },
      { decide: { unit: 'b', avoid: 5, injuries: ['defensive'] } },
      { decide: { player: 'p1', order: ['p2', 'p1'] } },
      { decide: { player: 'p2', reroll: true } },
    ]);
  });
});

describe('scenario: defaults and normalising', () => {
  it('fills defaults', () => {
    const s = parsed(base);
    expect(s).toMatchObject({ cards: [], mods: [], steps: [], auto: false, options: { vpTarget: 121, glancingBlow: true, roundLimit: null } });
    expect(s.start).toBeUndefined();
    expect(s.dice).toBeUndefined();
  });

  it('upper-cases squares, accepts "reserve", charge: true and a seed, and defaults rest to react', () => {
    const s = parsed({
      ...base,
      units: [
        { id: 'a', card: 'valor-squire', player: 'p1', at: 'c3' },
        { id: 'b', card: 'havoc-ghoul', player: 'p2', at: 'reserve' },
      ],
      entry: { p2: 'f6' },
      seed: 7,
      steps: [
        { act: 'move', unit: 'a', path: ['c4', 'aa5'] },
        { act: 'attack', unit: 'a', attack: 'spear', target: 'b', charge: true },
        { act: 'rest', unit: 'a' },
      ],
    });
    expect(s.units.map((u) => u.at)).toEqual(['C3', 'reserve']);
    expect(s.entry).toEqual({ p2: 'F6' });
    expect(s.seed).toBe(7);
    expect(s.steps).toEqual([
      { act: 'move', unit: 'a', path: ['C4', 'AA5'] },
      { act: 'attack', unit: 'a', attack: 'spear', target: 'b', charge: true },
      { act: 'rest', unit: 'a', token: 'react' },
    ]);
  });

  it('accepts inline cards and mods', () => {
    const card = {
      id: 'test-dummy',
      name: 'Dummy',
      faction: 'valor',
      quality: 1,
      size: 'small',
      cost: 5,
      stats: { agility: 8, brawn: 8, spirit: 8, wits: 8, move: 'F4', armor: 10, vigor: 8 },
      injuries: ['mortal'],
    };
    const s = parsed({ ...base, cards: [card], mods: [{ id: 'test-mod', name: 'Mod', faction: 'valor', cost: 1 }] });
    expect(s.cards[0]?.stats).toMatchObject({ move: 4, fly: true });
    expect(s.mods[0]?.tokens).toEqual({ react: 0, blue: 0, red: 0 });
    expectProblem({ ...base, cards: [{ ...card, quality: 'x' }] }, 'cards[0].quality', /expected a number/);
  });

  it('accepts an inline gridmap for map', () => {
    const s = parsed({ ...base, map: inlineMap });
    expect(s.map).toMatchObject({ id: 'test-field', walls: [], lowCover: [], cells: [], damage: 'fire', objectives: [] });
  });

  it('reports an invalid inline map under map', () => {
    expectProblem(
      { ...base, map: { ...inlineMap, grid: ['11....', '11.^b', ...inlineMap.grid.slice(2)] } },
      'map.grid[1]',
      /row 2 has 5 squares but row 1 has 6/,
    );
    expectProblem({ ...base, map: { ...inlineMap, walls: ['A1/C1'] } }, 'map.walls[0]', /do not share a side/);
    expectProblem({ ...base, map: { ...inlineMap, lava: true } }, 'map.lava', /unknown key/);
    expectProblem({ ...base, map: { ...inlineMap, grid: inlineMap.grid.slice(0, 5) } }, 'map.grid', /at least 6 items/);
    expectProblem({ ...base, map: 'Mill Crossing' }, 'map', /map id like "mill-crossing" or an inline gridmap, got "Mill Crossing"/);
  });
});

describe('scenario: problems name the path and what was expected', () => {
  it('an unknown act', () => {
    expectProblem(withSteps({ act: 'fly', unit: 'a' }), 'steps[0].act', /unknown act "fly"; expected one of move, maneuver, attack, rest, crow, trait/);
  });

  it('a step that is no kind of step', () => {
    expectProblem(withSteps({ unit: 'a' }), 'steps[0]', /expected step: an object with one of act, end, decide/);
  });

  it('a move with both path and to, or neither', () => {
    expectProblem(withSteps({ act: 'move', unit: 'a', path: ['C4'], to: 'C5' }), 'steps[0]', /a move takes either "path" or "to"/);
    expectProblem(withSteps({ act: 'move', unit: 'a' }), 'steps[0]', /a move takes either "path" or "to"/);
    expectProblem(withSteps({ act: 'maneuver', unit: 'a', path: ['C4', 'C5'] }), 'steps[0].path', /at most 1 item/);
  });

  it('an attack with neither target nor origin, or both', () => {
    expectProblem(withSteps({ act: 'attack', unit: 'a', attack: 'spear' }), 'steps[0]', /either a "target" unit or a burst "origin" square/);
    expectProblem(
      withSteps({ act: 'attack', unit: 'a', attack: 'spear', target: 'b', origin: 'D4' }),
      'steps[0]',
      /either a "target" unit or a burst "origin"/,
    );
  });

  it('bad squares and unknown keys inside steps', () => {
    expectProblem(withSteps({ act: 'move', unit: 'a', path: ['C4', 'middle'] }), 'steps[0].path[1]', /expected a square like "C4".*got "middle"/);
    expectProblem(withSteps({ act: 'crow', unit: 'a', loudly: true }), 'steps[0].loudly', /unknown key/);
    expectProblem(withSteps({ act: 'rest', unit: 'a', token: 'vigor' }), 'steps[0].token', /expected one of react, blue, red; got "vigor"/);
  });

  it('a decision without a unit or player, and a bad decision value', () => {
    expectProblem(withSteps({ decide: { reroll: true } }), 'steps[0].decide', /names the "unit" or "player" deciding/);
    expectProblem(withSteps({ decide: { player: 'p1', order: ['p1', 'p1'] } }), 'steps[0].decide.order[1]', /player "p1" is listed twice/);
    expectProblem(withSteps({ decide: { unit: 'b', avoid: -1 } }), 'steps[0].decide.avoid', /at least 0, got -1/);
  });

  it('a unit whose player is not in players', () => {
    expectProblem(
      { ...base, units: [...base.units, { id: 'c', card: 'valor-serf', player: 'p3', at: 'E5' }] },
      'units[2].player',
      /"p3" is not in players \(p1, p2\)/,
    );
  });

  it('duplicate unit ids', () => {
    expectProblem({ ...base, units: [...base.units, { id: 'a', card: 'valor-serf', player: 'p1', at: 'E5' }] }, 'units[2].id', /duplicate unit id "a"/);
  });

  it('start.order missing a player, or naming a stranger', () => {
    expectProblem({ ...base, start: { order: ['p1'] } }, 'start.order', /must list each of the players \(p1, p2\) once/);
    expectProblem({ ...base, start: { order: ['p1', 'p3'] } }, 'start.order', /must list each of the players/);
    expect(parsed({ ...base, start: { order: ['p2', 'p1'] } }).start).toEqual({ round: 1, order: ['p2', 'p1'] });
  });

  it('an entry tile for a player not in players', () => {
    expectProblem({ ...base, entry: { p3: 'A1' } }, 'entry.p3', /"p3" is not in players/);
    expectProblem({ ...base, start: { order: ['p1', 'p2'], entry: { p9: 'A1' } } }, 'start.entry.p9', /"p9" is not in players/);
  });

  it('both dice and seed', () => {
    expectProblem({ ...base, dice: [1, 2], seed: 3 }, 'seed', /give "dice" or "seed", not both/);
  });

  it('a sized die whose face is off the die, or a die written otherwise', () => {
    expectProblem({ ...base, dice: [14, 'd6:7'] }, 'dice[1]', /a d6 has no face 7/);
    expectProblem({ ...base, dice: ['d1:1'] }, 'dice[0]', /a d1 has no face 1/);
    expectProblem({ ...base, dice: ['10:7'] }, 'dice[0]', /like "d10:7"; got "10:7"/);
  });

  it('a die of 21 (or 0)', () => {
    expectProblem({ ...base, dice: [14, 21] }, 'dice[1]', /at most 20, got 21/);
    expectProblem({ ...base, dice: [0] }, 'dice[0]', /at least 1, got 0/);
  });

  it('fewer than 2 players, or a repeated one', () => {
    expectProblem({ ...base, players: ['p1'], units: [base.units[0]] }, 'players', /at least 2 items/);
    expectProblem({ ...base, players: ['p1', 'p1'] }, 'players[1]', /player "p1" is listed twice/);
  });

  it('an unknown top-level key', () => {
    expectProblem({ ...base, seeds: 3 }, 'seeds', /unknown key/);
  });

  it('missing map and units', () => {
    const { map: _map, ...noMap } = base;
    expect(problems(noMap).map((p) => p.path)).toContain('map');
    expectProblem({ ...base, units: [] }, 'units', /at least 1 item/);
  });

  it('reports several problems at once', () => {
    const found = problems({ ...base, dice: [21], seeds: 1, steps: [{ act: 'fly', unit: 'a' }, { end: 'Big A' }] });
    const paths = found.map((p) => p.path);
    for (const path of ['dice[0]', 'seeds', 'steps[0].act', 'steps[1].end']) expect(paths, formatProblems(found)).toContain(path);
  });
});
