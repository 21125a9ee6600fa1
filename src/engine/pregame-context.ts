/**
 * A setup decision in progress, like context.ts's Ctx for a match: every event is applied to a working
 * copy at once, and dice drawn must be written into the event that used them. Ctx itself is bound to
 * the match state and its apply, so the setup has this twin rather than a generic Ctx.
 */
import { rollD20, type Rng } from './dice';
import { refuse } from './errors';
import { pregameApply, type PregameEvent, type PregameState } from './pregame-state';

export class PregameCtx {
  readonly events: PregameEvent[] = [];
  private pending: number[] = [];
  private cursor: Rng;

  constructor(public state: PregameState) {
    this.cursor = state.rng;
  }

  roll(): number {
    const [value, next] = rollD20(this.cursor);
    if (value === null) refuse('out-of-dice', 'The fixed dice ran out: add more results.');
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

  emit(event: PregameEvent): void {
    if (this.pending.length > 0) throw new Error(`dice were drawn but not recorded before ${event.type}`);
    this.state = pregameApply(this.state, event);
    this.cursor = this.state.rng;
    this.events.push(event);
  }
}
