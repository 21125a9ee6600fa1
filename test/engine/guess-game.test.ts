/** The test-only guess game (test/support/guess-game.ts): the engine core's pieces played together. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSealed, publicLog } from '../../src/engine';
import { sha256Hex } from '../../src/match/sealed-commitment';
import { decide, type GuessCommand, type GuessEvent, type GuessState, initialState, isOver, replay } from '../support/guess-game';

function play(seed: number, guesses: number[]): { state: GuessState; log: GuessEvent[]; publics: string[] } {
  let state = initialState(seed);
  const log: GuessEvent[] = [];
  const publics: string[] = [];
  let i = 0;
  while (!isOver(state)) {
    const by = state.turn!.player;
    const commands: GuessCommand[] = [
      { type: 'guess', value: guesses[i++ % guesses.length]!, salt: `salt-${seed}-${i}-xyz` },
      { type: 'next' },
      { type: 'roll' },
      { type: 'next' },
      { type: 'next' },
    ];
    for (const c of commands) {
      const r = decide(state, c, by);
      if ('code' in r) throw new Error(r.code);
      state = r.state;
      log.push(...r.events);
      publics.push(JSON.stringify(publicLog(log)));
    }
  }
  return { state, log, publics };
}

describe('the guess game', () => {
  it('refuses as values: out of turn, a second guess, closing before guessing', () => {
    const s = initialState(1);
    expect(decide(s, { type: 'roll' }, 'p2')).toMatchObject({ code: 'not-your-turn' });
    expect(decide(s, { type: 'next' }, 'p1')).toMatchObject({ code: 'guess-first' });
    expect(decide(s, { type: 'roll' }, 'p1')).toMatchObject({ code: 'not-this-step' });
    const r = decide(s, { type: 'guess', value: 3, salt: 'salt-abcdefgh' }, 'p1');
    if ('code' in r) throw new Error(r.code);
    expect(decide(r.state, { type: 'guess', value: 4, salt: 'salt-abcdefgh' }, 'p1')).toMatchObject({ code: 'already-acted-this-step' });
  });

  it('replays to the state it played to, reveals every guess, and never shows a guess before its reveal', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 }), (seed, guesses) => {
        const { state, log, publics } = play(seed, guesses);
        expect(replay(seed, log)).toEqual(state);
        expect(log.every((e) => e.type !== 'rolled' || e.dice.every((d) => d.d === 6 && d.v >= 1 && d.v <= 6))).toBe(true);
        expect(checkSealed(log, sha256Hex)).toEqual({ ok: true, revealed: 6 });
        // Each turn's guess is hidden in every public log from its seal until its reveal.
        for (const text of publics) {
          const shownSealed = [...text.matchAll(/"entry":/g)].length;
          const revealed = [...text.matchAll(/"type":"revealed"/g)].length;
          expect(shownSealed).toBe(revealed);
        }
      }),
      { numRuns: 30 },
    );
  });
});
