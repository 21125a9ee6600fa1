/**
 * Readied attacks at the table and for the practice opponent (SC Readied Actions; rulings SC55–SC59):
 * the Readied prompt put to the inactive player through the table rules (its buttons with odds, its
 * sealed answer, its default when the deadline passes, and the log that names the attack only when it
 * resolves), and the practice opponent readying when it has nothing to attack and answering the prompt.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rulesetOf, type TableRules } from '../../../src/rulesets';
import { chooseScCommand } from '../../../src/rulesets/sword-and-claw/ai/choose';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { scScenarioSchema } from '../../../src/rulesets/sword-and-claw/formats/scenario';
import { decideSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { runParsedScenario, scenarioStart } from '../../../src/rulesets/sword-and-claw/match/scenario';
import type { ScCommand, ScEvent, ScSetup, ScState } from '../../../src/rulesets/sword-and-claw/match/types';

const content = (() => {
  const r = loadScContent();
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return r.value;
})();
const found = rulesetOf('sword-and-claw');
if (!found.ok || !found.ruleset.table) throw new Error('Sword and Claw has no table rules');
const rules = found.ruleset;
const table: TableRules = found.ruleset.table;
const name = (p: string) => p.toUpperCase();

/** A scenario file's table, before its steps. */
function start(file: string): { setup: ScSetup; state: ScState } {
  const scenario = scScenarioSchema.parse(JSON.parse(readFileSync(`test/scenarios/sword-and-claw/${file}.json`, 'utf8')));
  return scenarioStart(scenario, content);
}

function step(setup: ScSetup, s: ScState, c: ScCommand, by?: string): { state: ScState; events: ScEvent[] } {
  const r = decideSc(setup, s, c, by);
  if (!r.ok) throw new Error(r.error.message);
  return { state: r.state, events: r.events };
}

/** The Reach scenario played up to the Readied prompt of p2's melee step. */
function atReachPrompt() {
  const { setup, state } = start('sc-melee-readied-reach-first-at-a-troop-that-moved-next-to-it');
  let s = step(setup, state, { type: 'move', troop: 'e1', how: 'move', path: [4 * 8 + 2, 3 * 8 + 2] }, 'p2').state;
  s = step(setup, s, { type: 'next' }, 'p2').state;
  return { setup, state: s };
}

