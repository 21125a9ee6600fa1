/**
 * Conditions at the table (SC Conditions; SC Saving Throws; SC App. B Entangling, Paralyzing, Poison,
 * Draining, No Damage; rulings SC38–SC41): the log names the condition that takes hold and each save
 * with its roll, and the turn picture's strip, badges and key show what a troop carries. The scenarios
 * prove the rules; this, the words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { scScenarioSchema } from '../../../src/rulesets/sword-and-claw/formats/scenario';
import { runParsedScenario, scenarioStart } from '../../../src/rulesets/sword-and-claw/match/scenario';
import type { ScEvent, ScState } from '../../../src/rulesets/sword-and-claw/match/types';
import { scTell } from '../../../src/rulesets/sword-and-claw/table/words';
import { applyEvent } from '../../../src/rulesets/sword-and-claw/match/apply';
import { scViewInputOf } from '../../../src/rulesets/sword-and-claw/view/from-match';
import { findAttack } from '../../../src/rulesets/sword-and-claw/rules/melee';
import { hitWords } from '../../../src/rulesets/sword-and-claw/table/hit-words';
import { suggestOrder } from '../../../src/rulesets/sword-and-claw/table/orders';
import { scPromptPost } from '../../../src/rulesets/sword-and-claw/table/prompt';
import { scTableView } from '../../../src/rulesets/sword-and-claw/view/table-view';

const content = (() => {
  const r = loadScContent();
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return r.value;
})();

/** A scenario's setup, its start, its events and the lines the thread shows for them. */
function run(file: string) {
  const scenario = scScenarioSchema.parse(JSON.parse(readFileSync(`test/scenarios/sword-and-claw/${file}.json`, 'utf8')));
  const { setup, state } = scenarioStart(scenario, content);
  const report = runParsedScenario(scenario, content);
  const events = report.steps.flatMap((s) => (s.ok ? s.events : [])) as ScEvent[];
  const lines = scTell(setup, state, events, (p) => p).flatMap((t) => t.lines);
  const end = events.reduce<ScState>(applyEvent, state);
  return { setup, lines, end };
}

describe('conditions in the log', () => {
  it('SC App. B Entangling, No Damage: the hit rolls no damage, the condition is named, and the failed save with its roll', () => {
    const { lines } = run('sc-app-b-entangling-no-damage-sc40-entangled-cannot-move');
    expect(lines).toContain("🎲 WS's Web at HS: d10 7 +0 skill = 7 against Melee Defense 6, a hit; it does no damage (No Damage).");
    expect(lines).toContain('HS is entangled: it cannot move, and attacks at −2, until it passes a save at the start of its turn.');
    expect(lines).toContain('🎲 HS is still entangled: it cannot move this turn (save d10 3 = 3, under 6).');
    expect(lines.join('\n')).toContain('-2 entangled = 6 against Melee Defense 5');
  });

  it('SC Conditions Poisoned: a failed save is a wound, a passed one shakes off the poison', () => {
    const { lines } = run('sc-app-b-poison-sc38-a-wound-on-each-failed-save');
    expect(lines).toContain('HC is poisoned: each failed save at the start of its turn costs it a wound.');
    expect(lines).toContain('🎲 HC suffers the poison: 1 wound (save d10 2 +1 Strength and size = 3, under 6).');
    expect(lines).toContain('🎲 HC shakes off the poison (save d10 8 +1 Strength and size = 9, 6 or more).');
    expect(lines).toContain('HC has taken 2 of 3 wounds and is Hurt.');
  });

  it('SC41: a save of 6 to 9 says half speed, 10 or more moves normally', () => {
    const { lines } = run('sc41-entangled-save-6-to-9-half-move-10-moves-normally');
    expect(lines).toContain('🎲 HS1 breaks free of the entanglement but moves at half speed this turn (save d10 7 = 7, 6 to 9).');
    expect(lines).toContain('🎲 HS2 breaks free of the entanglement and moves normally (save d10 10 = 10, 10 or more).');
  });

  it('SC Conditions Paralyzed and SC39 Draining, and SC40 a mover held by an opportunity attack', () => {
    expect(run('sc-app-b-paralyzing-sc40-paralyzed-cannot-move-or-attack').lines).toContain(
      '🎲 HS shakes off the paralysis and may move and attack (save d10 6 = 6, 6 or more).',
    );
    expect(run('sc-app-b-draining-sc39-one-more-wound').lines.join('\n')).toContain('= 7 damage, 2 wounds (one more for Draining).');
    expect(run('sc40-an-opportunity-attack-that-entangles-stops-the-mover').lines).toContain('HS is entangled and cannot move on: its move ends on C3.');
  });
});

