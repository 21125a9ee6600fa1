/**
 * Whether a unit may React now (R40, §6.2, R65): the one place that says so, read by the replies
 * (reactions.ts) and by the pathfinder's reply threats (paths.ts). It reads the unit alone, so the
 * pathfinder can ask it without the acts and turns modules that reactions.ts needs.
 */
import type { UnitState } from './state';

/** Statuses whose bearer may not React (§6.2). */
const NO_REACT = ['stunned', 'helpless'];

/**
 * Why `unit` may not React now (R40, §6.2), or null when it may: dropped or off the map, no react token
 * left, or Stunned, Helpless, or Glamyred while a failed roll holds (R65). The one place that says so.
 */
export function whyNoReact(unit: UnitState): 'dropped' | 'off-map' | 'no-react-token' | 'stunned' | 'helpless' | 'glamyred' | null {
  if (unit.dropped) return 'dropped';
  if (unit.at === null) return 'off-map';
  if (unit.tokens.react < 1) return 'no-react-token';
  const held = unit.statuses.find((s) => NO_REACT.includes(s.status) || (s.status === 'glamyred' && s.held === true));
  return held ? (held.status as 'stunned' | 'helpless' | 'glamyred') : null;
}

/** R40, §6.2: Stunned and Helpless never react; Glamyred only while a failed roll holds (R65). */
export function canReact(unit: UnitState): boolean {
  return whyNoReact(unit) === null;
}
