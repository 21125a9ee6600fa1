/**
 * The round's label (engine `phaseName`, from `aloneToAct`): once a round reads "last
 * turns", every later state of that round reads so too, through the last unit's own turn; it never
 * goes back to a phase number.
 */
import { describe, expect, it } from 'vitest';
import { Chooser, chooseCommand, newGame } from '../../src/bench/selfplay';
import { defaultContent } from '../../src/content/load';
import { step } from '../../src/rulesets/sellsword/engine/decide';
import { seeded } from '../../src/engine/dice';
import { apply } from '../../src/rulesets/sellsword/engine/events';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { aloneToAct, waitingUnits } from '../../src/rulesets/sellsword/engine/turns';
import { describeState, phaseName } from '../../src/rulesets/sellsword/engine';
import { table } from '../render/states';
import { altText } from '../../src/rulesets/sellsword/render/alt-text';
import { lastTurnsMeaning } from '../../src/rulesets/sellsword/render';

const content = defaultContent();

/** The label of every state a self-play game passes through, event by event (a turn's post shows any of them), by round. */
function labelsOf(map: string, seed: number): Map<number, string[]> {
  let state: GameState = newGame(content, map, seed);
  const choose = new Chooser(seeded(seed));
  const labels = new Map<number, string[]>();
  for (let n = 0; !state.over && n < 800; n++) {
    let r = step(state, chooseCommand(state, choose));
    if ('error' in r) r = step(state, { end: state.turn?.unit ?? waitingUnits(state, state.turn!.player)[0]!.id });
    if ('error' in r) throw new Error(r.error.message);
    let at = state;
    for (const e of r.events) {
      at = apply(at, e);
      if (at.round > 0 && !at.over) labels.set(at.round, [...(labels.get(at.round) ?? []), phaseName(at.round, at.phase, aloneToAct(at))]);
    }
    state = r.state;
  }
  return labels;
}

/** Two p1 knights and a p2 ghoul on Barrow Hill. */
const twoKnightsAndAGhoul = () =>
  table({
    map: 'barrow-hill',
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
      { id: 'kn2', card: 'valor-knight', player: 'p1', at: 'C10' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J13' },
    ],
  });

describe('the round label', () => {
  it('does not say "last turns" before any other turn of the round was taken', () => {
    const s0 = twoKnightsAndAGhoul();
    // Only p1 has units to act from the round's start: its first turn is no "last turn".
    const alone: GameState = { ...s0, units: { ...s0.units, gh: { ...s0.units.gh!, dropped: true } } };
    expect(phaseName(alone.round, alone.phase, aloneToAct(alone))).not.toMatch(/last turns/);
    // Once another unit's turn is behind, the rest are the round's last turns.
    const later: GameState = { ...alone, units: { ...alone.units, kn2: { ...alone.units.kn2!, turnTaken: true } } };
    expect(phaseName(later.round, later.phase, aloneToAct(later))).toBe(`Round ${later.round}, last turns`);
    // `/skirmish status` (describeState) names the moment as the turn post and the map do, not "phase 4".
    expect(describeState(later)).toMatch(new RegExp(`^Round ${later.round}, last turns\\.`));
  });

  it('says what "last turns" means: the one player with units left takes its turns one after another (issue 26)', () => {
    const s0 = twoKnightsAndAGhoul();
    const later: GameState = {
      ...s0,
      units: { ...s0.units, gh: { ...s0.units.gh!, turnTaken: true }, kn2: { ...s0.units.kn2!, turnTaken: true } },
    };
    expect(aloneToAct(later)).toBe(true);
    // The map's alt text (and the small print under a turn's post) names who is alone and why they go on.
    const alt = altText(later, { names: { p1: 'Hrolf', p2: 'Morga' } });
    expect(alt).toContain('last turns. ');
    expect(alt).toContain('Only Hrolf has units left to act this round, so Hrolf takes the remaining turns one after another.');
    expect(lastTurnsMeaning('you')).toBe('only you have units left to act this round, so you take your remaining turns one after another');
    // Before the last turns, nothing of the kind is said.
    expect(altText(s0, { names: { p1: 'Hrolf', p2: 'Morga' } })).not.toContain('units left to act');
  });

  it('stays "last turns" to the end of the round once it says so', () => {
    let seen = 0;
    for (const [map, seed] of [
      ['burning-village', 3],
      ['barrow-hill', 4],
    ] as const) {
      for (const [round, labels] of labelsOf(map, seed)) {
        const first = labels.findIndex((l) => l.endsWith('last turns'));
        if (first === -1) continue;
        seen++;
        expect({ round, after: [...new Set(labels.slice(first))] }).toEqual({ round, after: [`Round ${round}, last turns`] });
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('holds no brackets, since the ping and the wait words put it in some: "it\'s your turn (round 1, …)"', () => {
    for (const phase of [0, 1, 2]) expect(phaseName(1, phase)).not.toMatch(/[()[\]]/);
    expect(phaseName(1, 0)).toBe('Round 1, greater-advantage turn before phase 1');
  });
});