describe('conditions in the turn picture', () => {
  it('SC38: a troop carrying conditions shows a badge for each and says them in the strip; the key explains the badges', () => {
    const { setup, end } = run('sc-app-b-poison-on-a-shot-sc40-entangled-aims-and-shoots-at-minus-2');
    const view = scTableView(scViewInputOf(setup, end));
    const blow = view.units.find((u) => u.id === 'blow')!;
    const spear = view.units.find((u) => u.id === 'spear')!;
    expect(blow.badges).toEqual([{ text: 'E', word: 'Entangled' }]);
    expect(blow.condition).toContain('Entangled');
    expect(spear.badges.map((b) => b.word)).toEqual(['Hurt', 'Poisoned']);
    expect(spear.condition).toEqual(['1 of 2 wounds taken', 'Hurt', 'Poisoned']);
    expect(view.legend).toEqual(
      expect.arrayContaining([
        { kind: 'badge', text: 'E', words: 'Entangled: cannot move, -2 to attacks, until a save' },
        { kind: 'badge', text: 'V', words: 'Poisoned (venom): a wound on each failed save' },
      ]),
    );
  });

  it('SC41: two of one condition are counted, and half a Move is said', () => {
    const { setup, end } = run('sc41-entangled-save-6-to-9-half-move-10-moves-normally');
    const view = scTableView(scViewInputOf(setup, end));
    expect(view.units.find((u) => u.id === 'a')!.condition).toContain('half Move this turn');
    const twice = scTableView(scViewInputOf(setup, { ...end, troops: { ...end.troops, c: { ...end.troops.c!, conditions: ['entangled', 'entangled'] } } }));
    expect(twice.units.find((u) => u.id === 'c')!.condition).toContain('Entangled ×2');
  });
});

describe('conditions in the odds a player reads before attacking', () => {
  it('SC App. B Entangling, Paralyzing, Poison, Draining, No Damage: what a hit does besides wounding is said after its chance to wound', () => {
    const bola = findAttack(content.troops.get('hollowmoon-snarecaster')!, 'bola')!.attack;
    // The Bola wounds a Kiln Colossus never, but a hit still entangles it: the odds said only "0% to wound".
    expect(hitWords(bola, 0)).toBe('0% to wound, a hit entangles');
    const fang = { ...bola, qualities: [{ name: 'Poison' }, { name: 'Paralyzing' }, { name: 'Draining' }] } as typeof bola;
    expect(hitWords(fang, 50)).toBe('50% to wound, a wound paralyzes, a wound poisons, a wound drains one more');
    const crossbow = findAttack(content.troops.get('human-crossbowman')!, 'crossbow')!.attack;
    expect(hitWords(crossbow, 67)).toBe('67% to wound');
  });

  it('the /order attack target suggestion and the opportunity prompt say a Web does no damage and entangles on a hit', () => {
    const scenario = scScenarioSchema.parse(
      JSON.parse(readFileSync('test/scenarios/sword-and-claw/sc-app-b-entangling-no-damage-sc40-entangled-cannot-move.json', 'utf8')),
    );
    const { setup, state } = scenarioStart(scenario, content);
    const { choices } = suggestOrder(setup, state, 'p1', 'attack', 'target', { troop: 'spinner', attack: 'web' });
    expect(choices.map((c) => c.name)).toEqual([expect.stringMatching(/\(\d+% to hit, no damage, a hit entangles\)$/)]);
    const asked: ScState = {
      ...state,
      turn: { ...state.turn!, player: 'p2', step: 'movement' },
      prompt: { kind: 'opportunity', player: 'p1', mover: 'spear', attacker: 'spinner', attacks: ['web'], queue: [], offered: [], rest: [], how: 'move' },
    };
    expect(scPromptPost(setup, asked, (p) => p)!.text).toMatch(/• Web: \d+% to hit \(Melee Defense \d+\), then no damage, a hit entangles\./);
  });
});
