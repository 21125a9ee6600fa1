/**
 * Property tests over random legal play on the shipped maps and warbands (issue: rules engine):
 * play never throws, every act the queries list is accepted, replay gives the same state, the score
 * is the VP of scored units plus objectives, and no unit ever stands on a wall, pit or another unit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newGame, playGame } from '../../src/bench/selfplay';
import { defaultContent } from '../../src/content/load';
import { hasTerrain, T } from '../../src/engine/board';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { legalActs } from '../../src/rulesets/sellsword/engine/queries';
import { replay } from '../../src/rulesets/sellsword/engine/replay';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { boardOf, cardOf, footprint, SPAN } from '../../src/rulesets/sellsword/engine/table';
import { unitCost } from '../../src/rulesets/sellsword/engine/roster';

const content = defaultContent();
const maps = [...content.maps.keys()];

/**
 * A unit in the middle of a Basic Move may be paused while replies are asked (R25) on a square it may
 * pass but not end on: an ally's square (R13), or a pit or wall it flies or drifts over (§3.2). That
 * one unit is exempt until its move resumes; every other unit, and every unit at rest, is checked.
 */
function standingProblems(state: GameState): string[] {
  const board = boardOf(state);
  const passing = new Set(state.resume.filter((f) => f.k === 'move-steps').map((f) => f.unit as string));
  const seen = new Map<number, string>();
  const out: string[] = [];
  for (const u of Object.values(state.units)) {
    if (u.dropped || u.at === null) continue;
    for (const s of footprint(board, u.at, SPAN[cardOf(state, u).size])) {
      if (hasTerrain(board, s, T.wall | T.pit) && !passing.has(u.id)) out.push(`${u.id} stands on a wall or pit`);
      const other = seen.get(s);
      if (other !== undefined && !passing.has(u.id) && !passing.has(other)) out.push(`${u.id} shares a square with ${other}`);
      seen.set(s, u.id);
    }
  }
  return out;
}

/** R3 + R4 in a two-player game: each player's score is the cost of the enemy units they have scored plus 5 per objective held. */
function scoreProblems(state: GameState, objectivePoints: Record<string, number>): string[] {
  const out: string[] = [];
  for (const p of state.players) {
    const scoredUnits = Object.values(state.units)
      .filter((u) => u.player !== p && (u.dropped || u.injuries.includes('mortal')))
      .reduce((sum, u) => sum + unitCost(cardOf(state, u), u.mod ? state.mods[u.mod] : undefined), 0);
    const expected = scoredUnits + (objectivePoints[p] ?? 0);
    if (state.score[p] !== expected) out.push(`${p} has ${state.score[p]} VP, expected ${expected}`);
  }
  return out;
}

// Whole games are long-running by nature; the speed targets live in `npm run bench`, not here.
describe('random legal play', { timeout: 120_000 }, () => {
  it('finishes a game with a winner on every shipped map', () => {
    for (const map of maps) {
      const played = playGame(newGame(content, map, 11), 11);
      expect(played.state.over, map).toBe(true);
      expect(played.state.winner, map).not.toBeNull();
    }
  });

  it('never throws, replays to the same state, keeps the score honest and units on legal squares', () => {
    fc.assert(
      fc.property(fc.constantFrom(...maps), fc.integer({ min: 1, max: 1_000_000 }), (map, seed) => {
        const start = newGame(content, map, seed);
        const objective: Record<string, number> = {};
        const played = playGame(start, seed, 4000, (state) => {
          expect(standingProblems(state)).toEqual([]);
        });
        for (const e of played.events) if (e.type === 'scored' && e.reason.startsWith('objective')) objective[e.player] = (objective[e.player] ?? 0) + e.points;
        expect(scoreProblems(played.state, objective)).toEqual([]);
        expect(replay(start, played.events)).toEqual(played.state);
      }),
      { numRuns: 4 },
    );
  });

  it('every act the queries list is accepted by decide', () => {
    const start = newGame(content, 'mill-crossing', 5);
    let checked = 0;
    playGame(start, 5, 400, (state) => {
      if (checked > 600 || state.over) return;
      for (const command of legalActs(state)) {
        const r = decide(state, command);
        expect('error' in r ? r.error : null, JSON.stringify(command)).toBeNull();
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(50);
  });
});
