/**
 * SC Melee c and SC App. B Cone, Fan, Line, Aura and Sweep at the table (rulings SC45–SC50): the
 * orders a projected attack may be given, and the log lines of both (the scenarios prove the rules; this, the words and
 * the choices).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chooseScCommand } from '../../../src/rulesets/sword-and-claw/ai/choose';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { scScenarioSchema } from '../../../src/rulesets/sword-and-claw/formats/scenario';
import { legalCommands } from '../../../src/rulesets/sword-and-claw/match/options';
import { runParsedScenario, scenarioStart } from '../../../src/rulesets/sword-and-claw/match/scenario';
import { meleeAttacks, opportunityAttacks } from '../../../src/rulesets/sword-and-claw/match/tables';
import type { ScEvent } from '../../../src/rulesets/sword-and-claw/match/types';
import { parseOrder, suggestOrder } from '../../../src/rulesets/sword-and-claw/table/orders';
import { scTell } from '../../../src/rulesets/sword-and-claw/table/words';

const content = (() => {
  const r = loadScContent();
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return r.value;
})();

const scenario = (file: string) => scScenarioSchema.parse(JSON.parse(readFileSync(`test/scenarios/sword-and-claw/${file}.json`, 'utf8')));

/** The lines the thread shows for a scenario's steps, from its start. */
function told(file: string): string[] {
  const s = scenario(file);
  const { setup, state } = scenarioStart(s, content);
  const report = runParsedScenario(s, content);
  const events = report.steps.flatMap((x) => (x.ok ? x.events : [])) as ScEvent[];
  return scTell(setup, state, events, (p) => p).flatMap((t) => t.lines);
}

describe('a projected attack in the log', () => {
  it('names its template, the squares it covered and each troop under it with its own rolls', () => {
    const lines = told('sc-app-b-cone-hits-every-troop-under-it-friend-and-foe');
    expect(lines[0]).toBe('FD will aim Fire Breath (Cone 4) at SO2.');
    expect(lines).toContain(
      "🎲 FD's Fire Breath (Cone 4) aimed at SO2 covers E4, F4, C5, D5, E5, F5, E6, F6; under it: SO1 (d10 6 +1 skill -1 cover = 6 against Ranged Defense 6, a hit; d6 5 +2 = 7 damage, 2 wounds); SO2 (d10 7 +1 skill = 8 against Ranged Defense 6, a hit; d6 2 +2 = 4 damage, 1 wound); SO3 (d10 4 +1 skill -1 cover = 4 against Ranged Defense 6, a miss).",
    );
  });

  it('an automatic hit: no d10, the Hurt −2 and the shield named, and the troop the wall hides', () => {
    const lines = told('sc-app-b-fan-automatically-hits-shields-swarms-and-sight');
    expect(lines.find((l) => l.startsWith('🎲'))).toMatch(
      /KN \(hit automatically; d6 3 \+3 -2 hurt = 4 damage, shield \+1 To Wound, 0 wounds\).*; hidden from it by terrain, so untouched: SO2\.$/,
    );
  });
});

describe('a Sweep in the log', () => {
  it('names its turn, its squares and each troop in them with its own strike', () => {
    const lines = told('sc-app-b-sweep-round-the-attacker-friend-and-foe');
    expect(lines[0]).toBe('RM will sweep Tail Sweep clockwise from HS1, 5 squares.');
    expect(lines[1]).toBe(
      "🎲 RM's Tail Sweep sweeps clockwise from HS1 over E3, E4, E5, D5, C5: HS1: d10 7 +0 skill = 7 against Melee Defense 6, a hit; d6 4 +3 = 7 damage, 1 wound; HS2: d10 3 +0 skill = 3 against Melee Defense 6, a miss; RS: d10 5 +0 skill = 5 against Melee Defense 5, a hit; d6 6 +3 = 9 damage, 2 wounds.",
    );
  });
});

describe('the orders a projected attack may be given (ruling SC45)', () => {
  const s = scenario('sc-app-b-cone-hits-every-troop-under-it-friend-and-foe');
  const { setup, state } = scenarioStart(s, content);

  it('is aimed at any enemy it reaches when aimed at it, next to the troop or not, and at no other (S4 is past its length)', () => {
    const breath = legalCommands(setup, state).filter((c) => c.type === 'attack' && c.attack === 'breath');
    expect(breath.map((c) => (c.type === 'attack' ? c.target : '')).sort()).toEqual(['s1', 's3', 's5']);
  });

  it("the target's suggestion says whom it would cover, the player's own troops counted", () => {
    const { choices } = suggestOrder(setup, state, 'p1', 'attack', 'target', { troop: 'FD', attack: 'breath' });
    expect(choices.map((c) => c.name)).toContainEqual(expect.stringMatching(/^SO2 \(Soldier\) at D5 \(Cone 4 covers SO1, SO2, SO3: 1 of yours\)$/));
  });

  it('the practice opponent aims it where it reaches enemies and not its own troop', () => {
    // Aimed at SO2 (D5) the cone would take in the Drake's own SO1 at E4; aimed at SO3 (F6) it does not.
    expect(chooseScCommand(setup, state, 'p1')).toEqual({ type: 'attack', troop: 'dr', attack: 'breath', target: 's3' });
  });

  it('is made in the melee step but is no normal melee attack: never an opportunity attack (SC Opportunity Attacks)', () => {
    const drake = setup.cards.drake!;
    expect(meleeAttacks(drake)).toEqual(['bite', 'breath']);
    expect(opportunityAttacks(drake)).toEqual(['bite']);
  });
});

describe('the orders a Sweep may be given (ruling SC49)', () => {
  const { setup, state } = scenarioStart(scenario('sc-app-b-sweep-round-the-attacker-friend-and-foe'), content);

  it('suggests the two turns and 1 to its size in squares, once the attack is a Sweep', () => {
    const ask = (option: string, attack: string) => suggestOrder(setup, state, 'p2', 'attack', option, { troop: 'RM', attack }).choices.map((c) => c.value);
    expect(ask('turn', 'tail-sweep')).toEqual(['clockwise', 'counterclockwise']);
    expect(ask('squares', 'tail-sweep')).toEqual(['1', '2', '3', '4', '5']);
    expect(ask('turn', 'bite')).toEqual([]);
  });

  it('reads them into the command', () => {
    expect(parseOrder(setup, state, 'attack', { troop: 'RM', attack: 'Tail-Sweep', target: 'HS1', turn: 'counterclockwise', squares: '2' })).toEqual({
      ok: true,
      command: { type: 'attack', troop: 'w1', attack: 'tail-sweep', target: 's1', sweep: { turn: 'counterclockwise', squares: 2 } },
    });
    expect(parseOrder(setup, state, 'attack', { troop: 'RM', attack: 'tail-sweep', target: 'HS1', turn: 'sideways' })).toMatchObject({
      ok: false,
      error: { code: 'bad-turn' },
    });
  });
});
