/**
 * A decision in progress: a working copy of the state that each emitted event is applied to at once,
 * so later rules see earlier effects. decide() returns the events only if the whole decision
 * succeeds; a refusal part-way discards the copy, so nothing is half-applied. The match and the
 * pre-game setup (pregame-context.ts) share this one implementation with their own state and apply.
 */
import { rollD20, type Rng } from './dice';
import { refuse } from './errors';
import { apply, type GameEvent } from './events';
import type { GameState } from './state';

export class DecisionCtx<S extends { readonly rng: Rng }, E extends { readonly type: string }> {
  readonly events: E[] = [];
  private pending: number[] = [];
  private cursor: Rng;

  constructor(
    public state: S,
    private readonly step: (state: S, event: E) => S,
  ) {
    this.cursor = state.rng;
  }

  /** Draws a d20. The event that uses it must carry it in `rolls` (take them with `rolls()`). */
  roll(): number {
    const [value, next] = rollD20(this.cursor);
    if (value === null) refuse('out-of-dice', 'The scenario ran out of dice: add more results to "dice".');
    this.cursor = next;
    this.pending.push(value);
    return value;
  }

  /** The dice drawn since the last event, for the event that used them. */
  rolls(): number[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  emit(event: E): void {
    if (this.pending.length > 0) throw new Error(`dice were drawn but not recorded before ${event.type}`);
    this.state = this.step(this.state, event);
    this.cursor = this.state.rng;
    this.events.push(event);
  }
}

export class Ctx extends DecisionCtx<GameState, GameEvent> {
  constructor(state: GameState) {
    super(state, apply);
  }
}
