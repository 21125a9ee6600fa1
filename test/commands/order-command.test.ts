/**
 * `/order` in Discord's command list, which mixes every game's commands: each of its subcommands
 * names the game it belongs to (a Sellsword player typing `/move` also sees `/order move`), within
 * Discord's 100 characters, never cut short. In a match of a game played with its own commands,
 * typing it or its suggestions say whose command it is and what this match is played with (issue 26).
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/commands/app';
import { orderCommand } from '../../src/commands/play/order';
import { openStore, type Store } from '../../src/store';
import { appOver, setupFor, storedMatch } from './stored-match';

describe('/order in the command list', () => {
  it('names its game in every subcommand, each description whole and at most 100 characters', () => {
    const subs = (orderCommand.data as { options: { name: string; description: string }[] }).options;
    expect(subs.length).toBeGreaterThan(5);
    for (const s of subs) {
      expect(s.description, s.name).toMatch(/^Sword and Claw: [A-Z].*[a-z)]$/);
      expect(s.description.length, s.name).toBeLessThanOrEqual(100);
    }
  });
});

describe('/order in a match of a game played with its own commands', () => {
  let store: Store;
  let app: App;
  beforeEach(async () => {
    store = openStore(':memory:');
    app = appOver(store);
    await storedMatch(store, 'm1', setupFor(1, ['mill-crossing']));
  });
  afterEach(async () => store.close());
  const asked = { user: { id: 'u1' }, guildId: 'g', channelId: 't-m1' };

  it("says, when typed in a Sellsword thread, that it is the other game's and what this match is played with", async () => {
    const run = orderCommand.run(asked as unknown as ChatInputCommandInteraction, app, { group: null, sub: 'move', values: {}, focused: null });
    await expect(run).rejects.toMatchObject({ code: 'no-orders' });
    const said = await run.catch((e: { message: string }) => e.message);
    expect(said).toBe(
      '`/order` is for Sword and Claw matches. This is a Sellsword match, played with its own commands: `/move` `/maneuver` `/attack` `/rest` `/crow` `/trait` `/end`.',
    );
  });

  it('says so in its suggestions, where they were empty', async () => {
    const choices = await orderCommand.autocomplete!(asked as never, app, { group: null, sub: 'move', values: { troop: '' }, focused: 'troop' });
    expect(choices).toHaveLength(1);
    expect(choices[0]!.name).toContain('/order is for Sword and Claw only; this is a Sellsword match (see /help)');
    expect(choices[0]!.name.length).toBeLessThanOrEqual(100);
  });
});
