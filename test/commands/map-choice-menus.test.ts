/**
 * §2.1: a map choice of more maps than a message has buttons (a league's "any") is offered in menus of
 * 25 and says how many maps there are; only the first 10 are pictured, and it says so (issue 26: 30 maps
 * were offered as 25 buttons).
 */
import { describe, expect, it } from 'vitest';
import { setupPromptPost } from '../../src/rulesets/sellsword/table/prompt-setup';

const prompt = (n: number) => ({ kind: 'map', player: 'p1', options: Array.from({ length: n }, (_, i) => ({ id: `m${i}`, name: `Map ${i + 1}` })) }) as never;

describe('a map choice', () => {
  it('of 30 maps: two menus of 25 and 5, every map offered, the count and the pictures said', () => {
    const post = setupPromptPost(prompt(30), () => 'Alice', 30);
    expect(post.content).toContain('30 maps are on offer, in the 2 menus below.');
    expect(post.content).toContain('Only the first 10 are pictured');
    const menus = post.parts as unknown as { menu: string; options: { value: string }[] }[];
    expect(menus.map((m) => m.menu)).toEqual(['Maps 1–25 of 30', 'Maps 26–30 of 30']);
    expect(menus.flatMap((m) => m.options.map((o) => o.value))).toEqual(Array.from({ length: 30 }, (_, i) => String(i)));
  });

  it('of 3 maps: buttons, as before', () => {
    const post = setupPromptPost(prompt(3), () => 'Alice', 3);
    expect((post.parts[0] as unknown as { buttons: unknown[] }).buttons).toHaveLength(3);
  });
});

describe('the entry tile prompt (D13)', () => {
  it('says a start area holds one tile, so an area already holding one is not offered (playtest round 18)', () => {
    const entry = { kind: 'entry', player: 'p2', options: { areas: [{ area: 2, tiles: ['G17', 'H17'] }] } } as never;
    const post = setupPromptPost(entry, () => 'Bob');
    expect(post.content).toContain('A start area holds one tile: one with a tile in it already is not offered.');
  });
});
