import { describe, expect, it } from 'vitest';
import { defaultContent } from '../../src/content/load';
import { sampleMatch, sampleSetup } from '../../src/bench/sample-match';
import { unitLabels } from '../../src/rulesets/sellsword/render/labels';
import { beginMatch, gameOf, rebuildMatch, stepMatch, type MatchEvent, type MatchSetup, type MatchSnapshot } from '../../src/match/match-state';

const content = defaultContent();
const setupFor = (seed: number, maps: string[]) => sampleSetup(content, seed, { maps, roundLimit: 3 });

/** Plays a whole match through stepMatch, as the bot does, and returns the log. */
function playMatch(seed: number, maps: string[]): { snapshot: MatchSnapshot; events: MatchEvent[]; setup: MatchSetup } {
  const played = sampleMatch(content, seed, { maps, roundLimit: 3 });
  return { snapshot: played.snapshot, events: played.events.map((e) => e.event), setup: played.setup };
}

describe('a match as the bot stores it', () => {
  it('plays from the setup tactics check to a result, and the log rebuilds the snapshot exactly', () => {
    const { snapshot, events, setup } = playMatch(7, ['mill-crossing', 'barrow-hill']);
    const game = gameOf(snapshot)!;
    expect(game.over).toBe(true);
    expect(events.some((e) => e.stage === 'pregame' && e.event.type === 'setup-done')).toBe(true);
    expect(JSON.stringify(rebuildMatch(setup, events))).toBe(JSON.stringify(snapshot));
  });

  it('names units by their map labels, so what players type matches the picture', () => {
    const { snapshot } = playMatch(3, ['mill-crossing']);
    const game = gameOf(snapshot)!;
    for (const [id, label] of unitLabels(game)) expect(id).toBe(label.toLowerCase());
  });

  it('reads every Warleader rating into the setup rerolls (R6)', () => {
    const setup = setupFor(11, ['mill-crossing']);
    expect(Object.keys(setup.rerolls).sort()).toEqual(['111', '222']);
  });

  it('refuses a game command while setup is running, changing nothing', () => {
    const setup = setupFor(5, ['mill-crossing']);
    const begun = beginMatch(setup);
    if (!begun.ok) throw new Error('setup failed');
    const r = stepMatch(setup, begun.snapshot, { game: { begin: true } }, '111', begun.events.length);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('still-setting-up');
  });

  it('says a refused act with units by their map labels, never "Knight (kn)" (playtest, issue 26)', () => {
    const played = sampleMatch(content, 7, { maps: ['mill-crossing'], roundLimit: 3 });
    const events = played.events.map((e) => e.event);
    const k = events.findIndex((e) => e.stage === 'game' && e.event.type === 'turn-started');
    const snapshot = rebuildMatch(played.setup, events.slice(0, k + 1));
    const game = gameOf(snapshot)!;
    const unit = Object.values(game.units).find((u) => u.player === game.turn!.player)!;
    const r = stepMatch(played.setup, snapshot, { game: { act: 'move', unit: unit.id, to: 'A1' } }, unit.player, k + 1);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('unreachable');
    expect(r.error.message).toMatch(new RegExp(`^${unit.id.toUpperCase()} cannot reach A1 `));
    expect(r.error.message).not.toMatch(/\([a-z]+\d*\)/);
  });
});
