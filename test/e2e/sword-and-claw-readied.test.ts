/**
 * Readied attacks through the real bot and the fake Discord (SC Readied Actions; ruling SC55): in a
 * practice match the player readies every troop it can with `/order ready` in its ranged and melee
 * steps; when the practice opponent's step opens, the player is asked first with buttons, and the
 * answered prompt says only that the choice was made (sealed) until the step resolves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botSettles as settle } from './driver';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(17);
}, 30_000);
afterAll(async () => world?.close());

interface State {
  readonly deploying: { readonly player: string } | null;
  readonly turn: { readonly player: string; readonly step: string } | null;
  readonly prompt: { readonly player: string; readonly kind: string } | null;
  readonly end: { readonly winner: string | null; readonly reason: string } | null;
}

const rowOf = async (thread: string) => (await world.store.matches.byThread(thread))!;

async function order(thread: string, name: string, options: Record<string, string> = {}) {
  const out = await world.run({ user: 'alice', channel: thread, name: `order ${name}`, options });
  if (out.response?.ephemeral) throw new Error(`/order ${name} refused: ${answerText(out)}`);
}

const suggest = (thread: string, name: string, focused: string, options: Record<string, string>) =>
  world.fake.autocomplete({ user: 'alice', channel: thread, name, focused, options: { ...options, [focused]: '' } });

const nothing = (choices: readonly { value: string | number }[]) => choices.length === 0 || String(choices[0]!.value).startsWith('none');

/** The player's ranged or melee step: every troop suggested for `/order ready` readies, then the step closes. */
async function readyAll(thread: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const troops = await suggest(thread, 'order ready', 'troop', {});
    if (nothing(troops)) break;
    await order(thread, 'ready', { troop: String(troops[0]!.value) });
  }
  await order(thread, 'next');
}

describe('Readied attacks through Discord', () => {
  it('asks the player first in the opponent’s step, and keeps the answer sealed in the thread', async () => {
    await world.run({ user: 'alice', name: 'skirmish practice', options: { warband: 'Iron Company', ruleset: 'sword-and-claw' } });
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    await settle(world, thread);
    let sealed: string | null = null;
    for (let i = 0; i < 300 && sealed === null; i++) {
      const current = await rowOf(thread);
      if (current.status === 'over') break;
      const state = current.snapshot as State;
      if (state.prompt) {
        expect(state.prompt.player).toBe(world.fake.user('alice')!.id);
        const message = world
          .messages(thread)
          .filter((m) => componentsOf(m).some((c) => c.custom_id.startsWith('ss1:answer:')))
          .at(-1)!;
        const kind = state.prompt.kind;
        await world.click('alice', message);
        if (kind === 'readied') {
          expect(message.content).toMatch(/has an attack Readied\. Whom does it (shoot|strike)\?/);
          sealed = world.fake.message(message.id)!.content;
        }
      } else if (state.deploying) {
        const troops = await suggest(thread, 'order deploy', 'troop', {});
        if (nothing(troops)) await order(thread, 'done');
        else {
          const troop = String(troops[0]!.value);
          const squares = await suggest(thread, 'order deploy', 'square', { troop });
          await order(thread, 'deploy', { troop, square: String(squares[0]!.value) });
        }
      } else if (state.turn?.step === 'movement') await order(thread, 'next');
      else await readyAll(thread);
      await settle(world, thread);
    }
    if (process.env.DUMP_POSTS)
      (await import('node:fs')).writeFileSync(
        process.env.DUMP_POSTS,
        world
          .messages(thread)
          .map((m) => `--- ${m.content}`)
          .join('\n'),
      );
    expect(sealed, 'the practice opponent came near a Readied troop of the player').not.toBeNull();
    expect(sealed).toContain('answered; the choice is sealed until it resolves');
    expect(sealed).not.toContain(' chose **');
    expect(world.messages(thread).some((m) => /🤫 .* has answered for .+; its Readied attack is told when the step resolves\./.test(m.content))).toBe(true);
    expect(world.errors).toEqual([]);
  }, 240_000);
});
