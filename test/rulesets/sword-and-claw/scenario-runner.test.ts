/**
 * The Sword and Claw scenario runner keeps to docs/formats.md "Sword and Claw: scenario" where the
 * rule scenarios cannot show it: a die of the wrong size ends the run, an `opportunity` step answers
 * only the prompt of the attacker it names, and a file that cannot be set up is refused.
 */
import { describe, expect, it } from 'vitest';
import { runScScenario } from '../../../src/rulesets/sword-and-claw/match/scenario';

const base = {
  ruleset: 'sword-and-claw',
  map: { id: 'field', name: 'Field', grid: ['......', '......', '......', '......', '......', '......'] },
  players: ['p1', 'p2'],
  attacker: 'p1',
  start: { turn: 'p1', step: 'movement' },
  units: [
    { id: 'spear', troop: 'human-spearman', player: 'p1', at: 'C3' },
    { id: 'skink', troop: 'reptilian-skirmisher', player: 'p2', at: 'C4' },
  ],
};

const report = (doc: object) => {
  const r = runScScenario(doc);
  if (!r.ok) throw new Error(r.problems);
  return r.report as { steps: { ok: boolean; error?: { code: string } }[]; error: { code: string } | null };
};

describe('Sword and Claw scenario runner', () => {
  it('ends the run when the rules roll another size of die than the list holds (wrong-die)', () => {
    const r = report({ ...base, dice: ['d6:3'], steps: [{ move: 'spear', path: ['C2'] }, { opportunity: 'skink', with: 'claws' }, { next: true }] });
    expect(r.error).toMatchObject({ code: 'wrong-die' });
    expect(r.steps).toHaveLength(2);
  });

  it('refuses an opportunity answer naming another attacker than the prompt asks about (wrong-prompt)', () => {
    const r = report({
      ...base,
      dice: [],
      steps: [
        { move: 'spear', path: ['C2'] },
        { opportunity: 'spear', with: null },
      ],
    });
    expect(r.steps[1]).toMatchObject({ ok: false, error: { code: 'wrong-prompt' } });
  });

  it('refuses a file whose map is unknown, whose troops overlap, or whose card is missing', () => {
    expect(runScScenario({ ...base, map: 'nowhere' })).toMatchObject({ ok: false, problems: expect.stringContaining('no Sword and Claw map "nowhere"') });
    const overlap = { ...base, units: [...base.units, { id: 'spear2', troop: 'human-spearman', player: 'p1', at: 'C3' }] };
    expect(runScScenario(overlap)).toMatchObject({ ok: false, problems: expect.stringContaining('overlap') });
    const missing = { ...base, units: [{ id: 'x', troop: 'no-such-troop', player: 'p1', at: 'A1' }] };
    expect(runScScenario(missing)).toMatchObject({ ok: false, problems: expect.stringContaining('no troop card "no-such-troop"') });
  });
});
