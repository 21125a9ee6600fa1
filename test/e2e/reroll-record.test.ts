/**
 * An answered reroll prompt reads as a record of what happened, in order: the roll that was lost,
 * the choice, then what followed; not the question it asked. A tactics check rolled again is told
 * before the choice of order it leads to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playThrough } from './driver';
import { challengeAccepted } from './setup-match';
import { startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(5);
}, 30_000);
afterAll(async () => world?.close());

describe('an answered reroll prompt', () => {
  it('reads: the roll lost, then who chose, then what followed, with no question left', async () => {
    const thread = await challengeAccepted(world);
    const answered = () => world.messages(thread).filter((m) => / chose \*\*(Reroll|Keep the roll)\*\*/.test(m.content));
    for (let i = 0; i < 10 && answered().length === 0; i++) await playThrough(world, thread, 11 + i, 40);
    const records = answered();
    expect(records.length).toBeGreaterThan(0);
    for (const m of records) {
      expect(m.content).not.toMatch(/Reroll with a Warleader die\?|Spend a react token/);
      const lines = m.content.split('\n');
      expect(lines[0]).toMatch(/^🎲 .*(lost the (setup )?tactics check \(\d+ against .*'s \d+\)|failed to recover from .*)\.$/);
      expect(lines[1]).toMatch(/^✅ <@\d+> chose \*\*(Reroll|Keep the roll)\*\*\.$/);
    }
  }, 240_000);

  it('tells a rerolled tactics check before the choice of order it leads to, never after', async () => {
    const thread = await challengeAccepted(world);
    const isRecord = (m: { content: string }) => /lost the tactics check/.test(m.content) && / chose \*\*Reroll\*\*/.test(m.content);
    for (let i = 0; i < 10 && !world.messages(thread).some(isRecord); i++) await playThrough(world, thread, 11 + i, 40);
    const lines = world.messages(thread).flatMap((m) => m.content.split('\n'));
    const chose = lines.findIndex((l) => / chose \*\*Reroll\*\*/.test(l) && lines[lines.indexOf(l) - 1]?.includes('lost the tactics check'));
    expect(chose).toBeGreaterThan(0);
    const after = lines.slice(chose);
    const rerolled = after.findIndex((l) => /Tactics check \(.* rerolled/.test(l));
    const order = after.findIndex((l) => /choose the order of players/.test(l));
    expect(rerolled, after.slice(0, 8).join('\n')).toBeGreaterThan(0);
    expect(order, after.slice(0, 8).join('\n')).toBeGreaterThan(rerolled);
  }, 240_000);
});
