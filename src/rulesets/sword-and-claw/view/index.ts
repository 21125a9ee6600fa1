/** Sword and Claw's view rules (docs/rulesets.md §1 "View"): the turn picture as a table view. */
import type { ViewRules } from '../../ruleset';
import type { ScSetup, ScState } from '../match/types';
import { scViewInputOf } from './from-match';
import { scTableView } from './table-view';

export const scView: ViewRules = {
  table: (setup, state, request) => scTableView(scViewInputOf(setup as ScSetup, state as ScState, request)),
};
