/**
 * A whole match's thread read as a new player reads it: every line means what it says without
 * `/rules` — no bare "cap", no "phase 0", one form for rolls, no turn told over twice in a row, the
 * map choice said the right way round (or said as the only map), and a choice someone else must make named as theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playThrough } from './driver';
import { challengeAccepted } from './setup-match';
import { startWorld, type World } from './world';

let world: World;
let thread: string;
beforeAll(async () => {
  world = await startWorld(11);
  thread = await challengeAccepted(world);
  await playThrough(world, thread, 5);
}, 120_000);
afterAll(async () => world?.close());

const posts = () => world.messages(thread).filter((m) => !m.ephemeral);
const said = () => posts().map((m) => m.content);

describe('the words of a whole match', () => {
  it('say the challenge’s points limit in words', () => {
    const challenge = said().find((c) => c.includes('challenges you with'))!;
    expect(challenge).toContain('warbands up to 60 points');
    expect(challenge).not.toMatch(/\bcap\b/);
  });

  it('never say "phase 0", and give every roll with its modifier as a sum', () => {
    for (const c of said()) {
      expect(c).not.toMatch(/phase 0/);
      expect(c).not.toMatch(/rolled \d+[+-]\d/);
      expect(c).not.toMatch(/your choice/i);
    }
    // Each part of the modifier is named in brackets, the card's bonus alone too (0d61e0c).
    expect(said().some((c) => /rolled \d+ [+−] \d+ \([^)]+\) = \d+, needing \d+ or more/.test(c))).toBe(true);
  });

  it('tell a turn’s end once, in the turn’s own post', () => {
    const over = said().map((c) => /turn is over|turn with .* is over/.test(c));
    for (let i = 1; i < over.length; i++) expect(over[i - 1] && over[i], said()[i]).toBe(false);
  });

  it('say who chooses the map the right way round, and nobody when there is only one', () => {
    const lines = said().flatMap((c) => c.split('\n'));
    const chooser = lines.find((l) => /choose the map/.test(l));
    const only = lines.find((l) => /^The map is \*\*.+\*\*, the only one on offer\.$/.test(l));
    // Either a choice is named the right way round, or the only map is said as such, never both.
    if (chooser) expect(chooser).toMatch(/^\*\*\w+\*\* will choose the map\.$|^\w+ lets \*\*\w+\*\* choose the map\.$/);
    expect(Boolean(chooser) !== Boolean(only), `${chooser} / ${only}`).toBe(true);
  });
});
