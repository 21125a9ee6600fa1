/**
 * The scenario runner keeps to docs/formats.md "Scenario" where the rules tests cannot show it by
 * themselves: how `auto` settles a prompt that a refused step left open, how a `decide` is judged
 * against the prompt in front of the game, and how a `shove` square is checked.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/rulesets/sellsword/scenario-runner';
import { defaultContent } from '../../src/content/load';
import { scenarioSchema } from '../../src/formats/scenario';

const content = defaultContent();

const soldier = {
  id: 't-soldier',
  name: 'Test Soldier',
  faction: 'test',
  quality: 3,
  size: 'medium',
  cost: 10,
  stats: { agility: 10, brawn: 10, spirit: 10, wits: 10, move: 5, armor: 10, vigor: 10 },
  tokens: { react: 1 },
  injuries: ['mobility', 'defensive', 'mortal'],
  attacks: [
    { id: 'sword', name: 'Sword', range: 1, bonus: 5, vs: 'armor', effects: [{ wound: 5, type: 'cut' }] },
    { id: 'shove', name: 'Shove', range: 1, bonus: 5, vs: 'armor', effects: [{ push: 2 }] },
    { id: 'drag', name: 'Drag', range: 3, bonus: 5, vs: 'armor', effects: [{ pull: 1 }] },
  ],
};

/** a (p1, C3) beside b (p2, D3, no react token) on an open 8×8 yard; `steps` and `dice` as given. */
function run(steps: unknown[], dice: number[], auto: boolean) {
  const scenario = scenarioSchema.parse({
    name: 'runner',
    map: { id: 'yard', name: 'Yard', grid: ['11......', '11......', '........', '........', '........', '........', '......22', '......22'] },
    cards: [soldier],
    players: ['p1', 'p2'],
    start: { round: 1, order: ['p1', 'p2'] },
    units: [
      { id: 'a', card: 't-soldier', player: 'p1', at: 'C3' },
      { id: 'b', card: 't-soldier', player: 'p2', at: 'D3', tokens: { react: 0 } },
    ],
    dice,
    auto,
    steps,
  });
  return runScenario(scenario, content);
}

const hit = { act: 'attack', unit: 'a', attack: 'sword', target: 'b' };

describe('scenario runner (docs/formats.md "Scenario")', () => {
  it('with auto, settles a prompt still open after the last step even when that step was refused', () => {
    // The sword hits: p2 is asked how b takes 5 wounds. p2's answer avoids 10, which is refused
    // (only 5 are to be allotted), and that is the last step: the defaults then take the wounds
    // (Vigor first).
    const report = run([hit, { decide: { unit: 'b', avoid: 10 } }], [10], true);
    expect(report.steps[1]).toMatchObject({ ok: false, error: { code: 'bad-split' } });
    expect(report.state).toMatchObject({ prompt: null, units: { b: { vigor: 5, injuries: [] } } });
    // The defaults join the events of the step that left the prompt open.
    const events = (report.steps[0] as { events: { type: string }[] }).events.map((e) => e.type);
    expect(events.slice(-3)).toEqual(['prompted', 'answered', 'wounded']);
    expect(report.error).toBeNull();
  });

  it('without auto, leaves that prompt open', () => {
    const report = run([hit, { decide: { unit: 'b', avoid: 10 } }], [10], false);
    expect(report.state).toMatchObject({ prompt: { kind: 'wounds', player: 'p2', unit: 'b' }, units: { b: { vigor: 10 } } });
  });

  it('with auto, settles a prompt a refused step left open before the next step that does not answer it', () => {
    const report = run([hit, { decide: { unit: 'b', avoid: 10 } }, { act: 'maneuver', unit: 'a', to: 'B3' }], [10], true);
    expect(report.steps.map((s) => s.ok)).toEqual([true, false, true]);
    expect(report.state).toMatchObject({ prompt: null, units: { a: { at: 'B3' }, b: { vigor: 5 } } });
  });

  it('refuses a reply sent to a wound split as wrong-prompt, and auto settles the split afterwards', () => {
    const report = run([hit, { decide: { unit: 'b', reply: 'sword' } }], [10], true);
    expect(report.steps[1]).toMatchObject({ ok: false, error: { code: 'wrong-prompt' } });
    expect((report.steps[1] as { error: { message: string } }).error.message).toMatch(/reply.*wound split/);
    expect(report.state).toMatchObject({ prompt: null, units: { b: { vigor: 5 } } });
  });

  it('refuses an answer that fits no prompt, or two kinds at once, as wrong-prompt', () => {
    for (const d of [{ unit: 'b' }, { unit: 'b', avoid: 5, reply: null }, { unit: 'b', reroll: true }]) {
      const report = run([hit, { decide: d }], [10], false);
      expect(report.steps[1]).toMatchObject({ ok: false, error: { code: 'wrong-prompt' } });
      expect(report.state).toMatchObject({ prompt: { kind: 'wounds' } });
    }
  });

  it('refuses a shove square that is not further away (push) or nearer (pull) as an illegal step', () => {
    // b at D3, beside a at C3. D4 is as near to C3 as D3 is; E3 is further.
    const report = run(
      [
        { act: 'attack', unit: 'a', attack: 'shove', target: 'b', shove: ['D4'] },
        { act: 'attack', unit: 'a', attack: 'drag', target: 'b', shove: ['E3'] },
        { act: 'attack', unit: 'a', attack: 'shove', target: 'b', shove: ['E3', 'F3'] },
      ],
      [10],
      true,
    );
    expect(report.steps[0]).toMatchObject({ ok: false, error: { code: 'shove-not-further' } });
    expect(report.steps[1]).toMatchObject({ ok: false, error: { code: 'shove-not-nearer' } });
    expect(report.steps[2]).toMatchObject({ ok: true });
    // The refused attacks rolled nothing and spent no act.
    expect(report.dice).toEqual({ used: 1, left: 0 });
    expect(report.state).toMatchObject({ units: { a: { actsLeft: 2 }, b: { at: 'F3' } } });
  });
});
