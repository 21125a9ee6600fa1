/**
 * Trampling at the table (SC Movement d; ruling SC134): `/order trample` with its suggestions (the
 * targets a troop can trample, where it ends, its inches and odds; the attacks it may use), the order
 * read into a Move through the target, and the log's words with dice. The scenarios prove the rules.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chooseScCommand } from '../../../src/rulesets/sword-and-claw/ai/choose';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { scScenarioSchema } from '../../../src/rulesets/sword-and-claw/formats/scenario';
import { legalCommands } from '../../../src/rulesets/sword-and-claw/match/options';
import { runParsedScenario, scenarioStart } from '../../../src/rulesets/sword-and-claw/match/scenario';
import type { ScEvent } from '../../../src/rulesets/sword-and-claw/match/types';
import { orderHint } from '../../../src/rulesets/sword-and-claw/table/hints';
import { parseOrder, suggestOrder } from '../../../src/rulesets/sword-and-claw/table/orders';
import { scTell } from '../../../src/rulesets/sword-and-claw/table/words';

const content = (() => {
  const r = loadScContent();
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return r.value;
})();

const scenario = (file: string) => scScenarioSchema.parse(JSON.parse(readFileSync(`test/scenarios/sword-and-claw/${file}.json`, 'utf8')));
const THROUGH = 'sc-movement-d-trample-its-own-attack-minus-two-and-through';
const STOMP = 'sc-movement-d-trample-with-a-stomp-straight-through-on-a-move-or-falling-back';

function told(file: string): string[] {
  const s = scenario(file);
  const { setup, state } = scenarioStart(s, content);
  const report = runParsedScenario(s, content);
  const events = report.steps.flatMap((x) => (x.ok ? x.events : [])) as ScEvent[];
  return scTell(setup, state, events, (p) => p).flatMap((t) => t.lines);
}

describe('/order trample', () => {
  const { setup, state } = scenarioStart(scenario(THROUGH), content);

  it('suggests the enemy it can trample, where it ends, the inches and the odds', () => {
    const { choices } = suggestOrder(setup, state, 'p1', 'trample', 'target', { troop: 'BR' });
    expect(choices).toEqual([{ name: expect.stringMatching(/^FO \(Footman\) at C3 \(through to C1, 3"; trample 70% to hit, \d+% to wound\)$/), value: 'FO' }]);
    expect(suggestOrder(setup, state, 'p1', 'trample', 'attack', { troop: 'BR', target: 'FO' }).choices).toEqual([
      { name: 'Trample (+1 to hit, d6+4 damage)', value: 'trample' },
    ]);
  });

  it('reads into a Move straight through the target, the rulebook trample when the troop has no stomp', () => {
    expect(parseOrder(setup, state, 'trample', { troop: 'BR', target: 'FO' })).toEqual({
      ok: true,
      command: { type: 'move', troop: 'br', how: 'move', path: [9, 2], trample: [{ target: 'fm', attack: 'trample' }] },
    });
    expect(legalCommands(setup, state)).toContainEqual({
      type: 'move',
      troop: 'br',
      how: 'move',
      path: [9, 2],
      trample: [{ target: 'fm', attack: 'trample' }],
    });
  });

  it('is named in the movement hint, and a plain move is not a trample', () => {
    expect(orderHint(setup, state)).toContain('/order trample');
    expect(suggestOrder(setup, state, 'p1', 'move', 'to', { troop: 'BR' }).choices.length).toBeGreaterThan(0);
  });

  it('offers a troop with a Stomp its Stomp, and refuses what it cannot trample with', () => {
    const stomp = scenarioStart(scenario(STOMP), content);
    expect(suggestOrder(stomp.setup, stomp.state, 'p1', 'trample', 'attack', { troop: 'GW', target: 'FO1' }).choices.map((c) => c.value)).toEqual(['stomp']);
    expect(parseOrder(stomp.setup, stomp.state, 'trample', { troop: 'GW', target: 'FO1', attack: 'bite' })).toMatchObject({
      ok: false,
      error: { code: 'not-a-trample-attack' },
    });
  });
});

describe('the practice opponent', () => {
  it('tramples on its way into reach when it has two attacks a turn, and keeps the other for the melee step', () => {
    const { setup, state } = scenarioStart(scenario(STOMP), content);
    const [fm, sb, f2] = [state.troops.fm!, state.troops.sb!, state.troops.f2!];
    // The footman two squares off at E3, the others out of the way: the wolf could walk next to it and strike.
    const troops = { ...state.troops, fm: { ...fm, at: 20 }, sb: { ...sb, at: null, removed: true }, f2: { ...f2, at: null, removed: true } };
    expect(chooseScCommand(setup, { ...state, troops }, 'p1')).toMatchObject({
      type: 'move',
      troop: 'wl',
      how: 'move',
      trample: [{ target: 'fm', attack: 'stomp' }],
    });
  });
});

describe('a trample in the log', () => {
  it('names the trample and its dice, and the −2 on the reply', () => {
    const lines = told(THROUGH);
    expect(lines).toContain("🎲 Trample: BR's Trample at FO: d10 2 +1 skill = 3 against Melee Defense 5, a miss.");
    expect(lines).toContain('⏸ BR leaves the reach of FO: p2 may make an opportunity attack (at −2: it is trampling).');
    expect(lines).toContain("🎲 Opportunity attack: FO's Spear at BR: d10 6 +0 skill -2 trampling = 4 against Melee Defense 5, a miss.");
  });

  it('names the wounds a trample does', () => {
    const lines = told(STOMP);
    expect(lines).toContain("🎲 Trample: GW's Stomp at FO1: d10 9 +0 skill = 9 against Melee Defense 5, a hit; d6 1 +2 = 3 damage, 1 wound.");
  });
});

const ON_A_CHARGE = 'sc-movement-d-trample-on-a-charge-charge-only-minus-two-and-the-attack-spent';
const SEVERAL = 'sc-movement-d-trample-several-on-one-move-or-charge-one-attack-each';

describe('/order charge trample (SC Movement d; ruling SC135)', () => {
  const { setup, state } = scenarioStart(scenario(ON_A_CHARGE), content);

  it('suggests the smaller enemy the charge can go straight through, and its Charge Only horn', () => {
    expect(suggestOrder(setup, state, 'p1', 'charge', 'trample', { troop: 'RH', target: 'PI2' }).choices).toEqual([{ name: 'PI1 (Pikeman)', value: 'PI1' }]);
    expect(suggestOrder(setup, state, 'p1', 'charge', 'attack', { troop: 'RH', target: 'PI2', trample: 'PI1' }).choices).toEqual([
      { name: 'Horn Charge (+2 to hit, d6+3 damage)', value: 'horn' },
    ]);
  });

  it('reads into a charge that names its tramples, and the legal orders list it', () => {
    const command = { type: 'charge', troop: 'rh', target: 'pk', trample: [{ target: 'fm', attack: 'horn' }] };
    expect(parseOrder(setup, state, 'charge', { troop: 'RH', target: 'PI2', trample: 'PI1' })).toEqual({ ok: true, command });
    expect(legalCommands(setup, state)).toContainEqual(command);
    expect(parseOrder(setup, state, 'charge', { troop: 'RH', target: 'PI2', trample: 'PI1', attack: 'gore' })).toMatchObject({
      ok: false,
      error: { code: 'not-a-trample-attack' },
    });
  });

  it('the practice opponent with two attacks a turn tramples the enemy its charge goes through', () => {
    // The far pikeman wounded, so the charge at it is worth more than one at the near pikeman.
    const troops = { ...state.troops, pk: { ...state.troops.pk!, taken: 1, hurt: true } };
    expect(chooseScCommand(setup, { ...state, troops }, 'p1')).toEqual({
      type: 'charge',
      troop: 'rh',
      target: 'pk',
      trample: [{ target: 'fm', attack: 'horn' }],
    });
  });
});

describe('several tramples from one order (SC Movement d)', () => {
  const { setup, state } = scenarioStart(scenario(SEVERAL), content);

  it('/order trample reads "GO1, GO2" into one Move straight through both, each with its Stomp', () => {
    expect(parseOrder(setup, state, 'trample', { troop: 'O1', target: 'GO1, GO2' })).toEqual({
      ok: true,
      command: {
        type: 'move',
        troop: 'o1',
        how: 'move',
        path: [1, 2, 3, 4, 5, 6],
        trample: [
          { target: 'g1', attack: 'stomp' },
          { target: 'g2', attack: 'stomp' },
        ],
      },
    });
  });

  it('suggests the next troop it can go on through once one is typed, on a Move and on a charge', () => {
    expect(suggestOrder(setup, state, 'p1', 'trample', 'target', { troop: 'O1', target: 'GO1 ' }).choices).toEqual([
      { name: 'GO1, then GO2 (Goblin)', value: 'GO1 GO2' },
    ]);
    expect(suggestOrder(setup, state, 'p1', 'charge', 'trample', { troop: 'O2', target: 'HB', trample: 'GO3 ' }).choices).toEqual([
      { name: 'GO3, then GO4 (Goblin)', value: 'GO3 GO4' },
    ]);
    expect(parseOrder(setup, state, 'charge', { troop: 'O2', target: 'HB', trample: 'GO3 GO4' })).toMatchObject({
      ok: true,
      command: { type: 'charge', trample: [{ target: 'g3' }, { target: 'g4' }] },
    });
  });
});
