/** What a change to a match recorded, or why it was not (submit.ts `recordChange`). */
import type { RuleError } from '../engine';
import type { OutboxRow } from '../store';
import type { Submitted } from './submitted';

export interface Recorded extends Submitted {
  /** The outbox rows the change wrote, in delivery order. */
  readonly posts: readonly OutboxRow[];
}

/** A change's outcome inside its transaction: recorded, or why not (nothing was written). */
export type Change =
  | { readonly ok: true; readonly recorded: Recorded }
  | { readonly ok: false; readonly reason: 'not-found' }
  | { readonly ok: false; readonly reason: 'stale' }
  | { readonly ok: false; readonly reason: 'refused'; readonly error: RuleError };
