/**
 * The recoil prompt (§4.6, R42) through the fake Discord: when a recoil can end on several squares as
 * far from the attacker, the target's owner is asked (a menu of the squares with a picture of the
 * paths), the deadline gives R42's usual square, and a standing order answers at once. The table is
 * set up by editing the saved game (a Helpless target is hit without a roll, so no die decides it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { squareIndex } from '../../src/engine';
import { boardOf, type GameState, type PromptOf, type UnitState } from '../../src/rulesets/sellsword/engine';
import { gameOf, type MatchSnapshot } from '../../src/match/match-state';
import { openPrompt } from './driver';
import { editTable } from './edit-table';
import { newMessages, rowOf } from './clock-play';
import { matchUnderWay } from './setup-match';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(11);
}, 30_000);
afterAll(async () => world?.close());

const gameIn = async (thread: string): Promise<GameState> => gameOf((await rowOf(world, thread)).snapshot as MatchSnapshot)!;

/** Puts the guard at `guardAt` and a Helpless ghoul beside it at `targetAt`, and gives the guard's player a fresh turn. */
async function setTable(thread: string, guardAt: number, targetAt: number): Promise<{ guard: UnitState; target: UnitState }> {
  const row = await rowOf(world, thread);
  const game = gameOf(row.snapshot as MatchSnapshot)!;
  const guard = Object.values(game.units).find((u) => u.card === 'valor-guard')!;
  const target = Object.values(game.units).find((u) => u.card === 'havoc-ghoul' && !u.dropped)!;
  const helpless = { status: 'helpless' as const, recover: 'brawn' as const, modifier: 0, source: null, asterisk: false };
  const units = await editTable(world, thread, game, guard.player, {
    [guard.id]: { at: guardAt, turnTaken: false },
    [target.id]: { at: targetAt, statuses: [helpless] },
  });
  return { guard: units[guard.id]!, target: units[target.id]! };
}

async function bash(thread: string, guard: UnitState, target: UnitState): Promise<void> {
  const user = world.fake.user(guard.player)!.username;
  const s = await world.run({ user, channel: thread, name: 'attack', options: { unit: guard.id, attack: 'shield-bash', target: target.id } });
  expect(s.response?.ephemeral, answerText(s)).toBeFalsy();
}

const square = (game: GameState, name: string): number => squareIndex(boardOf(game), name)!;

describe('the recoil prompt', () => {
  it("asks the target's owner, takes the usual square when time runs out, and follows a standing order", async () => {
    const thread = await matchUnderWay(world);
    const game = await gameIn(thread);

    // The owner is asked: a menu of the farthest squares, each with its path and price, and the map.
    let { guard, target } = await setTable(thread, square(game, 'I3'), square(game, 'I4'));
    await bash(thread, guard, target);
    let prompt = (await gameIn(thread)).prompt as PromptOf<'recoil'>;
    expect(prompt.kind).toBe('recoil');
    expect(prompt.player).toBe(target.player);
    expect(prompt.options.ends.length).toBeGreaterThan(1);
    const message = openPrompt(world, thread)!;
    expect(message.mentions).toEqual([target.player]);
    expect(message.content).toMatch(/recoils 2 movement points away from/);
    expect(message.content).not.toMatch(/\bR\d+\b|§/);
    expect(message.attachments.map((a) => a.filename)).toContain('recoil.png');
    const menu = componentsOf(message)[0]!;
    expect(menu.type).toBe(3);
    expect(menu.options!.map((o) => o.label.split(' ')[0])).toEqual(prompt.options.ends.map((e) => e.at));
    const other = prompt.options.ends.findIndex((_, i) => i !== prompt.options.default);
    const owner = world.fake.user(target.player)!.username;
    // Only the owner may choose.
    const stranger = await world.select(world.fake.user(guard.player)!.username, message, String(other));
    expect(stranger.response?.kind).not.toBe('update');
    const chose = await world.select(owner, message, String(other));
    expect(chose.response?.kind).toBe('update');
    let after = await gameIn(thread);
    expect(after.prompt).toBeNull();
    expect(after.units[target.id]!.at).toBe(square(after, prompt.options.ends[other]!.at));

    // Time runs out: the usual square (farthest in a straight line, then board order).
    ({ guard, target } = await setTable(thread, square(game, 'J3'), square(game, 'J4')));
    await bash(thread, guard, target);
    prompt = (await gameIn(thread)).prompt as PromptOf<'recoil'>;
    expect(prompt.kind).toBe('recoil');
    const last = newMessages(world, thread).at(-1)!.id;
    for (let i = 0; i < 100 && (await gameIn(thread)).prompt?.kind === 'recoil'; i++) await world.advance(1);
    after = await gameIn(thread);
    expect(after.units[target.id]!.at).toBe(square(after, prompt.options.ends[prompt.options.default]!.at));
    expect(
      newMessages(world, thread, last).some(
        (m) => /time ran out/.test(m.content) && m.content.includes(`recoils the usual way, to ${prompt.options.ends[prompt.options.default]!.at}`),
      ),
    ).toBe(true);

    // A standing order answers at once, as the owner's own choice.
    const orders = await world.run({ user: owner, channel: thread, name: 'orders set', options: { recoil: 'usual' } });
    expect(answerText(orders)).toMatch(/recoil: the usual square/);
    ({ guard, target } = await setTable(thread, square(game, 'H3'), square(game, 'H4')));
    const before = newMessages(world, thread).at(-1)!.id;
    await bash(thread, guard, target);
    after = await gameIn(thread);
    expect(after.prompt).toBeNull();
    const answered = newMessages(world, thread, before).find((m) => /standing order/.test(m.content));
    expect(answered?.content).toMatch(/recoils to [A-R]\d+/);
    const to = /recoils to ([A-R]\d+)/.exec(answered!.content)![1]!;
    expect(after.units[target.id]!.at).toBe(square(after, to));
    expect(world.errors).toEqual([]);
  }, 120_000);
});
