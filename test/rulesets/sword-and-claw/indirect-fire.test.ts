/**
 * SC App. B Indirect Fire (ruling SC73) at the table: the target suggestions of `/order shoot` offer an
 * enemy the mortar cannot see but a friend does, saying so, with the −4 in the odds; the log names the
 * −4. The scenario sc-app-b-indirect-fire-over-a-wall-called-by-a-friend plays the rule.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rulesetOf, type TableRules } from '../../../src/rulesets';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { scScenarioSchema } from '../../../src/rulesets/sword-and-claw/formats/scenario';
import { decideSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { scenarioStart } from '../../../src/rulesets/sword-and-claw/match/scenario';

const content = (() => {
  const r = loadScContent();
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return r.value;
})();
const found = rulesetOf('sword-and-claw');
if (!found.ok || !found.ruleset.table) throw new Error('Sword and Claw has no table rules');
const table: TableRules = found.ruleset.table;

const scenario = scScenarioSchema.parse(
  JSON.parse(readFileSync('test/scenarios/sword-and-claw/sc-app-b-indirect-fire-over-a-wall-called-by-a-friend.json', 'utf8')),
);

describe('SC App. B Indirect Fire at the table', () => {
  it('suggests the enemy a friend sees, out of sight, at −4; not the one nobody sees; the crossbow gets neither', () => {
    const { setup, state } = scenarioStart(scenario, content);
    const targets = table.suggest(setup, state, 'p1', 'shoot', 'target', { troop: 'm1', attack: 'mortar' }).choices;
    // Mortar +2 − 4 against Ranged Defense 7: a d10 of 9 or 10, 20%.
    expect(targets).toHaveLength(1);
    expect(targets[0]!.name).toMatch(/\(4", short range, out of sight: Indirect Fire, 20% to hit, \d+% to wound\)$/);
    expect(table.suggest(setup, state, 'p1', 'shoot', 'target', { troop: 'c1', attack: 'crossbow' }).choices).toEqual([]);
  });

  it('the log names the −4', () => {
    const { setup, state } = scenarioStart(scenario, content);
    const declared = decideSc(setup, state, { type: 'shoot', troop: 'm1', attack: 'mortar', target: 'e1' }, 'p1');
    if (!declared.ok) throw new Error(declared.error.message);
    const closed = decideSc(setup, declared.state, { type: 'next' }, 'p1');
    if (!closed.ok) throw new Error(closed.error.message);
    const lines = table.tell(setup, declared.state, closed.events, (p) => p).flatMap((t) => t.lines);
    expect(lines.join('\n')).toMatch(/d10 9 \+2 skill -4 indirect fire = 7 against Ranged Defense 7, a hit/);
  });
});
