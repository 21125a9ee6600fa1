import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerText, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, 30_000);
afterAll(async () => world?.close());

describe('the bot through the real discord.js client', () => {
  it('registers its commands and answers /warband submit', async () => {
    expect(world.fake.commands().map((c) => c.name)).toContain('skirmish');
    const s = await world.run({
      user: 'alice',
      name: 'warband submit',
      options: { text: "Hrolf's Watch | valor | mill-crossing | valor-knight, valor-guard, valor-squire" },
    });
    expect(s.response?.ephemeral).toBe(true);
    expect(JSON.stringify(s.original)).toContain("Hrolf's Watch");
    expect(world.errors).toEqual([]);
    void answerText;
  });
});
