/** Sword and Claw's view rules (docs/rulesets.md §1 "View"): the turn picture, and a map on its own, as table views. */
import type { ViewRules } from '../../ruleset';
import { scShipped } from '../content';
import type { ScSetup, ScState } from '../match/types';
import { submittedScMap } from '../table/maps';
import { scViewInputOf } from './from-match';
import { scMapView } from './map-view';
import { scTableView } from './table-view';

export const scView: ViewRules = {
  table: (setup, state, request) => scTableView(scViewInputOf(setup as ScSetup, state as ScState, request)),
  map: (id, document) => {
    const map = scShipped().maps.get(id) ?? submittedScMap(id, document);
    return map ? scMapView(map) : null;
  },
};
