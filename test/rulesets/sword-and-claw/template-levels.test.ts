/**
 * SC Flight "Special attacks from other levels" at the table (ruling SC96): the templates a troop may
 * aim at a flyer, as the orders list them and their suggestions word them, and the picture's squares.
 * The scenarios (test/scenarios/sword-and-claw/sc-flight-other-levels-*) prove the rule in a match.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { scScenarioSchema } from '../../../src/rulesets/sword-and-claw/formats/scenario';
import { applyEvent } from '../../../src/rulesets/sword-and-claw/match/apply';
import { legalCommands } from '../../../src/rulesets/sword-and-claw/match/options';
import { runParsedScenario, scenarioStart } from '../../../src/rulesets/sword-and-claw/match/scenario';
import type { ScEvent } from '../../../src/rulesets/sword-and-claw/match/types';
import { type Piece, scTable } from '../../../src/rulesets/sword-and-claw/rules/table';
import { templateCover } from '../../../src/rulesets/sword-and-claw/rules/template-reach';
import { suggestOrder } from '../../../src/rulesets/sword-and-claw/table/orders';
import { scTell } from '../../../src/rulesets/sword-and-claw/table/words';
import { scTableView } from '../../../src/rulesets/sword-and-claw/view/table-view';
import { scViewInputOf } from '../../../src/rulesets/sword-and-claw/view/from-match';

const content = (() => {
  const r = loadScContent();
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return r.value;
})();

const scenario = (file: string) => scScenarioSchema.parse(JSON.parse(readFileSync(`test/scenarios/sword-and-claw/${file}.json`, 'utf8')));

describe('SC Flight, special attacks from other levels: the orders (ruling SC96)', () => {
  const { setup, state } = scenarioStart(scenario('sc-flight-other-levels-a-line-at-a-high-flyer-nearer-half-no-effect'), content);

  it('a Line from the ground may be aimed at flyers it affects, and not at one under its nearer half or past its shortened length', () => {
    const targets = legalCommands(setup, state).flatMap((c) => (c.type === 'attack' && c.troop === 'mg' ? [c.target] : []));
    // HN (C1) is under the nearer half aimed at High; HX (J1) past the 8 squares left; LO at Low over G1 is
    // 6 inches off, past the nearer half of a line 2 inches shorter (B1–K1), so it may be aimed at.
    expect(targets.sort()).toEqual(['gs', 'hf', 'hi', 'lo']);
  });

  it("the target's suggestion names the level, the shortening and the squares that have effect", () => {
    const { choices } = suggestOrder(setup, state, 'p1', 'attack', 'target', { troop: 'MG', attack: 'bolt' });
    const names = choices.map((c) => c.name);
    // Labels: TF2 is HF (F1), TF3 LO (G1), TF4 HI (I1), HS the soldier GS.
    expect(names).toContainEqual(
      'TF4 (Test Falconer) at I1, at High Altitude (Line 12, 4" shorter aimed upwards: F1, G1, H1, I1 have effect, the nearer half none; covers TF2, TF4)',
    );
    expect(names).toContainEqual(
      'TF3 (Test Falconer) at G1, at Low Altitude (Line 12, 2" shorter aimed upwards: G1, H1, I1, J1, K1 have effect, the nearer half none; covers TF3)',
    );
    // On the ground it is the whole line, over the ground and Hover, as before.
    expect(names).toContainEqual('HS (Human Spearman) at H1 (Line 12 covers HS)');
  });
});

describe('SC Flight, special attacks from other levels: a Cone from Low Altitude (ruling SC96)', () => {
  const file = 'sc-flight-other-levels-a-cone-from-low-at-its-target-level-never-lower';

  it('is offered at troops at its level and above, never at the soldier on the ground under it', () => {
    // The melee step the Wyvern breathes in.
    const start = scenarioStart({ ...scenario(file), start: { turn: 'p1', step: 'melee', round: 1 } }, content);
    const state = start.state;
    const targets = legalCommands(start.setup, state).flatMap((c) => (c.type === 'attack' && c.troop === 'wy' ? [c.target] : []));
    expect(targets.sort()).toEqual(['hh', 'lf']);
    const names = suggestOrder(start.setup, state, 'p1', 'attack', 'target', { troop: 'TW', attack: 'breath' }).choices.map((c) => c.name);
    expect(names.some((n) => / \(Cone 4 at Low Altitude covers TF[A-Z0-9]+\)$/.test(n))).toBe(true);
  });

  it('the log says which squares had no effect, and the picture draws only those that had', () => {
    const s = scenario(file);
    const { setup, state } = scenarioStart(s, content);
    const report = runParsedScenario(s, content);
    const events = report.steps.flatMap((x) => (x.ok ? x.events : [])) as ScEvent[];
    const lines = scTell(setup, state, events, (p) => p).flatMap((t) => t.lines);
    expect(lines).toContainEqual(
      expect.stringMatching(/\(Cone 2\) aimed at TF[A-Z0-9]+ covers C5 \(aimed upwards, its nearer half over B5 has no effect\); under it: TF[A-Z0-9]+ /),
    );
    const after = events.reduce(applyEvent, state);
    const view = scTableView(scViewInputOf(setup, after, { before: state, lastTurn: events }));
    const drawn = JSON.stringify(view);
    expect(drawn).toContain('covered C5.');
  });
});

describe('SC Flight, special attacks from other levels: the nearer half (ruling SC96)', () => {
  /** A Cone 6 from the ground at (1, 4) aimed at a flyer at `altitude` on (7, 4): `x` has effect, `o` has none. */
  function picture(altitude: 'low' | 'high'): string[] {
    const W = 9;
    const attacker: Piece = { id: 'a', player: 'p1', size: 'medium', at: 4 * W + 1 };
    const target: Piece = { id: 't', player: 'p2', size: 'medium', at: 4 * W + 7, altitude };
    const table = scTable({ id: 'm', name: 'M', grid: Array.from({ length: W }, () => '.'.repeat(W)) }, [attacker, target]);
    const cover = templateCover(table, attacker, { shape: 'Cone', length: 6 }, target);
    return Array.from({ length: W }, (_, r) =>
      Array.from({ length: W }, (_, c) =>
        r * W + c === attacker.at ? 'A' : cover.squares.includes(r * W + c) ? 'x' : cover.passed.includes(r * W + c) ? 'o' : '.',
      ).join(''),
    );
  }

  it('one height up: 2 inches shorter, and the squares nearer than the middle one by distance have no effect (at most half, none split)', () => {
    expect(picture('low')).toEqual(['.........', '.........', '.........', '....xx...', '.Aooxx...', '....xx...', '.........', '.........', '.........']);
  });

  it('two heights up: 4 inches shorter', () => {
    expect(picture('high')).toEqual(['.........', '.........', '.........', '.........', '.Aox.....', '.........', '.........', '.........', '.........']);
  });
});
