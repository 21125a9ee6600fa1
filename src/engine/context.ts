/**
 * A decision in progress: a working copy of the state that each emitted event is applied to at once,
 * so later rules see earlier effects. decide() returns the events only if the whole decision
 * succeeds; a refusal part-way discards the copy, so nothing is half-applied. Each game's match (and
 * Sellsword's pre-game setup) shares this one implementation with its own state and apply.
 */
import { fixedMismatch, rollDie, type Rng, type Roll } from './dice';
import { refuse } from './errors';

export class DecisionCtx<S extends { readonly rng: Rng }, E extends { readonly type: string }> {
  readonly events: E[] = [];
  private pending: Roll[] = [];
  private cursor: Rng;

  constructor(
    public state: S,
    private readonly step: (state: S, event: E) => S,
  ) {
    this.cursor = state.rng;
  }

  /**
   * Draws a die of `sides` faces. The event that uses it must record it: as `{ d, v }` pairs taken
   * with `dice()`, or, when every die drawn for it is a d20, as bare numbers taken with `rolls()`.
   */
  roll(sides: number): number {
    const [value, next] = rollDie(this.cursor, sides);
    if (value === null) {
      const found = fixedMismatch(this.cursor, sides);
      if (found !== null) refuse('wrong-die', `The rules roll a d${sides} here, but the scenario's next die is a d${found.d}: fix "dice".`);
      refuse('out-of-dice', 'The scenario ran out of dice: add more results to "dice".');
    }
    this.cursor = next;
    this.pending.push({ d: sides, v: value });
    return value;
  }

  /** The dice drawn since the last event, for the event that used them, each with its size. */
  dice(): Roll[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  /** The d20s drawn since the last event, as bare numbers (a log that records numbers can hold d20s only). */
  rolls(): number[] {
    return this.dice().map((r) => {
      if (r.d !== 20) throw new Error(`a d${r.d} cannot be recorded as a bare number: take it with dice()`);
      return r.v;
    });
  }

  emit(event: E): void {
    if (this.pending.length > 0) throw new Error(`dice were drawn but not recorded before ${event.type}`);
    this.state = this.step(this.state, event);
    this.cursor = this.state.rng;
    this.events.push(event);
  }
}
