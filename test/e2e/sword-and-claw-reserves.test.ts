/**
 * SC Army Selection through the real bot and the fake Discord (SC Set-up 7; ruling SC111): a practice
 * match of two armies with reserve forces. Once both cores are placed, the attackers choose their
 * reserve with a button and the thread is told only that they chose; the defenders choose and place
 * theirs; the attackers' choice is told as their reserve is placed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botSettles as settle } from './driver';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(23);
}, 30_000);
afterAll(async () => world?.close());

interface State {
  readonly attacker: string | null;
  readonly deploying: { readonly player: string } | null;
  readonly turn: { readonly player: string } | null;
  readonly prompt: { readonly player: string; readonly kind: string; readonly sealed?: boolean } | null;
}

const rowOf = async (thread: string) => (await world.store.matches.byThread(thread))!;

async function order(thread: string, name: string, options: Record<string, string> = {}) {
  const out = await world.run({ user: 'alice', channel: thread, name: `order ${name}`, options });
  if (out.response?.ephemeral) throw new Error(`/order ${name} refused: ${answerText(out)}`);
}

const suggest = (thread: string, name: string, focused: string, options: Record<string, string>) =>
  world.fake.autocomplete({ user: 'alice', channel: thread, name, focused, options: { ...options, [focused]: '' } });

describe('SC Army Selection: reserves through Discord', () => {
  it('asks for a reserve with buttons once both cores are placed, and keeps the attackers’ choice sealed until the defenders have placed theirs', async () => {
    await world.run({
      user: 'alice',
      name: 'skirmish practice',
      options: { warband: 'Reed Wardens', opponent_warband: 'Reed Wardens', ruleset: 'sword-and-claw' },
    });
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    await settle(world, thread);
    const alice = world.fake.user('alice')!.id;
    let answered: string | null = null;
    for (let i = 0; i < 200; i++) {
      const state = (await rowOf(thread)).snapshot as State;
      if (state.turn) break;
      if (state.prompt) {
        expect(state.prompt).toMatchObject({ player: alice, kind: 'reserve' });
        const message = world
          .messages(thread)
          .filter((m) => componentsOf(m).some((c) => c.custom_id.startsWith('ss1:answer:')))
          .at(-1)!;
        expect(message.content).toContain('Which of your reserve forces takes the field?');
        expect(componentsOf(message).map((c) => c.label)).toEqual(['First reserve (Spear wall)', 'Second reserve (Crossbow line)']);
        const sealed = state.prompt.sealed === true;
        await world.click('alice', message, componentsOf(message)[1]!.custom_id);
        if (sealed) answered = world.fake.message(message.id)!.content;
      } else if (state.deploying) {
        const troops = await suggest(thread, 'order deploy', 'troop', {});
        if (troops.length === 0 || String(troops[0]!.value).startsWith('none')) await order(thread, 'done');
        else {
          const troop = String(troops[0]!.value);
          const squares = await suggest(thread, 'order deploy', 'square', { troop });
          await order(thread, 'deploy', { troop, square: String(squares[0]!.value) });
        }
      }
      await settle(world, thread);
    }
    const state = (await rowOf(thread)).snapshot as State;
    expect(state.turn, 'deployment ended and the first turn began').not.toBeNull();
    const texts = world.messages(thread).map((m) => m.content);
    if (process.env.DUMP_POSTS) (await import('node:fs')).writeFileSync(process.env.DUMP_POSTS, texts.map((t) => `--- ${t}`).join('\n'));
    const chose = texts.findIndex((t) => /🤫 .* has chosen a reserve force; it is told when they place it/.test(t));
    const told = texts.findIndex((t) => /🔓 .*'s sealed choice: the (first|second) reserve \((Spear wall|Crossbow line)\) takes the field/.test(t));
    expect(chose, 'the attackers’ choice was told as made, not what it was').toBeGreaterThanOrEqual(0);
    expect(told).toBeGreaterThan(chose);
    // Between the sealed choice and its telling, the defenders chose and placed theirs.
    expect(texts.slice(chose, told).some((t) => /brings the (first|second) reserve/.test(t))).toBe(true);
    expect(texts.slice(0, told).join('\n')).not.toMatch(new RegExp(`${state.attacker === alice ? 'alice' : 'Practice bot'}[^\\n]*brings the`));
    if (state.attacker === alice) {
      expect(answered).toContain('answered; the choice is sealed until it resolves');
      expect(answered).not.toContain(' chose **');
    }
    expect(world.errors).toEqual([]);
  }, 240_000);
});
