/**
 * The benchmarks' realistic turns close in (bench-drive.ts frontUnit, towardsEnemy): each turn the
 * player takes their front unit, moves it to the reachable square nearest an enemy, and ends its
 * turn, until a unit to act has a target in reach; then that unit is the one taken, where it stands.
 * Played here on the engine alone, 8 units a side on each shipped map.
 */
import { describe, expect, it } from 'vitest';
import { frontUnit, SHIPPED_MAPS, towardsEnemy } from '../../src/bench/bench-drive';
import { newGame } from '../../src/bench/selfplay';
import { defaultContent } from '../../src/content/load';
import { defaultDecision, type GameState, reachableSquares, step, visibleTargets } from '../../src/rulesets/sellsword/engine';

const content = defaultContent();

function apply(game: GameState, command: Parameters<typeof step>[1]): GameState {
  const done = step(game, command);
  if ('error' in done) throw new Error(`refused: ${done.error.message}`);
  return done.state;
}

function settle(game: GameState): GameState {
  let g = game;
  while (!g.over && (g.prompt || !g.turn)) g = apply(g, g.prompt ? { decide: defaultDecision(g.prompt) } : { begin: true });
  return g;
}

describe('closing in', () => {
  it.each(SHIPPED_MAPS)('brings the sides within reach on %s, then takes a unit that has a target', (map) => {
    let game = settle(newGame(content, map, 7, 8));
    let turns = 0;
    for (; turns < 80; turns++) {
      const front = frontUnit(game)!;
      if (front.inReach) break;
      const to = towardsEnemy(game, front.unit, [...reachableSquares(game, front.unit).keys()]);
      if (to) game = settle(apply(game, { act: 'move', unit: front.unit, to } as Parameters<typeof step>[1]));
      if (!game.over && game.turn) game = settle(apply(game, { end: game.turn.unit ?? front.unit }));
    }
    const front = frontUnit(game)!;
    expect(front.inReach, `no target in reach after ${turns} turns`).toBe(true);
    expect(visibleTargets(game, front.unit).length).toBeGreaterThan(0);
  });
});
