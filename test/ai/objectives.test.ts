/**
 * The practice AI and R4 objectives (5 VP a round for an area holding your units and none of an
 * opponent's, scored at the round's end): a unit holding an objective alone strikes an enemy it can
 * reach and comes back onto the area before its turn ends, rather than ending its turn where it stands;
 * it stays put when nothing is in reach; a second unit on an area its friend holds goes to fight.
 */
import { describe, expect, it } from 'vitest';
import { aiMoves } from '../../src/rulesets/sellsword/ai';
import { boardOf, type Command, type GameState, squaresOf, step } from '../../src/rulesets/sellsword/engine';
import { scenarioSchema } from '../../src/rulesets/sellsword/formats/scenario';
import { scenarioState } from '../../src/rulesets/sellsword/scenario-runner';
import { parseWith } from '../../src/formats/problems';
import { scenarioContent } from '../fixtures/scenario-content';

const content = scenarioContent();

type Placed = { id: string; card: string; player: 'p1' | 'p2'; at: string };

/** A unit whose only attack is a burst (R43) of radius 1 centred up to 3 squares away. */
const thrower = {
  id: 't-thrower',
  name: 'Thrower',
  faction: 'test',
  quality: 3,
  size: 'medium',
  cost: 10,
  stats: { agility: 10, brawn: 10, spirit: 10, wits: 10, move: 5, armor: 10, vigor: 0 },
  tokens: { react: 0 },
  injuries: ['mobility', 'defensive', 'mortal'],
  attacks: [{ id: 'pot', name: 'Fire Pot', range: 3, burst: 1, bonus: 5, vs: 'armor', effects: [{ wound: 5, type: 'fire' }] }],
};

/** A field 9 wide and `rows` deep with one objective area (E5 and F5), p1 (the AI) to act first in round 1. */
function position(units: Placed[], rows = 9): GameState {
  const grid = Array.from({ length: rows }, (_, r) => (r < 2 ? '....11...' : r >= rows - 2 ? '....22...' : '.........'));
  const parsed = parseWith(scenarioSchema, {
    name: 'R4: the AI and an objective',
    description: 'p1 (the AI) holds E5–F5; p2 waits.',
    map: { id: 'field', name: 'Field', grid, objectives: [['E5', 'F5']] },
    cards: [thrower],
    players: ['p1', 'p2'],
    start: { round: 1, order: ['p1', 'p2'] },
    units,
    seed: 7,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  const r = step(scenarioState(parsed.value, content), { begin: true });
  if ('error' in r) throw new Error(r.error.message);
  return r.state;
}

const onObjective = (state: GameState, id: string): boolean =>
  boardOf(state).objectives.some((area) => squaresOf(state, state.units[id]!).some((s) => area.includes(s)));

const kind = (c: Command): string => ('act' in c ? c.act : Object.keys(c)[0]!);

describe('practice AI on R4 objectives', () => {
  it('a lone holder with an enemy a move away moves, attacks and steps back onto the area instead of ending its turn', () => {
    // The target (react 0: no reply) stands four squares south of the area, out of the sword's reach.
    const state = position([
      { id: 's', card: 't-soldier', player: 'p1', at: 'E5' },
      { id: 't', card: 't-charger', player: 'p2', at: 'E9' },
    ]);
    const played = aiMoves(state, 'p1');
    expect(played.commands.map(kind)).toEqual(['move', 'attack', 'move']);
    expect(played.events.some((e) => e.type === 'attack-rolled')).toBe(true);
    expect(onObjective(played.state, 's')).toBe(true);
  });

  it('a lone holder whose attack is a burst steps out to throw it and comes back', () => {
    const state = position([
      { id: 's', card: 't-thrower', player: 'p1', at: 'E5' },
      { id: 't', card: 't-charger', player: 'p2', at: 'E9' },
    ]);
    const played = aiMoves(state, 'p1');
    expect(played.commands.map(kind)).toEqual(['move', 'attack', 'move']);
    expect(onObjective(played.state, 's')).toBe(true);
  });

  it('a lone holder with no enemy within a move holds the area', () => {
    const state = position(
      [
        { id: 's', card: 't-soldier', player: 'p1', at: 'E5' },
        { id: 't', card: 't-charger', player: 'p2', at: 'E14' },
      ],
      14,
    );
    const played = aiMoves(state, 'p1');
    expect(played.commands.map(kind)).not.toContain('attack');
    expect(onObjective(played.state, 's')).toBe(true);
  });

  it('of two units on an area, one goes to fight and the other keeps the area', () => {
    const state = position([
      { id: 's', card: 't-soldier', player: 'p1', at: 'E5' },
      { id: 'r', card: 't-soldier', player: 'p1', at: 'F5' },
      { id: 't', card: 't-charger', player: 'p2', at: 'E9' },
    ]);
    const played = aiMoves(state, 'p1');
    const mover = played.commands.map((c) => ('unit' in c ? c.unit : null)).find((u) => u !== null)!;
    expect(played.commands.map(kind)).toContain('attack');
    expect(onObjective(played.state, mover === 's' ? 'r' : 's')).toBe(true);
  });
});
