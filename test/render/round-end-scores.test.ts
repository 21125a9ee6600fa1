/**
 * R4: objectives held alone score as the round ends, after the picture of its last turn. That picture
 * read "Round 1 over / Waiting for the round to start" over the old score, and a tester took it for the
 * round's final word when the next post added 10 VP (issue 26). Its header now says what scores next.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apply, decide, type GameEvent, type GameState } from '../../src/rulesets/sellsword/engine';
import { scenarioSchema } from '../../src/rulesets/sellsword/formats/scenario';
import { toMapView } from '../../src/rulesets/sellsword/render';
import { turnRow } from '../../src/rulesets/sellsword/render/panel';
import { runScenario, scenarioState } from '../../src/rulesets/sellsword/scenario-runner';
import { scenarioContent } from '../fixtures/scenario-content';

const raw = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', 'r4-objectives-scored-at-round-end.json'), 'utf8'));

/** The scenario's state once its round's last turn has ended, before the round's end scores, and that state's events after. */
function lastTurnOver(): { state: GameState; after: GameEvent[] } {
  const scenario = scenarioSchema.parse({ ...raw, expect: undefined });
  const content = scenarioContent();
  const events = runScenario(scenario, content).steps.flatMap((s) => (s.ok ? s.events : []));
  const start = scenarioState(scenario, content);
  const begun = decide(start, { begin: true });
  if (!('events' in begun)) throw new Error('the scenario does not begin');
  const firstScore = events.findIndex((e) => e.type === 'scored');
  return { state: events.slice(0, firstScore).reduce(apply, begun.events.reduce(apply, start)), after: events.slice(firstScore) };
}

const words = (runs: ReturnType<typeof turnRow>) => runs.map((r) => ('text' in r ? r.text : '')).join('');

describe("the header of a round's last picture (R4, issue 26)", () => {
  it('names the objectives that score next, and for whom, while the score rows are still from before them', () => {
    const { state, after } = lastTurnOver();
    expect(after.filter((e) => e.type === 'scored').map((e) => (e.type === 'scored' ? [e.player, e.reason, e.points] : []))).toEqual([
      ['p2', 'objective 2', 5],
      ['p1', 'objective 4', 5],
    ]);
    const view = toMapView(state, { names: { p1: 'Alice', p2: 'Bob' } });
    expect(view.status.roundEndScores).toEqual({
      objectives: [
        { objective: 2, player: 'p2' },
        { objective: 4, player: 'p1' },
      ],
      points: 5,
    });
    expect(words(turnRow(view))).toBe('Objectives score next: 2 for Bob, 4 for Alice (+5 VP each)');
  });

  it('says only that the round starts next when no objective is held alone', () => {
    const { state } = lastTurnOver();
    const nobody = { ...state, units: Object.fromEntries(Object.entries(state.units).map(([id, u]) => [id, { ...u, dropped: true }])) };
    expect(words(turnRow(toMapView(nobody)))).toBe('Waiting for the round to start');
  });
});
