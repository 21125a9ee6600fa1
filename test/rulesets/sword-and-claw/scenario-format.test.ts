import { describe, expect, it } from 'vitest';
import { parseWith } from '../../../src/formats/problems';
import { scScenarioSchema } from '../../../src/rulesets/sword-and-claw/formats/scenario';

const base = {
  ruleset: 'sword-and-claw',
  map: 'reed-ford',
  players: ['p1', 'p2'],
  attacker: 'p1',
  start: { turn: 'p1', step: 'movement' },
  units: [
    { id: 'a', troop: 'human-spearman', player: 'p1', at: 'c3' },
    { id: 'b', troop: 'reptilian-skirmisher', player: 'p2', at: 'D4', taken: 1 },
  ],
  dice: ['d10:7', 'd6:4', 'D8:3'],
  steps: [
    { move: 'a', how: 'run', to: 'C5' },
    { move: 'a', how: 'slide', path: ['C4'], then: { to: 'C6' } },
    { next: true },
    { attack: 'a', with: 'spear', target: 'b' },
    { opportunity: 'b', with: null },
    { concede: 'p2' },
  ],
};

const problems = (over: Record<string, unknown>) => {
  const r = parseWith(scScenarioSchema, { ...base, ...over });
  return r.ok ? [] : r.problems;
};

describe('Sword and Claw scenario envelope (docs/formats.md "Sword and Claw: scenario")', () => {
  it("reads sized dice, squares and the slice's steps", () => {
    const r = parseWith(scScenarioSchema, base);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.value.dice).toEqual([
      { d: 10, v: 7 },
      { d: 6, v: 4 },
      { d: 8, v: 3 },
    ]);
    expect(r.value.units[0]).toEqual({ id: 'a', troop: 'human-spearman', player: 'p1', at: 'C3', taken: 0 });
    expect(r.value.steps[0]).toEqual({ move: 'a', how: 'run', to: 'C5' });
  });

  it('names the ruleset, a die without its size that is not a d20, and a face the die lacks', () => {
    const { ruleset: _, ...bare } = base;
    expect(parseWith(scScenarioSchema, bare)).toMatchObject({ ok: false, problems: [{ path: 'ruleset' }] });
    expect(problems({ dice: ['d6:7'] })).toEqual([
      { path: 'dice[0]', message: 'a d6 has no face 7: a die needs 2 or more sides, and its face is from 1 to its sides' },
    ]);
  });

  it('a move gives a path or a destination, and only a slide has a move after it', () => {
    expect(problems({ steps: [{ move: 'a' }] })[0]!.message).toMatch(/give the squares moved through/);
    expect(problems({ steps: [{ move: 'a', to: 'C5', then: { to: 'C6' } }] })).toEqual([
      { path: 'steps[0].then', message: 'only a slide has a move after it ("then")' },
    ]);
  });

  it('units and the attacker belong to the players', () => {
    expect(problems({ attacker: 'p3' })).toEqual([{ path: 'attacker', message: '"p3" is not in players (p1, p2)' }]);
    expect(
      problems({
        units: [
          { id: 'a', troop: 't', player: 'p1', at: 'A1' },
          { id: 'a', troop: 't', player: 'p2', at: 'off' },
        ],
      }),
    ).toEqual([{ path: 'units[1].id', message: 'duplicate unit id "a"' }]);
  });

  it('takes an inline map without repeating the ruleset', () => {
    const grid = ['......', '......', '......', '......', '......', '......'];
    expect(parseWith(scScenarioSchema, { ...base, map: { id: 'box', name: 'Box', grid } }).ok).toBe(true);
  });
});
