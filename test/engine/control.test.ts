/**
 * §6.2 Controlled and Glamyred, R27, through decide's `by`: who may command a unit, who may answer a
 * prompt, and what the queries offer a Controlled unit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioState } from '../../src/rulesets/sellsword/scenario-runner';
import { scenarioContent } from '../fixtures/scenario-content';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { apply } from '../../src/rulesets/sellsword/engine/events';
import { legalActs, reachableSquares } from '../../src/rulesets/sellsword/engine/queries';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { scenarioSchema } from '../../src/formats/scenario';

const content = scenarioContent();

function begun(name = 's6.2-controlled-glamyred-enraged.json'): GameState {
  const file = join(import.meta.dirname, '..', 'scenarios', name);
  const scenario = scenarioSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  let state = scenarioState(scenario, content);
  const r = decide(state, { begin: true });
  if ('error' in r) throw new Error(r.error.message);
  for (const e of r.events) state = apply(state, e);
  return state;
}

function play(state: GameState, command: Parameters<typeof decide>[1], by?: string): GameState {
  const r = decide(state, command, by);
  if ('error' in r) throw new Error(r.error.message);
  return r.events.reduce(apply, state);
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

  it('R27: a prompt is answered only by the player it waits for', () => {
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

describe('§6.2 Glamyred: the roll hands the unit over before its first act', () => {
  it("loses the owner's declared act; then only the controller may command the unit, its owner may end the turn", () => {
    const state = play(begun('s6.2-glamyred-declared-act-lost-to-the-roll.json'), { act: 'attack', unit: 'g', attack: 'club', target: 'e' }, 'p1');
    expect(state.turn).toMatchObject({ unit: 'g', controller: 'p2', actsLeft: 1 });
    const club = { act: 'attack', unit: 'g', attack: 'club', target: 'a' } as const;
    expect(decide(state, club, 'p1')).toMatchObject({ error: { code: 'not-your-unit', message: expect.stringMatching(/commanded by p2/) } });
    expect(decide(state, club, 'p2')).toHaveProperty('events');
    expect(decide(state, { end: 'g' }, 'p1')).toHaveProperty('events');
  });
});

describe('§6.2 Controlled: the queries offer what its controller may do', () => {
  it("lists attacks on its owner's units, not its controller's", () => {
    const state = begun();
    const targets = (s: GameState) => legalActs(s).flatMap((c) => ('act' in c && c.act === 'attack' && c.unit === 'c' ? [c.target] : []));
    expect(targets(state)).toContain('a');
    expect(targets(state)).not.toContain('m');
  });

  it("plans its moves on its controller's side before its first act: through the controller's units, not the owner's", () => {
    const state = begun('s6.2-controlled-moves-on-its-controllers-side.json');
    // C4 is held by m (p2, the controller): c may pass it to C5; D3 is held by a (p1): E3 beyond is out of reach that way.
    const reach = reachableSquares(state, 'c');
    expect(reach.get('C5')).toBe(2);
    expect(reach.get('E3')).toBe(3);
    expect(legalActs(state)).toContainEqual({ act: 'move', unit: 'c', to: 'C5' });
  });
});
