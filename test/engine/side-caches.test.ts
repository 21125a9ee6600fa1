/**
 * Friend or foe is part of what the speed caches are keyed by (sides.ts, table.ts): with everyone in
 * the same places, a Controlled unit taking its turn changes who is whose enemy (§6.2), so flanking,
 * the odds of an attack, passing through units and replies must be worked out again, not read from a
 * table made for the same places on other sides. Each check asks the other side first, so a cache
 * that kept the first answer would give it again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario, scenarioState } from '../../src/rulesets/sellsword/scenario-runner';
import { scenarioContent } from '../fixtures/scenario-content';
import { asCommanded } from '../../src/rulesets/sellsword/engine/acts';
import { squareIndex } from '../../src/engine/board';
import type { Command } from '../../src/rulesets/sellsword/engine/commands';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { apply } from '../../src/rulesets/sellsword/engine/events';
import { moverOf, replyThreats, stepPrice } from '../../src/rulesets/sellsword/engine/paths';
import { reachableSquares } from '../../src/rulesets/sellsword/engine/queries';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { findAttack, tableOf, unitOf } from '../../src/rulesets/sellsword/engine/table';
import { attackLine, flanked, isProblem } from '../../src/rulesets/sellsword/engine/targeting';
import { scenarioSchema, type Scenario } from '../../src/formats/scenario';

const content = scenarioContent();
const dir = join(import.meta.dirname, '..', 'scenarios');

const card = {
  id: 't-unit',
  name: 'Test Unit',
  faction: 'test',
  quality: 3,
  size: 'medium',
  cost: 10,
  stats: { agility: 10, brawn: 10, spirit: 10, wits: 10, move: 5, armor: 12, vigor: 20 },
  tokens: { react: 1 },
  injuries: ['mobility', 'mobility', 'mobility', 'mortal'],
  attacks: [{ id: 'club', name: 'Club', range: 1, bonus: 5, vs: 'armor', effects: [{ wound: 5, type: 'crush' }] }],
};

const controlled = [{ status: 'controlled', recover: 'spirit', source: 'm' }];

/** A p1 turn on an 8×8 map with `grid`; `c` (p1's) is Controlled by p2's `m` when `control` is set. */
function game(grid: string[], units: { id: string; player: string; at: string }[], control: boolean): GameState {
  const scenario: Scenario = scenarioSchema.parse({
    name: 'side caches',
    map: { id: 'yard8', name: 'Yard 8', grid },
    cards: [card],
    players: ['p1', 'p2'],
    start: { round: 1, order: ['p1', 'p2'] },
    units: units.map((u) => ({ ...u, card: 't-unit', ...(u.id === 'c' && control ? { statuses: controlled } : {}) })),
    dice: [15, 15, 15, 15],
    steps: [],
    expect: {},
  });
  return play(scenarioState(scenario, content), { begin: true });
}

function play(state: GameState, command: Command, by?: string): GameState {
  const r = decide(state, command, by);
  if ('error' in r) throw new Error(r.error.message);
  return r.events.reduce(apply, state);
}

const open = Array.from({ length: 8 }, () => '........');

