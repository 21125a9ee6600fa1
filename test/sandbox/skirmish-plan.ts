/**
 * A blunt plan for getting two warbands into a fight fast, so the browser test reaches a reply
 * prompt within a few turns: attack when any attack is legal, otherwise walk the active unit towards
 * the nearest enemy, otherwise end the turn. It reads the game only to decide, as the e2e driver does;
 * the test acts through the sandbox.
 */
import { squareIndex } from '../../src/engine/board';
import type { Command } from '../../src/rulesets/sellsword/engine/commands';
import { legalActs } from '../../src/rulesets/sellsword/engine/queries';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { boardOf } from '../../src/rulesets/sellsword/engine/table';

export function nextAct(game: GameState): Command {
  const turn = game.turn!;
  const legal = legalActs(game);
  const attacks = legal.filter((c) => 'act' in c && c.act === 'attack' && c.target !== undefined);
  const attack = attacks.find((c) => !('charge' in c && c.charge)) ?? attacks[0];
  if (attack) return attack;

  const board = boardOf(game);
  const xy = (i: number) => [i % board.width, Math.floor(i / board.width)] as const;
  const enemies = Object.values(game.units).filter((u) => u.at !== null && !u.dropped && u.player !== (turn.controller ?? turn.player));
  // Squares between a square and the nearest enemy, counting diagonal steps as one.
  const gap = (at: number) => {
    const [x, y] = xy(at);
    return Math.min(99, ...enemies.map((e) => Math.max(Math.abs(xy(e.at!)[0] - x), Math.abs(xy(e.at!)[1] - y))));
  };
  const moves = legal.flatMap((c) => ('act' in c && c.act === 'move' && c.to !== undefined ? [{ command: c, gap: gap(squareIndex(board, c.to)!) }] : []));
  moves.sort((a, b) => a.gap - b.gap);
  const best = moves[0];
  const active = turn.unit ? game.units[turn.unit] : undefined;
  // Once on the map, only move if it gets closer: otherwise the unit would shuffle on the spot.
  if (best && (!active || active.at === null || best.gap < gap(active.at))) return best.command;
  return legal.find((c) => 'end' in c)!;
}
