/**
 * Property: whatever legal answers the players give (and whatever wrong ones are tried on the way),
 * the setup finishes, each player's tile is a legal tile of its own start area, and replaying the log
 * rebuilds the state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultContent } from '../../src/content/load';
import { seeded } from '../../src/engine/dice';
import {
  entryAreas,
  pregameApply,
  pregameDecide,
  pregameInitial,
  pregameReplay,
  type PregameCommand,
  type PregameEvent,
  type PregamePrompt,
} from '../../src/rulesets/sellsword/engine/pregame';

const content = defaultContent();
const shippedMaps = [...content.maps.keys()];
const PLAYERS = ['ann', 'bo', 'cy', 'di'];

/** A legal answer to `prompt`, picked by `n`. */
function legal(prompt: PregamePrompt, n: number): PregameCommand {
  switch (prompt.kind) {
    case 'reroll':
      return { reroll: n % 2 === 0 };
    case 'map-chooser':
      return { chooser: prompt.options[n % prompt.options.length]! };
    case 'map':
      return { map: prompt.options[n % prompt.options.length]!.id };
    case 'entry': {
      const area = prompt.options.areas[n % prompt.options.areas.length]!;
      return { entry: area.tiles[Math.floor(n / 7) % area.tiles.length]! };
    }
  }
}

/** Something wrong to try first: another player's click, or an answer of the wrong kind or place. */
function wrong(prompt: PregamePrompt, players: readonly string[], n: number): [PregameCommand, string] {
  const other = players.find((p) => p !== prompt.player)!;
  const tries: [PregameCommand, string][] = [
    [legal(prompt, n), other],
    [prompt.kind === 'map' ? { chooser: other } : { map: 'nowhere' }, prompt.player],
    [{ begin: true }, prompt.player],
  ];
  return tries[n % tries.length]!;
}

describe('setup with random answers', () => {
  it('always finishes, with legal tiles in distinct areas, and replays to the same state', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
        fc.subarray(shippedMaps, { minLength: 1 }),
        fc.infiniteStream(fc.nat()),
        (count, seed, ratings, candidates, choices) => {
          const players = PLAYERS.slice(0, count);
          const maps = (count > 2 ? ['burning-village'] : candidates).map((id) => ({ id, map: content.maps.get(id)! }));
          const start = pregameInitial({ players, rerolls: Object.fromEntries(players.map((p, i) => [p, ratings[i]!])), maps, rng: seeded(seed) });
          const pick = choices[Symbol.iterator]();
          const next = () => pick.next().value as number;
          const log: PregameEvent[] = [];
          let state = start;
          const take = (command: PregameCommand, by?: string) => {
            const r = pregameDecide(state, command, by);
            if ('error' in r) return r.error.code;
            state = r.events.reduce(pregameApply, state);
            log.push(...r.events);
            return null;
          };
          expect(take({ begin: true })).toBeNull();
          for (let i = 0; i < 200 && state.prompt; i++) {
            const prompt = state.prompt;
            const before = state;
            const [bad, by] = wrong(prompt, players, next());
            expect(take(bad, by)).not.toBeNull();
            expect(state).toBe(before);
            expect(take(legal(prompt, next()), prompt.player)).toBeNull();
          }
          const done = state.done;
          expect(done).not.toBeNull();
          expect(Object.keys(done!.entry).sort()).toEqual([...players].sort());
          const areas = entryAreas(maps.find((m) => m.id === done!.map)!.map);
          const claimed = players.map((p) => state.areas[p]!);
          expect(new Set(claimed).size).toBe(count);
          for (const p of players) expect(areas.find((a) => a.area === state.areas[p])?.tiles).toContain(done!.entry[p]);
          expect(pregameReplay(start, log)).toEqual(state);
          expect(JSON.parse(JSON.stringify(state))).toEqual(state);
        },
      ),
      { numRuns: 200 },
    );
  });
});