describe("§6.2 Controlled, R29: flanking and the odds follow the turn's sides, not a table kept for the same places", () => {
  // x (p1) between c (p1's, Controlled by p2) and e (p2), two apart: on c's turn c and e flank x.
  const units = [
    { id: 'c', player: 'p1', at: 'C4' },
    { id: 'x', player: 'p1', at: 'D4' },
    { id: 'e', player: 'p2', at: 'E4' },
    { id: 'm', player: 'p2', at: 'H8' },
  ];
  const before = game(open, units, true);
  const onTurn = asCommanded(before, unitOf(before, 'c'));

  it('gives the same units in the same places different tables', () => {
    expect(onTurn.units).toBe(before.units);
    expect(onTurn.turn).toMatchObject({ unit: 'c', controller: 'p2' });
    expect(tableOf(onTurn)).not.toBe(tableOf(before));
  });

  it('flanks x only while c fights for p2, whichever is asked first', () => {
    for (const order of [
      [before, onTurn, before],
      [onTurn, before, onTurn],
    ]) {
      for (const state of order) expect(flanked(state, unitOf(state, 'x'))).toBe(state === onTurn);
    }
  });

  it("gives e's club at x +2 for compromised (flanked) only while c fights for p2", () => {
    const club = findAttack(before, unitOf(before, 'e'), 'club')!;
    const line = (state: GameState) => {
      const l = attackLine(state, unitOf(state, 'e'), club, unitOf(state, 'x'));
      if (isProblem(l)) throw new Error(l.message);
      return l;
    };
    const plain = line(before);
    const flanking = line(onTurn);
    expect(plain.notes).not.toContain('compromised (flanked) +2');
    expect(flanking.notes).toContain('compromised (flanked) +2');
    expect(flanking.modifier).toBe(plain.modifier + 2);
    expect(line(before)).toEqual(plain);
  });
});

describe('§6.2 Controlled, R13, R25: passing through units and replies follow the sides in the same places', () => {
  // A corridor along row 4, open at H: c (p1) at C4 with x (p1) at D4 ahead of it; e and m (p2) far off.
  const corridor = ['........', '........', '#######.', '........', '#######.', '........', '........', '........'];
  const units = [
    { id: 'c', player: 'p1', at: 'C4' },
    { id: 'x', player: 'p1', at: 'D4' },
    { id: 'e', player: 'p2', at: 'A8' },
    { id: 'm', player: 'p2', at: 'H8' },
  ];
  const free = game(corridor, units, false);
  const held = game(corridor, units, true);

  it('lets c pass x on its own side but not on its controller’s, whichever is asked first', () => {
    const ahead = ['E4', 'F4', 'G4', 'H4'];
    for (const order of [
      [free, held, free],
      [held, free, held],
    ]) {
      for (const state of order) {
        const reach = reachableSquares(state, 'c');
        for (const sq of ahead) expect(reach.has(sq), `${sq} ${state === held ? 'held' : 'free'}`).toBe(state === free);
        expect(reach.has('B4')).toBe(true);
      }
    }
  });

  it('prices the step onto x and counts x as a reply threat only on the controller’s side', () => {
    const board = tableOf(free).board;
    const [c4, d4] = [squareIndex(board, 'C4')!, squareIndex(board, 'D4')!];
    for (const state of [free, asCommanded(held, unitOf(held, 'c')), free]) {
      const onP2 = state !== free;
      const table = tableOf(state);
      const mover = moverOf(state, unitOf(state, 'c'));
      expect(stepPrice(state, table, mover, c4, d4, 0) < 0).toBe(onP2);
      expect(replyThreats(state, table, mover, c4).map((u) => u.id)).toEqual(onP2 ? ['x'] : []);
    }
  });

  it("offers x a reply when c steps away on p2's command, and not when c steps away on its own", () => {
    const step: Command = { act: 'move', unit: 'c', path: ['B4'] };
    expect(play(free, step, 'p1').prompt).toBeNull();
    expect(play(held, step, 'p2').prompt).toMatchObject({ kind: 'reply', unit: 'x', player: 'p1' });
    expect(play(free, step, 'p1').prompt).toBeNull();
  });
});

describe('the side-changing scenarios in one process', () => {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const sided = files.filter((f) => /controlled|glamyred|enraged/.test(f));
  const run = (f: string) => runScenario(scenarioSchema.parse(JSON.parse(readFileSync(join(dir, f), 'utf8'))), content);

  it('give the same reports run first and again after every other scenario, in reverse order', () => {
    expect(sided.length).toBeGreaterThanOrEqual(6);
    const first = new Map(sided.map((f) => [f, JSON.stringify(run(f))]));
    for (const f of files) if (!sided.includes(f)) run(f);
    for (const f of [...sided].reverse()) expect(JSON.stringify(run(f)), f).toBe(first.get(f));
  });
});
