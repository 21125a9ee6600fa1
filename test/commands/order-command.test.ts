/**
 * `/order` in Discord's command list, which mixes every game's commands: each of its subcommands
 * names the game it belongs to (a Sellsword player typing `/move` also sees `/order move`), within
 * Discord's 100 characters, never cut short.
 */
import { describe, expect, it } from 'vitest';
import { orderCommand } from '../../src/commands/play/order';

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
