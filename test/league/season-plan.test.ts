import { describe, expect, it } from 'vitest';
import { pairKey } from '../../src/league/pairing';
import { nextStep, type PairingView, plannedRounds, POINTS, type RoundView, type SeasonOutcome, type SeasonView, scores } from '../../src/league/season-plan';

const HOUR = 3_600_000;
const six = ['a', 'b', 'c', 'd', 'e', 'f'];

function season(over: Partial<SeasonView> = {}): SeasonView {
  return {
    state: 'running',
    pairing: 'swiss',
    rounds: 3,
    signupDeadline: null,
    roundHours: 72,
    entrants: six,
    players: six,
    roundsPlayed: [],
    ratings: new Map(),
    ...over,
  };
}

const side = (outcome: SeasonOutcome) => ({ outcome, vpFor: 0, vpAgainst: 0 });

/** Plays a paired round: the first player of each pair wins; a bye scores as a win. */
function played(number: number, pairs: readonly { a: string; b: string | null }[], ended: number | null = 1): RoundView {
  let id = number * 100;
  const pairings: PairingView[] = pairs.map((p) => ({
    id: id++,
    players: p.b === null ? [p.a] : [p.a, p.b],
    bye: p.b === null,
    matchId: p.b === null ? null : `m${id}`,
    done: true,
    sides: p.b === null ? { [p.a]: side('bye') } : { [p.a]: side('win'), [p.b]: side('loss') },
  }));
  return { number, deadline: null, ended, pairings };
}

describe('what a season does next', () => {
  it('waits for the sign-up deadline, then pairs round 1 with the round deadline', () => {
    const view = season({ state: 'signup', signupDeadline: 1000 });
    expect(nextStep(view, 999)).toEqual({ kind: 'wait' });
    const step = nextStep(view, 1000);
    expect(step).toMatchObject({ kind: 'pair', round: 1, of: 3, deadline: 1000 + 72 * HOUR });
    expect(step.kind === 'pair' && step.pairs.length).toBe(3);
  });

  it('never closes sign-ups by itself without a deadline', () => {
    expect(nextStep(season({ state: 'signup' }), 10 ** 15)).toEqual({ kind: 'wait' });
  });

  it('cancels a season nobody (or one player) signed up for', () => {
    expect(nextStep(season({ state: 'signup', signupDeadline: 0, entrants: ['a'], players: ['a'] }), 0)).toMatchObject({ kind: 'cancel' });
  });

  it('opens unopened pairings, waits for matches, ends the round, pairs the next by score, and finishes', () => {
    const r1 = nextStep(season({ state: 'signup', signupDeadline: 0 }), 0);
    if (r1.kind !== 'pair') throw new Error('not paired');
    const unopened: RoundView = {
      number: 1,
      deadline: null,
      ended: null,
      pairings: r1.pairs.map((p, i) => ({ id: i, players: [p.a, p.b!], bye: false, matchId: null, done: false, sides: {} })),
    };
    expect(nextStep(season({ roundsPlayed: [unopened] }), 1)).toEqual({ kind: 'open', round: 1, pairings: [0, 1, 2] });
    const opened = { ...unopened, pairings: unopened.pairings.map((p) => ({ ...p, matchId: `m${p.id}` })) };
    expect(nextStep(season({ roundsPlayed: [opened] }), 1)).toEqual({ kind: 'wait' });
    const done = played(1, r1.pairs, null);
    expect(nextStep(season({ roundsPlayed: [done] }), 1)).toEqual({ kind: 'end-round', round: 1 });
    const one = played(1, r1.pairs);
    const r2 = nextStep(season({ roundsPlayed: [one] }), 1);
    if (r2.kind !== 'pair') throw new Error('round 2 not paired');
    // Winners meet winners.
    const winners = new Set(r1.pairs.map((p) => p.a));
    const top = r2.pairs[0]!;
    expect(winners.has(top.a) && winners.has(top.b!)).toBe(true);
    const met = new Set(r1.pairs.map((p) => pairKey(p.a, p.b!)));
    for (const p of r2.pairs) expect(met.has(pairKey(p.a, p.b!))).toBe(false);
    const two = played(2, r2.pairs);
    const r3 = nextStep(season({ roundsPlayed: [one, two] }), 1);
    if (r3.kind !== 'pair') throw new Error('round 3 not paired');
    expect(nextStep(season({ roundsPlayed: [one, two, played(3, r3.pairs)] }), 1)).toEqual({ kind: 'finish', round: 3, early: false });
    expect(scores(season({ roundsPlayed: [one, two, played(3, r3.pairs)] }))).toEqual(
      new Map(
        six.map((p) => [
          p,
          [one, two, played(3, r3.pairs)].reduce((n, r) => n + r.pairings.reduce((m, x) => m + (x.sides[p] ? POINTS[x.sides[p].outcome] : 0), 0), 0),
        ]),
      ),
    );
  });

  it('forfeits the open matches at the round deadline', () => {
    const round: RoundView = {
      number: 1,
      deadline: 500,
      ended: null,
      pairings: [
        { id: 1, players: ['a', 'b'], bye: false, matchId: 'm1', done: true, sides: { a: side('win'), b: side('loss') } },
        { id: 2, players: ['c', 'd'], bye: false, matchId: 'm2', done: false, sides: {} },
      ],
    };
    expect(nextStep(season({ roundsPlayed: [round] }), 499)).toEqual({ kind: 'wait' });
    expect(nextStep(season({ roundsPlayed: [round] }), 500)).toEqual({ kind: 'forfeit-late', round: 1, matches: ['m2'] });
  });

  it('plans a full round-robin by default, and Swiss rounds by the field', () => {
    expect(plannedRounds({ pairing: 'round-robin', rounds: null }, 5)).toBe(5);
    expect(plannedRounds({ pairing: 'round-robin', rounds: 9 }, 4)).toBe(3);
    expect(plannedRounds({ pairing: 'swiss', rounds: null }, 6)).toBe(3);
    expect(plannedRounds({ pairing: 'swiss', rounds: null }, 1000)).toBe(10);
  });

  it('round-robin: a player who left gives their opponents byes; everyone else still meets once', () => {
    const entrants = ['a', 'b', 'c', 'd'];
    let view = season({ pairing: 'round-robin', rounds: null, entrants, players: entrants });
    const rounds: RoundView[] = [];
    for (let r = 1; r <= 3; r++) {
      const step = nextStep({ ...view, roundsPlayed: rounds }, 0);
      if (step.kind !== 'pair') throw new Error(`round ${r}: ${step.kind}`);
      rounds.push(played(r, step.pairs));
      if (r === 1) view = { ...view, players: ['a', 'b', 'c'] };
      if (r > 1) expect(step.pairs.filter((p) => p.b === null)).toHaveLength(1);
    }
    expect(nextStep({ ...view, roundsPlayed: rounds }, 0)).toEqual({ kind: 'finish', round: 3, early: false });
  });
});
