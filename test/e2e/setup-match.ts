/** Brings a world to the first turn of a match: warbands submitted, challenge accepted, setup answered. */
import type { MatchSnapshot } from '../../src/match/match-state';
import { componentsOf, type World } from './world';
import { openPrompt } from './driver';

export const VALOR = "Hrolf's Watch | valor | mill-crossing | valor-knight, valor-guard, valor-squire";
export const HAVOC = 'Grave Host | havoc | mill-crossing | havoc-orc-warboss, havoc-ghoul, havoc-ghoul';

export async function challengeAccepted(world: World): Promise<string> {
  await world.run({ user: 'alice', name: 'warband submit', options: { text: VALOR } });
  await world.run({ user: 'bob', name: 'warband submit', options: { text: HAVOC } });
  await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch", points: 60, map: 'mill-crossing' } });
  const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
  await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } });
  return thread;
}

export const snapshotOf = async (world: World, thread: string) => (await world.store.matches.byThread(thread))!.snapshot as MatchSnapshot;

/** Answers prompts with their first choice until the game waits for a turn. */
export async function answerPrompts(world: World, thread: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const s = await snapshotOf(world, thread);
    const prompt = s.stage === 'pregame' ? s.pregame.prompt : s.game.prompt;
    if (!prompt) return;
    const message = openPrompt(world, thread)!;
    const who = world.fake.user(prompt.player)!.username;
    if (componentsOf(message)[0]!.type === 3) await world.select(who, message);
    else await world.click(who, message);
  }
  throw new Error('prompts never ended');
}

export async function matchUnderWay(world: World): Promise<string> {
  const thread = await challengeAccepted(world);
  await answerPrompts(world, thread);
  return thread;
}
