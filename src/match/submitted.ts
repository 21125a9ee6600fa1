/** A change to a match as it was saved: the row after it, the setup, the states before and after, and its numbered events. */
import type { MatchRow } from '../store';
import type { MatchEvent, MatchSetup, MatchSnapshot } from './match-state';

export interface Submitted {
  readonly row: MatchRow;
  readonly setup: MatchSetup;
  readonly before: MatchSnapshot;
  readonly after: MatchSnapshot;
  readonly events: readonly { readonly seq: number; readonly event: MatchEvent }[];
}
