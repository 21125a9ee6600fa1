/**
 * A tiny game for tests only (docs/rulesets.md §5 step 7): two players take turns of three steps.
 * In `guess` the player seals a guess of a d6; in `roll` they roll it; closing `roll` reveals the
 * guess and scores a point when it was right. Three turns each, then the higher score wins. It uses
 * the engine core only (the decision context, sealed entries, step turns), so it shows they fit.
 */
import { DecisionCtx } from '../../src/engine/context';
import { pastDice, type Rng, type Roll, seeded } from '../../src/engine/dice';
import type { RuleError } from '../../src/engine/errors';
import { Refusal, refuse } from '../../src/engine/errors';
import { type RevealedEvent, type SealedEvent, seal } from '../../src/engine/sealed';
import { giveOrder, next, startTurn, type StepRules, type StepTurn } from '../../src/engine/step-turn';
import { sealCommitment } from '../../src/match/sealed-commitment';

export type Step = 'guess' | 'roll' | 'score';
export type Order = { kind: 'guess'; value: number } | { kind: 'roll' };
export const PLAYERS = ['p1', 'p2'] as const;
export const TURNS_EACH = 3;

const RULES: StepRules<Step, Order> = { steps: ['guess', 'roll', 'score'], takes: (s, o) => s === o.kind, declared: [] };

export interface GuessState {
  readonly rng: Rng;
  readonly turn: StepTurn<Step, Order> | null;
  readonly turns: number;
  readonly score: Readonly<Record<string, number>>;
  readonly guesses: Readonly<Record<string, number>>;
  readonly lastRoll: number | null;
}

export type GuessEvent =
  | SealedEvent<{ value: number }>
  | RevealedEvent
  | { type: 'rolled'; dice: Roll[] }
  | { type: 'stepped' }
  | { type: 'scored'; player: string; points: number }
  | { type: 'turn'; player: string }
  | { type: 'ordered'; unit: string; order: Order };

export type GuessCommand = { type: 'guess'; value: number; salt: string } | { type: 'roll' } | { type: 'next' };

export const initialState = (seed: number): GuessState => ({
  rng: seeded(seed),
  turn: startTurn(RULES, 'p1', 'p1'),
  turns: 1,
  score: { p1: 0, p2: 0 },
  guesses: {},
  lastRoll: null,
});

const slotOf = (s: GuessState) => `guess-${s.turns}`;

export function apply(s: GuessState, e: GuessEvent): GuessState {
  switch (e.type) {
    case 'ordered': {
      const t = giveOrder(RULES, s.turn!, e.unit, e.order);
      if ('code' in t) throw new Error(`apply: ${t.code}`);
      return { ...s, turn: t };
    }
    case 'sealed':
      return { ...s, guesses: { ...s.guesses, [e.slot]: e.entry.body.value } };
    case 'rolled':
      return { ...s, rng: pastDice(s.rng, e.dice), lastRoll: e.dice[0]!.v };
    case 'stepped':
      return { ...s, turn: next(RULES, s.turn!).turn };
    case 'scored':
      return { ...s, score: { ...s.score, [e.player]: (s.score[e.player] ?? 0) + e.points } };
    case 'turn':
      return { ...s, turn: startTurn(RULES, e.player, e.player), turns: s.turns + 1, lastRoll: null };
    case 'revealed':
      return s;
  }
}

export const isOver = (s: GuessState) => s.turn === null;

function decideIn(ctx: DecisionCtx<GuessState, GuessEvent>, c: GuessCommand, by: string): void {
  const s = ctx.state;
  if (!s.turn) refuse('match-over', 'The match is over.');
  if (by !== s.turn.player) refuse('not-your-turn', 'It is not your turn.');
  if (c.type === 'guess' || c.type === 'roll') {
    const order: Order = c.type === 'guess' ? { kind: 'guess', value: c.value } : { kind: 'roll' };
    const t = giveOrder(RULES, s.turn, by, order);
    if ('code' in t) refuse(t.code, t.message);
    if (c.type === 'guess') {
      if (!Number.isInteger(c.value) || c.value < 1 || c.value > 6) refuse('bad-guess', 'Guess a number from 1 to 6.');
      const sealed = seal({ slot: slotOf(s), by, salt: c.salt, body: { value: c.value } }, sealCommitment(c.salt, { value: c.value }));
      if ('code' in sealed) refuse(sealed.code, sealed.message);
      ctx.emit({ type: 'ordered', unit: by, order });
      ctx.emit(sealed);
    } else {
      ctx.roll(6);
      ctx.emit({ type: 'rolled', dice: ctx.dice() });
      ctx.emit({ type: 'ordered', unit: by, order });
    }
    return;
  }
  closeStep(ctx, { ...s, turn: s.turn });
}

function closeStep(ctx: DecisionCtx<GuessState, GuessEvent>, s: GuessState & { turn: StepTurn<Step, Order> }): void {
  if (s.turn.step === 'guess' && s.turn.used.length === 0) refuse('guess-first', 'Seal a guess first.');
  if (s.turn.step === 'roll' && s.lastRoll === null) refuse('roll-first', 'Roll the die first.');
  const player = s.turn.player;
  ctx.emit({ type: 'stepped' });
  if (s.turn.step !== 'score') return;
  // Closing the score step: the guess is revealed, scored, and the other player's turn begins.
  ctx.emit({ type: 'revealed', slot: slotOf(s) });
  if (s.guesses[slotOf(s)] === s.lastRoll) ctx.emit({ type: 'scored', player, points: 1 });
  if (s.turns < TURNS_EACH * PLAYERS.length) ctx.emit({ type: 'turn', player: player === 'p1' ? 'p2' : 'p1' });
}

/** The events a command gives and the state after them, or the rule it breaks. */
export function decide(s: GuessState, c: GuessCommand, by: string): { events: GuessEvent[]; state: GuessState } | RuleError {
  const ctx = new DecisionCtx<GuessState, GuessEvent>(s, apply);
  try {
    decideIn(ctx, c, by);
  } catch (e) {
    if (e instanceof Refusal) return e.error;
    throw e;
  }
  return { events: ctx.events, state: ctx.state };
}

export const replay = (seed: number, events: readonly GuessEvent[]): GuessState => events.reduce(apply, initialState(seed));
