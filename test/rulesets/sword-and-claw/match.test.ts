/**
 * A Sword and Claw match of the first slice behind the boundary (docs/rulesets.md §5 steps 9–12):
 * registered after Sellsword, begun from two sample armies, its waits and timeouts, and random legal
 * play that never throws, whose every listed command is accepted, whose dice verify from the seed,
 * and whose replay equals the state played to.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDice, commitmentOf, seedFrom } from '../../../src/match/dice-proof';
import { newMatchRules, RULESETS, rulesetOf, type Ruleset } from '../../../src/rulesets';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { decideSc, replaySc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { makeScSetup } from '../../../src/rulesets/sword-and-claw/match/setup';
import { tableOf } from '../../../src/rulesets/sword-and-claw/match/tables';
import { scWaitingWords } from '../../../src/rulesets/sword-and-claw/match/waits';
import type { ScCommand, ScEvent, ScSetup, ScState } from '../../../src/rulesets/sword-and-claw/match/types';
import { CROWDED_YARD as yard, playRandom } from './random-play';
import type { ScMap } from '../../../src/rulesets/sword-and-claw/formats/map';

const content = (() => {
  const r = loadScContent();
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return r.value;
})();

function setup(seed: number, over: { attacker?: string; map?: ScMap } = {}): ScSetup {
  return makeScSetup({
    seed,
    players: ['alice', 'bob'],
    armies: { alice: content.armies.get('iron-company')!, bob: content.armies.get('mire-raiders')! },
    troops: content.troops,
    map: content.maps.get('reed-ford')!,
    ...over,
  });
}

const sc = (): Ruleset => {
  const found = rulesetOf('sword-and-claw');
  if (!found.ok) throw new Error(found.error.message);
  return found.ruleset;
};

describe('Sword and Claw in the registry', () => {
  it('is registered after Sellsword, which stays the default', () => {
    expect(RULESETS.map((r) => r.id)).toEqual(['sellsword', 'sword-and-claw']);
    expect(newMatchRules().ruleset).toBe('sellsword');
    expect(newMatchRules('sword-and-claw')).toEqual({ ruleset: 'sword-and-claw', rulesetVersion: 1 });
  });
});

describe('beginning a match (SC Set-up 4, 5, 7; SC9–SC11)', () => {
  it('rolls off with d6s, gives the defender a short edge, and begins the attackers’ deployment with 1d6 + 3', () => {
    const begun = sc().match.begin(setup(7));
    if (!begun.ok) throw new Error(begun.error.message);
    const [sides, deployment] = begun.events as ScEvent[];
    expect(sides?.type).toBe('sides');
    if (sides?.type !== 'sides' || deployment?.type !== 'deployment-began') throw new Error('unexpected opening');
    expect(sides.dice.every((d) => d.d === 6) && sides.dice.length % 2 === 0).toBe(true);
    expect([sides.edges[sides.defender], sides.edges[sides.attacker]].sort()).toEqual(['left', 'right']);
    expect(deployment.player).toBe(sides.attacker);
    expect(deployment.depth).toBe(deployment.dice[0]!.v + 3);
    expect(sc().match.waits(begun.state)).toEqual([{ kind: 'turn', player: sides.attacker }]);
    expect(sc().match.phase(begun.state)).toBe('setup');
    expect(sc().match.startsTurn(deployment)).toBe(true);
  });

  it('SC9: an attacker the challenger named needs no roll-off', () => {
    const begun = sc().match.begin(setup(7, { attacker: 'bob' }));
    if (!begun.ok) throw new Error(begun.error.message);
    const sides = (begun.events as ScEvent[])[0]!;
    expect(sides).toMatchObject({ type: 'sides', attacker: 'bob', defender: 'alice', dice: [] });
  });

  it('a missed deployment deadline places the troops left nearest the edge, and then the defenders deploy', () => {
    const s = setup(3);
    const begun = sc().match.begin(s);
    if (!begun.ok) throw new Error(begun.error.message);
    const timeout = sc().match.timeout(begun.state, (p) => p.toUpperCase());
    expect(timeout?.command).toEqual({ type: 'deploy-rest' });
    const state = begun.state as ScState;
    const r = decideSc(s, state, timeout!.command as ScCommand, undefined);
    if (!r.ok) throw new Error(r.error.message);
    const attacker = state.attacker!;
    expect(Object.values(r.state.troops).filter((t) => t.player === attacker && t.at === null)).toEqual([]);
    expect(r.state.deploying?.player).toBe(state.defender);
  });
});

describe('the end, waits and timeouts', () => {
  it("a concession ends the match: end() gives the winner, each side's score and the rounds", () => {
    const s = setup(5);
    const begun = sc().match.begin(s);
    if (!begun.ok) throw new Error(begun.error.message);
    const refused = sc().match.step(s, begun.state, { type: 'concede', player: 'bob' }, 'alice', 3);
    expect(refused).toMatchObject({ ok: false, error: { code: 'not-your-side' } });
    const conceded = sc().match.step(s, begun.state, { type: 'concede', player: 'bob' }, 'bob', 3);
    if (!conceded.ok) throw new Error(conceded.error.message);
    expect(sc().match.phase(conceded.state)).toBe('over');
    expect(sc().match.waits(conceded.state)).toEqual([]);
    expect(sc().match.end(conceded.state)).toEqual({ winner: 'alice', score: { alice: 0, bob: 0 }, rounds: 1 });
    expect(sc().match.timeout(conceded.state, String)).toBeNull();
  });

  it('an opportunity attack prompt waits on the inactive player and defaults to no attack; a turn times out by ending it', () => {
    const s = setup(11, { attacker: 'alice' });
    let state = play(s, []).state;
    for (const command of [{ type: 'deploy-rest' }, { type: 'deploy-rest' }] as ScCommand[]) {
      const r = decideSc(s, state, command, undefined);
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
    expect(sc().match.waits(state)).toEqual([{ kind: 'turn', player: 'alice' }]);
    expect(sc().match.timeout(state, (p) => p.toUpperCase())).toEqual({
      command: { type: 'end-turn' },
      words: 'ALICE did not finish their turn in time, so it ends with the orders given.',
    });
    const prompted: ScState = {
      ...state,
      prompt: {
        kind: 'opportunity',
        player: 'bob',
        mover: 'human-spearman-1',
        attacker: 'reptilian-skirmisher-1',
        attacks: ['claws'],
        queue: [],
        offered: [],
        rest: [],
        how: 'move',
      },
    };
    expect(sc().match.waits(prompted)).toEqual([{ kind: 'prompt', player: 'bob' }]);
    expect(scWaitingWords(state, (p) => p.toUpperCase())).toBe('Waiting for ALICE to play the movement step of round 1 (spellcasting: not played yet).');
    expect(scWaitingWords(prompted, (p) => p.toUpperCase())).toBe(
      'Waiting for BOB to say whether reptilian-skirmisher-1 makes an opportunity attack on human-spearman-1.',
    );
    expect(sc().match.timeout(prompted, (p) => p.toUpperCase())?.command).toEqual({ type: 'opportunity', attack: null });
  });
});

/** Random listed commands, an order five times in six (when there is one), else a closing command; every state's table is checked. */
const play = (s: ScSetup, picks: readonly number[]) =>
  playRandom(s, picks, 6, (state) => {
    tableOf(s, state); // throws if two troops overlap or one is off the board
  });

