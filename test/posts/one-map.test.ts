/**
 * The map choice told as it happened: with one candidate map nobody chooses, so no "will choose the
 * map" line precedes it (a playtester read "Bob will choose the map. The map is Mill Crossing." as a
 * choice skipped), and the map is said once as the only one on offer.
 */
import { describe, expect, it } from 'vitest';
import type { MatchSetup } from '../../src/match/record';
import { setupLine } from '../../src/posts/announce';
import { setupPromptPost } from '../../src/commands/prompts/prompt-setup';
import type { PregamePrompt } from '../../src/rulesets/sellsword/engine';

const setupWith = (ids: string[]) =>
  ({ maps: ids.map((id) => ({ id, map: { name: id === 'mill' ? 'Mill Crossing' : 'Barrow Hill' } })) }) as unknown as MatchSetup;
const name = (p: string) => ({ p1: 'Alice', p2: 'Bob' })[p] ?? p;

describe('the map choice', () => {
  it('with one map: no chooser named, the map said as the only one', () => {
    const one = setupWith(['mill']);
    expect(setupLine({ type: 'chooser-named', ap: 'p2', chooser: 'p2' }, name, one)).toBeNull();
    expect(setupLine({ type: 'map-chosen', by: null, map: 'mill' }, name, one)).toBe('The map is **Mill Crossing**, the only one on offer.');
  });

  it('with several: who chooses, then their choice', () => {
    const two = setupWith(['mill', 'barrow']);
    expect(setupLine({ type: 'chooser-named', ap: 'p2', chooser: 'p2' }, name, two)).toBe('**Bob** will choose the map.');
    expect(setupLine({ type: 'map-chosen', by: 'p2', map: 'barrow' }, name, two)).toBe('Bob chooses the map **Barrow Hill**.');
  });

  it('a setup reroll that came up the same says so, and one that changed says from what', () => {
    const one = setupWith(['mill']);
    const e = { type: 'tactics-rolled', players: ['p2'], rolls: [4], totals: { p1: 12, p2: 4 }, rerolled: 'p2' } as const;
    expect(setupLine({ ...e, players: [...e.players], rolls: [...e.rolls] }, name, one, { p1: 12, p2: 4 })).toContain('(Bob rerolled, 4 again)');
    expect(setupLine({ ...e, players: [...e.players], rolls: [...e.rolls] }, name, one, { p1: 12, p2: 9 })).toContain('(Bob rerolled, 9 before, 4 now)');
  });

  it("the setup winner's question asks about a map only when there is one to choose", () => {
    const prompt = { kind: 'map-chooser', player: 'p1', options: ['p1', 'p2'] } as unknown as PregamePrompt;
    expect(setupPromptPost('m', 1, prompt, name, 1).content).toMatch(/Who places the first entry tile\? /);
    expect(setupPromptPost('m', 1, prompt, name, 2).content).toMatch(/Who chooses the map and places the first entry tile\? /);
  });

  it('says what placing first means, so the choice is not a guess', () => {
    const prompt = { kind: 'map-chooser', player: 'p1', options: ['p1', 'p2'] } as unknown as PregamePrompt;
    expect(setupPromptPost('m', 1, prompt, name, 1).content).toContain(
      'The first to place picks which start area to take; the others place after, seeing where that tile went.',
    );
  });

  it('says the maps on offer are pictured, and only the first 10 of a longer list (Discord takes 10 files a message)', () => {
    const chooser = { kind: 'map-chooser', player: 'p1', options: ['p1', 'p2'] } as unknown as PregamePrompt;
    expect(setupPromptPost('m', 1, chooser, name, 3).content).toContain('The maps on offer are pictured below.');
    const map = (n: number) =>
      ({ kind: 'map', player: 'p1', options: Array.from({ length: n }, (_, i) => ({ id: `m${i}`, name: `Map ${i}` })) }) as unknown as PregamePrompt;
    expect(setupPromptPost('m', 1, map(2), name, 2).content).toBe('<@p1>, choose the map. The maps on offer are pictured below, in the order of the buttons.');
    expect(setupPromptPost('m', 1, map(12), name, 12).content).toContain('The first 10 of the maps on offer are pictured below');
  });
});
