/** §6.2 Controlled and R27 through decide's `by`: who may command a unit, and who may answer a prompt. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioState } from '../../src/cli/scenario-runner';
import { defaultContent } from '../../src/content/load';
import { decide } from '../../src/engine/decide';
import { apply } from '../../src/engine/events';
import type { GameState } from '../../src/engine/state';
import { scenarioSchema } from '../../src/formats/scenario';

const content = defaultContent();
const file = join(import.meta.dirname, '..', 'scenarios', 's6.2-controlled-glamyred-enraged.json');

function begun(): GameState {
  const scenario = scenarioSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  let state = scenarioState(scenario, content);
  const r = decide(state, { begin: true });
  if ('error' in r) throw new Error(r.error.message);
  for (const e of r.events) state = apply(state, e);
  return state;
}

const club = { act: 'attack', unit: 'c', attack: 'club', target: 'a' } as const;

describe('§6.2 Controlled: who commands the unit', () => {
  it("refuses the owner's act and accepts the controller's", () => {
    const state = begun();
    expect(decide(state, club, 'p1')).toMatchObject({ error: { code: 'not-your-unit', message: expect.stringMatching(/commanded by p2/) } });
    expect(decide(state, club, 'p2')).toHaveProperty('events');
  });

  it('lets the owner end the turn of its controlled unit', () => {
    expect(decide(begun(), { end: 'c' }, 'p1')).toHaveProperty('events');
  });

  it("R27: a prompt is answered only by the player it waits for", () => {
    let state = begun();
    const r = decide(state, club, 'p2');
    if ('error' in r) throw new Error(r.error.message);
    for (const e of r.events) state = apply(state, e);
    expect(state.prompt).toMatchObject({ kind: 'wounds', player: 'p1' });
    const answer = { decide: { unit: 'a', avoid: 0, injuries: ['mobility' as const] } };
    expect(decide(state, answer, 'p2')).toMatchObject({ error: { code: 'not-your-decision' } });
    expect(decide(state, answer, 'p1')).toHaveProperty('events');
  });
});
