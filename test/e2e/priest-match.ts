/**
 * A match where Alice brings the Priest of the Dawn, whose Dawnburst is a burst 1 at range 6 (2 acts, a
 * blue token), with a guard and a squire, against Bob's Grave Host on Mill Crossing: the set-up the
 * burst e2e tests share.
 */
import type { GameState } from '../../src/rulesets/sellsword/engine';
import { gameOf, type MatchSnapshot } from '../../src/match/match-state';
import { rowOf } from './clock-play';
import { answerPrompts, HAVOC } from './setup-match';
import { startWorld, type World } from './world';

const PRIESTS = 'Dawn Watch | valor | mill-crossing | valor-priest, valor-guard, valor-squire';

export interface PriestMatch {
  readonly world: World;
  readonly thread: string;
  /** The state once both players' set-up prompts are answered. */
  readonly start: GameState;
  readonly gameIn: () => Promise<GameState>;
}

export async function priestMatch(): Promise<PriestMatch> {
  const world = await startWorld(12);
  await world.run({ user: 'alice', name: 'warband submit', options: { text: PRIESTS } });
  await world.run({ user: 'bob', name: 'warband submit', options: { text: HAVOC } });
  await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: 'Dawn Watch', points: 60, map: 'mill-crossing' } });
  const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
  await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } });
  await answerPrompts(world, thread);
  const gameIn = async (): Promise<GameState> => gameOf((await rowOf(world, thread)).snapshot as MatchSnapshot)!;
  return { world, thread, start: await gameIn(), gameIn };
}
