/**
 * §4.7: toughness ignores the first 5 wounds a unit takes each round. A tester read "5 pierce wounds
 * reached SD (dealt 10; its toughness ignored 5)" and then, the same round, "10 pierce wounds reached
 * SD" with no word of toughness (issue 26). The engine's damage step tells what toughness had already
 * ignored this round (woundsTaken's `spent`, from the state before the wound), and the words say why it ignored none, or only what it
 * had left.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apply, decide } from '../../src/rulesets/sellsword/engine';
import type { GameEvent } from '../../src/rulesets/sellsword/engine/events';
import { scenarioSchema } from '../../src/rulesets/sellsword/formats/scenario';
import { happeningsOf, tell } from '../../src/rulesets/sellsword/render';
import { runScenario, scenarioState } from '../../src/rulesets/sellsword/scenario-runner';
import { scenarioContent } from '../fixtures/scenario-content';

const raw = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', 'r21-then-skipped-when-toughness-absorbs.json'), 'utf8'));
const content = scenarioContent();

/** Snare (5 cut) changed to `wound` cut, hitting the tough unit twice in round 1 on a 10 each. */
function twoHits(wounds: [number, number]): { words: string[]; wounded: GameEvent[] } {
  const snare = raw.cards[0].attacks[0];
  const attacks = wounds.map((w, i) => ({ ...snare, id: `snare${i}`, name: `Snare ${i + 1}`, effects: [{ wound: w, type: 'cut' }] }));
  const scenario = scenarioSchema.parse({
    ...raw,
    cards: [{ ...raw.cards[0], attacks }, raw.cards[1]],
    expect: undefined,
    dice: [10, 10],
    steps: attacks.map((a) => ({ act: 'attack', unit: 'a', attack: a.id, target: 't' })),
  });
  const report = runScenario(scenario, content);
  const events = report.steps.flatMap((s) => (s.ok ? s.events : []));
  // The turn log reads the events with the state before them, as the bot tells a turn.
  const start = scenarioState(scenario, content);
  const begun = decide(start, { begin: true });
  if (!('events' in begun)) throw new Error('the scenario does not begin');
  const before = begun.events.reduce(apply, start);
  const words = tell(happeningsOf(events.reduce(apply, before), events, { before, names: { p1: 'Alice', p2: 'Bob' } }));
  return { words: words.filter((w) => w.includes('wounds')), wounded: events.filter((e) => e.type === 'wounded') };
}

describe('toughness spent earlier in the round is said (§4.7, issue 26)', () => {
  it('a second hit says toughness was used up this round', () => {
    const { words, wounded } = twoHits([10, 10]);
    // The events are as they were (the words read the state before each wound).
    expect(wounded.map((e) => (e.type === 'wounded' ? [e.taken, e.toughness] : []))).toEqual([
      [5, 5],
      [10, 0],
    ]);
    expect(words.join('\n')).toContain('5 cut wounds reached TO1 (dealt 10; its toughness ignored 5)');
    expect(words.join('\n')).toContain('10 cut wounds reached TO1 (dealt 10; its toughness was used up this round)');
  });

  it('a hit that spends what toughness had left says it was all it had left', () => {
    const { words } = twoHits([3, 10]);
    expect(words.join('\n')).toContain('8 cut wounds reached TO1 (dealt 10; its toughness ignored 2, all it had left this round)');
  });
});