describe('the Readied prompt at the table (SC Readied Actions, ruling SC55)', () => {
  it('asks the inactive player with a button per attack and target, odds shown, and "No attack" last', () => {
    const { setup, state } = atReachPrompt();
    expect(state.prompt).toMatchObject({ kind: 'readied', player: 'p1', troop: 'pk', step: 'melee' });
    expect(rules.match.waits(state)).toEqual([{ kind: 'prompt', player: 'p1' }]);
    const post = table.prompt(setup, state, name)!;
    expect(post.player).toBe('p1');
    expect(post.kind).toBe('readied');
    expect(post.text).toMatch(/^🎯 P2's melee step: your .+ \(Pikeman\) has an attack Readied\. Whom does it strike\?/);
    expect(post.text).toMatch(/• Pike at .+ \(Reptilian Skirmisher\): \d+% to hit, then \d+% to wound\./);
    expect(post.text).toMatch(/sealed/);
    expect(post.buttons.map((b) => b.arg)).toEqual(['pike>e1', 'dagger>e1', 'none']);
    expect(table.waiting(state, name)).toMatch(/^Waiting for P1 to say what pk's Readied attack does in the melee step/);
  });

  it('reads a button as a sealed answer, refuses the active player and other orders while it is open', () => {
    const { setup, state } = atReachPrompt();
    expect(table.answer(state, 'pike>e1')).toEqual({ ok: true, command: { type: 'readied', attack: 'pike', target: 'e1' }, sealed: true });
    expect(table.answer(state, 'none')).toEqual({ ok: true, command: { type: 'readied', attack: null }, sealed: true });
    const byActive = decideSc(setup, state, { type: 'readied', attack: 'pike', target: 'e1' }, 'p2');
    expect(byActive).toMatchObject({ ok: false, error: { code: 'not-your-turn' } });
    expect(decideSc(setup, state, { type: 'attack', troop: 'e1', attack: 'claws', target: 'pk' }, 'p2')).toMatchObject({
      ok: false,
      error: { code: 'prompt-open' },
    });
    expect(decideSc(setup, state, { type: 'readied', attack: 'claws', target: 'e1' }, 'p1')).toMatchObject({ ok: false, error: { code: 'not-an-option' } });
  });

  it('tells the answer only as given: the attack and target are named when the step resolves', () => {
    const { setup, state } = atReachPrompt();
    const answered = step(setup, state, { type: 'readied', attack: 'pike', target: 'e1' }, 'p1');
    const told = table.tell(setup, state, answered.events, name).flatMap((t) => t.lines);
    expect(told).toEqual([expect.stringMatching(/^🤫 P1 has answered for .+; its Readied attack is told when the step resolves\.$/)]);
    expect(told.join('\n')).not.toMatch(/Pike|pike/);
    expect(answered.state.sealed).toEqual([{ attacker: 'pk', attack: 'pike', target: 'e1' }]);
    expect(answered.state.declared).toEqual([]);
    const resolved = step(setup, answered.state, { type: 'next' }, 'p2');
    const lines = table.tell(setup, answered.state, resolved.events, name).flatMap((t) => t.lines);
    expect(lines[0]).toBe('Readied Reach attacks at troops that moved next to them strike first:');
    expect(lines[1]).toMatch(/Pike at /);
  });

  it('names the Readied shot with its −1 beside an enemy in the log when the step resolves, never before', () => {
    const file = 'sc-ranged-readied-declared-first-sealed-minus-one-and-reset';
    const scenario = scScenarioSchema.parse(JSON.parse(readFileSync(`test/scenarios/sword-and-claw/${file}.json`, 'utf8')));
    const { setup, state } = scenarioStart(scenario, content);
    const events = runParsedScenario(scenario, content).steps.flatMap((x) => (x.ok ? x.events : [])) as ScEvent[];
    const lines = table.tell(setup, state, events, name).flatMap((t) => t.lines);
    const answered = lines.findIndex((l) => l.startsWith('🤫 P1 has answered for'));
    const shot = lines.findIndex((l) => /readied beside an enemy = 8/.test(l));
    expect(answered).toBeGreaterThan(-1);
    expect(shot).toBeGreaterThan(answered);
    expect(lines.slice(0, shot).join('\n')).not.toMatch(/Crossbow at|will shoot/);
  });

  it('takes "no attack" when the deadline passes, which ends the troop\'s Readied state', () => {
    const { setup, state } = atReachPrompt();
    const timeout = rules.match.timeout(state, name)!;
    expect(timeout.command).toEqual({ type: 'readied', attack: null });
    expect(timeout.words).toBe('P1 did not answer in time, so pk holds its Readied attack.');
    const after = step(setup, state, timeout.command as ScCommand);
    expect(after.state.prompt).toBeNull();
    expect(after.state.troops.pk!.readied).toBeUndefined();
    expect(after.state.sealed).toEqual([]);
  });

  it('lists /order ready among the orders, and says why when nobody may ready', () => {
    expect(table.orders.map((o) => o.name)).toContain('ready');
    const { setup, state } = start('sc-ranged-readied-declared-first-sealed-minus-one-and-reset');
    const parsed = table.parse(setup, state, 'p1', 'ready', { troop: 'c1' });
    expect(parsed).toMatchObject({ ok: true, command: { type: 'ready', troop: 'c1' } });
    const offered = table.suggest(setup, state, 'p1', 'ready', 'troop', {});
    expect(offered.choices.length).toBe(1);
    const inMovement = { ...state, turn: { ...state.turn!, step: 'movement' as const } };
    expect(table.suggest(setup, inMovement, 'p1', 'ready', 'troop', {}).why).toMatch(/readied in the ranged or melee step/);
  });
});

describe('the practice opponent and Readied attacks (SC Readied Actions)', () => {
  it('readies a troop that has nothing to attack in the ranged and melee steps', () => {
    const { setup, state } = start('sc-ranged-readied-declared-first-sealed-minus-one-and-reset');
    // With the enemy in range it shoots; with no enemy to shoot, it readies instead.
    expect(chooseScCommand(setup, state, 'p1')).toMatchObject({ type: 'shoot', troop: 'c1' });
    const far = { ...state, troops: { ...state.troops, e1: { ...state.troops.e1!, removed: true, at: null } } };
    expect(chooseScCommand(setup, far, 'p1')).toEqual({ type: 'ready', troop: 'c1' });
    const melee = { ...state, turn: { ...state.turn!, step: 'melee' as const } };
    expect(chooseScCommand(setup, melee, 'p1')).toEqual({ type: 'ready', troop: 'c1' });
  });

  it('answers the Readied prompt with its best attack, and with none when it has nothing left', () => {
    const { setup, state } = atReachPrompt();
    expect(chooseScCommand(setup, state, 'p1')).toEqual({ type: 'readied', attack: 'pike', target: 'e1' });
    expect(chooseScCommand(setup, state, 'p2')).toBeNull();
  });
});
