/**
 * Water (SC Moving Through Water, SC Swimming, SC App. A Aquatic; rulings SC68–SC71): a troop's height
 * and swimming cost read from its card, and the `/order move to:` suggestions priced by the one
 * pathfinder. The scenarios (test/scenarios/sword-and-claw/sc-*water*, sc-swimming-*) prove the rules in a match.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rulesetOf, type TableRules } from '../../../src/rulesets';
import { startTurn } from '../../../src/engine/step-turn';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { initialState, STEP_RULES } from '../../../src/rulesets/sword-and-claw/match/apply';
import { scScenarioSchema } from '../../../src/rulesets/sword-and-claw/formats/scenario';
import { runParsedScenario, scenarioStart } from '../../../src/rulesets/sword-and-claw/match/scenario';
import type { ScEvent, ScSetup, ScState } from '../../../src/rulesets/sword-and-claw/match/types';
import { scTell } from '../../../src/rulesets/sword-and-claw/table/words';
import { swimmingCard, wetOf } from '../../../src/rulesets/sword-and-claw/rules/water';
import { troop } from './cards';

const loaded = loadScContent();
if (!loaded.ok) throw new Error('content');
const content = loaded.value;
const found = rulesetOf('sword-and-claw');
if (!found.ok || !found.ruleset.table) throw new Error('Sword and Claw has no table rules');
const table: TableRules = found.ruleset.table;

describe('Sword and Claw water', () => {
  it("reads height and the swim cost from the card: the rulebook's captain pays 3 extra; armour never below 1 extra (SC Swimming)", () => {
    expect(wetOf(content.troops.get('human-captain')!)).toEqual({ height: 2, swimExtra: 3, aquatic: false });
    // To Wound 3, Medium: armour 1, Strength 0: 1 extra, and 1 still for a strong troop.
    expect(wetOf(content.troops.get('human-crossbowman')!).swimExtra).toBe(1);
    expect(wetOf(troop({ str: 4, toWound: '3/7' })).swimExtra).toBe(1);
    // SC Moving Through Water: a Short troop is one lower; a Large one is 3 tall.
    expect(wetOf(troop({ qualities: ['Short'] })).height).toBe(1);
    expect(wetOf(content.troops.get('reptilian-swamp-brute')!).height).toBe(3);
    expect(wetOf(troop({ qualities: ['Aquatic'] })).aquatic).toBe(true);
    // A swimmer's shield "can't be used": 3 off each Defense, and no +1 To Wound against an area attack (ruling SC71).
    const swimming = swimmingCard(content.troops.get('human-spearman')!);
    expect([swimming.defense.melee, swimming.defense.ranged, swimming.shield]).toEqual([3, 4, false]);
  });

  it('the move suggestions show each square with what it costs through water: 3 to swim in, 2 to wade', () => {
    const setup: ScSetup = {
      ruleset: 'sword-and-claw',
      seed: 3,
      players: ['alice', 'bob'],
      attacker: 'alice',
      defenderEdge: null,
      map: { ruleset: 'sword-and-claw', id: 'w', name: 'W', sample: false, grid: ['.3....', '.2....', '......', '......', '......', '......'] },
      cards: { 'human-spearman': content.troops.get('human-spearman')!, 'reptilian-skirmisher': content.troops.get('reptilian-skirmisher')! },
      armies: { alice: 'Iron Company', bob: 'Mire Raiders' },
      troops: [
        { id: 'spear', troop: 'human-spearman', player: 'alice' },
        { id: 'skink', troop: 'reptilian-skirmisher', player: 'bob' },
      ],
    };
    const start = initialState(setup);
    const state: ScState = {
      ...start,
      attacker: 'alice',
      defender: 'bob',
      round: 1,
      troops: { spear: { ...start.troops.spear!, at: 0 }, skink: { ...start.troops.skink!, at: 35 } },
      turn: startTurn(STEP_RULES, 'alice', 'alice'),
    };
    const troopLabel = table.suggest(setup, state, 'alice', 'move', 'troop', {}).choices[0]!.value;
    const names = table.suggest(setup, state, 'alice', 'move', 'to', { troop: troopLabel }).choices.map((c) => c.name);
    // B1 is water 3 deep (the spearman swims: 1 + armour 2 − Strength 0); B2 is 2 deep (it wades: 2).
    expect(names).toEqual(expect.arrayContaining(['B1 (3")', 'B2 (2")', 'A2 (1")']));
  });

  it("the roll's words say a lowered Defense is a swimmer's, for a strike and a shot (SC Swimming)", () => {
    const lines = (file: string) => {
      const scenario = scScenarioSchema.parse(JSON.parse(readFileSync(`test/scenarios/sword-and-claw/${file}.json`, 'utf8')));
      const { setup, state } = scenarioStart(scenario, content);
      const events = runParsedScenario(scenario, content).steps.flatMap((x) => (x.ok ? x.events : [])) as ScEvent[];
      return scTell(setup, state, events, (p) => p).flatMap((t) => t.lines);
    };
    const melee = lines('sc-swimming-melee-defense-minus-two').join('\n');
    expect(melee).toMatch(/= 3 against Melee Defense 3 \(swimming\), a hit/);
    expect(melee).toMatch(/= 3 against Melee Defense 5, a miss/);
    const shots = lines('sc-swimming-defenses-minus-two-and-a-shield-unused').join('\n');
    expect(shots).toMatch(/against Ranged Defense 4 \(swimming\)/);
    expect(shots).toMatch(/against Ranged Defense 6, a miss/);
  });
});