describe('random legal play', () => {
  it('never throws, accepts every listed command, replays to the same state, and its dice verify from the seed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8 }), fc.array(fc.nat(10_000), { minLength: 30, maxLength: 120 }), (secret, picks) => {
        const seed = seedFrom(secret, []);
        const s = setup(seed, picks[0]! % 2 === 0 ? { map: yard } : {});
        const { state, events } = play(s, picks);
        expect(replaySc(s, events)).toEqual(state);
        expect(sc().match.replay(s, events)).toEqual(state);
        const check = checkDice(
          { secret, seed, commitment: commitmentOf(secret), entropy: [] },
          events.map((event, i) => ({ seq: i + 1, event })),
          sc().diceOf,
        );
        expect(check.ok).toBe(true);
        const end = sc().match.end(state);
        if (state.end) expect(end?.winner).toBe(state.end.winner);
        else expect(end).toBeNull();
      }),
      { numRuns: 15 },
    );
  });

  it('reaches opportunity attacks, the melee step and the end in longer games on a crowded yard', () => {
    const seen = new Set<string>();
    for (let game = 0; game < 3; game++) {
      const picks = Array.from({ length: 1000 }, (_, i) => (i * 7919 + game * 104729) % 10_007);
      const { events } = play(setup(1000 + game, { map: yard }), picks);
      for (const e of events) seen.add(e.type);
    }
    expect([...seen]).toEqual(expect.arrayContaining(['deployed', 'moved', 'asked', 'opportunity', 'declared', 'melee-resolved', 'turn-ended', 'ended']));
  });
});
