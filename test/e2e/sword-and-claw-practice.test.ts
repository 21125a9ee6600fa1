/**
 * A Sword and Claw practice match through the real bot and the fake Discord: `/skirmish practice
 * ruleset:` starts it at once against the game's practice opponent, which the scheduler plays (its
 * whole run of orders in one act, told under its name with the turn picture), until the match ends.
 * The player here deploys and then only ends their turns, so the bot must win by elimination.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botSettles as settle } from './driver';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(13);
}, 30_000);
afterAll(async () => world?.close());

interface State {
  readonly deploying: { readonly player: string } | null;
  readonly turn: { readonly player: string } | null;
  readonly prompt: { readonly player: string } | null;
  readonly end: { readonly winner: string | null; readonly reason: string } | null;
}

const botId = () => world.bot.client.user!.id;
const rowOf = async (thread: string) => (await world.store.matches.byThread(thread))!;

const botSettles = (thread: string) => settle(world, thread);

async function order(thread: string, name: string, options: Record<string, string> = {}) {
  const out = await world.run({ user: 'alice', channel: thread, name: `order ${name}`, options });
  if (out.response?.ephemeral) throw new Error(`/order ${name} refused: ${answerText(out)}`);
}

const suggest = (thread: string, name: string, focused: string, options: Record<string, string>) =>
  world.fake.autocomplete({ user: 'alice', channel: thread, name, focused, options: { ...options, [focused]: '' } });

/** One troop placed at the first square suggested, or the deployment closed when none is left. */
async function deploy(thread: string): Promise<void> {
  const troops = await suggest(thread, 'order deploy', 'troop', {});
  if (troops.length === 0 || String(troops[0]!.value).startsWith('none')) return order(thread, 'done');
  const troop = String(troops[0]!.value);
  const squares = await suggest(thread, 'order deploy', 'square', { troop });
  return order(thread, 'deploy', { troop, square: String(squares[0]!.value) });
}

/** Alice's opportunity attack prompt: a player who ends every turn still may strike a troop leaving, with the first button. */
async function answerPrompt(thread: string, state: State): Promise<void> {
  expect(state.prompt!.player).toBe(world.fake.user('alice')!.id);
  const message = world
    .messages(thread)
    .filter((m) => componentsOf(m).some((c) => c.custom_id.startsWith('ss1:answer:')))
    .at(-1)!;
  await world.click('alice', message);
}

describe('a Sword and Claw practice match', () => {
  it('starts at once against the practice opponent, which plays its side to a win', async () => {
    const armies = await world.fake.autocomplete({
      user: 'alice',
      name: 'skirmish practice',
      focused: 'opponent_warband',
      options: { ruleset: 'sword-and-claw', opponent_warband: '' },
    });
    expect(armies.map((c) => c.value)).toEqual(expect.arrayContaining(['Iron Company', 'Mire Raiders']));
    const started = await world.run({ user: 'alice', name: 'skirmish practice', options: { warband: 'Iron Company', ruleset: 'sword-and-claw' } });
    expect(answerText(started)).toContain('Your Sword and Claw practice match against the bot is in');
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    const row = await rowOf(thread);
    expect(row.ruleset).toBe('sword-and-claw');
    expect(row.players).toEqual([world.fake.user('alice')!.id, botId()]);
    const intro = world.messages(thread).find((m) => m.content.includes('practice match.'))!;
    expect(intro.content).toContain('against **Practice bot**: **Mire Raiders**');
    await botSettles(thread);

    for (let i = 0; i < 200; i++) {
      const current = await rowOf(thread);
      if (current.status === 'over') break;
      const state = current.snapshot as State;
      if (state.prompt) await answerPrompt(thread, state);
      else if (state.deploying) await deploy(thread);
      else await order(thread, 'end');
      await botSettles(thread);
    }
    if (process.env.DUMP_POSTS)
      (await import('node:fs')).writeFileSync(
        process.env.DUMP_POSTS,
        world
          .messages(thread)
          .map((m) => `--- ${m.attachments.map((a) => a.filename).join(',')}\n${m.content}`)
          .join('\n'),
      );
    const over = await rowOf(thread);
    expect(over.status).toBe('over');
    expect((over.snapshot as State).end).toEqual({ winner: botId(), reason: 'elimination' });
    const botPosts = world.messages(thread).filter((m) => m.content.startsWith('🤖 **Practice bot**:'));
    expect(botPosts.length).toBeGreaterThan(3);
    expect(world.messages(thread).some((m) => m.attachments.some((a) => a.filename.startsWith('table-')))).toBe(true);
    expect(world.messages(thread).some((m) => /Practice bot.* wins|🏆/.test(m.content))).toBe(true);
    // The player's turns and steps say which orders fit; the practice opponent's never do.
    expect(world.messages(thread).some((m) => m.content.includes('Next: `/order move`'))).toBe(true);
    expect(world.messages(thread).filter((m) => /Practice bot\*\*'s (turn|ranged step|melee step)/.test(m.content) && m.content.includes('Next: '))).toEqual(
      [],
    );
  }, 240_000);

  it('takes the sample factions’ armies, for the player and for the bot', async () => {
    const started = await world.run({
      user: 'alice',
      name: 'skirmish practice',
      options: { warband: 'Slagwall Foundry', opponent_warband: 'Winter Moon Hunt', ruleset: 'sword-and-claw' },
    });
    expect(answerText(started)).toContain('Your Sword and Claw practice match against the bot is in');
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    const intro = world.messages(thread).find((m) => m.content.includes('practice match.'))!;
    expect(intro.content).toContain(
      'plays **Slagwall Foundry** (kilnborn, 200 points) against **Practice bot**: **Winter Moon Hunt** (hollowmoon, 199 points)',
    );
    expect((await rowOf(thread)).ruleset).toBe('sword-and-claw');
    await botSettles(thread);
  }, 60_000);
});
