/** R17 refusals name what blocks every sight line (engine/sight.ts sightBlockers), so a player can find it on the map. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioState } from '../../src/rulesets/sellsword/scenario-runner';
import { scenarioContent } from '../fixtures/scenario-content';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { apply } from '../../src/rulesets/sellsword/engine/events';
import { blockedLines } from '../../src/rulesets/sellsword/engine/targeting';
import { scenarioSchema } from '../../src/rulesets/sellsword/formats/scenario';

const content = scenarioContent();
const base = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', 'r17-no-line-of-sight-through-a-wall.json'), 'utf8'));

function refusalFor(change: (s: typeof base) => void): string {
  const raw = structuredClone(base);
  change(raw);
  let state = scenarioState(scenarioSchema.parse(raw), content);
  const begun = decide(state, { begin: true });
  if ('error' in begun) throw new Error(begun.error.message);
  state = begun.events.reduce(apply, state);
  const r = decide(state, raw.steps[0]);
  if (!('error' in r)) throw new Error('the attack was allowed');
  expect(r.error.code).toBe('no-line-of-sight');
  return r.error.message;
}

describe('R17: what blocks every line, in the refusal', () => {
  it('names the wall squares that stop the lines', () => {
    expect(refusalFor(() => undefined)).toBe('Bowman (a) cannot see Target (t): the walls at C3, C4 and C5 block every line.');
  });

  it('names a wall edge between two squares', () => {
    const message = refusalFor((s) => {
      s.map.grid = s.map.grid.map((row: string) => row.replace('#', '.'));
      s.map.walls = ['C1/D1', 'C2/D2', 'C3/D3', 'C4/D4', 'C5/D5', 'C6/D6', 'C7/D7'];
    });
    expect(message).toBe('Bowman (a) cannot see Target (t): the walls between C3 and D3, between C4 and D4 and between C5 and D5 block every line.');
  });

  it('names both walls that shut a corner between diagonal squares', () => {
    const message = refusalFor((s) => {
      s.map.grid = ['11......', '11......', '.#......', '........', '........', '........', '......22', '......22'];
      s.map.grid[1] = '11#.....';
      s.units[0].at = 'B2';
      s.units[1].at = 'C3';
    });
    expect(message).toBe('Bowman (a) cannot see Target (t): the walls at C2 and B3 block every line.');
  });

  it('says nothing of what blocks when some line is clear', () => {
    const raw = structuredClone(base);
    raw.map.grid = raw.map.grid.map((row: string) => row.replace('#', '.'));
    const state = scenarioState(scenarioSchema.parse(raw), content);
    expect(blockedLines(state, state.units.a!, state.units.t!)).toBeNull();
  });
});
