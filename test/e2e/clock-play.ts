/** Helpers for the clock tests: act as a player promptly, and read the match's waits and deadlines. */
import { waitsOf, type Wait } from '../../src/clock/deadline-plan';
import { gameOf, type MatchSnapshot } from '../../src/match/match-state';
import { waitingUnits } from '../../src/rulesets/sellsword/engine/turns';
import type { FakeMessage } from '../../src/fakecord';
import { openPrompt } from './driver';
import { componentsOf, type World } from './world';

export const rowOf = async (world: World, thread: string) => (await world.store.matches.byThread(thread))!;

export const waitOf = async (world: World, thread: string): Promise<Wait | undefined> => waitsOf(await rowOf(world, thread))[0];

export const username = (world: World, id: string) => world.fake.user(id)!.username;

/** The one player the match waits on acts at once: a prompt's first choice, or the end of a unit's turn. */
export async function actNow(world: World, thread: string): Promise<void> {
  const row = await rowOf(world, thread);
  const wait = waitsOf(row)[0];
  if (!wait) throw new Error('the match waits on nobody');
  const who = username(world, wait.player);
  if (wait.kind === 'setup' || wait.kind === 'prompt') {
    const message = openPrompt(world, thread)!;
    if (componentsOf(message)[0]!.type === 3) await world.select(who, message);
    else await world.click(who, message);
    return;
  }
  if (wait.kind === 'accept') throw new Error('accepting is not acting');
  const game = gameOf(row.snapshot as MatchSnapshot)!;
  const unit = game.turn!.unit ?? waitingUnits(game, game.turn!.player)[0]!.id;
  const s = await world.run({ user: who, channel: thread, name: 'end', options: { unit } });
  if (s.response?.ephemeral) throw new Error(`could not end the turn: ${s.original?.content}`);
}

/** Messages in the thread that are not ephemeral, newer than `after` (a message id). */
export function newMessages(world: World, thread: string, after?: string): FakeMessage[] {
  const all = world.messages(thread).filter((m) => !m.ephemeral);
  if (!after) return all;
  return all.filter((m) => BigInt(m.id) > BigInt(after));
}

export const roundOf = async (world: World, thread: string): Promise<number> => gameOf((await rowOf(world, thread)).snapshot as MatchSnapshot)?.round ?? 0;
