/**
 * Reactions (§5, R25, R26): who may reply, and with which attacks. A reply is a single-act attack
 * against the unit that moved or attacked, paid with a react token.
 */
import type { Attack } from '../formats/card';
import { canPay } from './acts';
import type { GameState, UnitState } from './state';
import { profile } from './stats';
import { attackLine, isProblem } from './targeting';

/** Statuses whose bearer may not React (§6.2). */
const NO_REACT = ['stunned', 'helpless'];

/** R40, §6.2: Stunned and Helpless never react; Glamyred only while a failed roll holds (R65). */
export function canReact(unit: UnitState): boolean {
  return (
    !unit.dropped &&
    unit.at !== null &&
    unit.tokens.react >= 1 &&
    !unit.statuses.some((s) => NO_REACT.includes(s.status) || (s.status === 'glamyred' && s.held === true))
  );
}

/** The attacks `replier` could reply with against `target` right now. */
export function replyAttacks(state: GameState, replier: UnitState, target: UnitState): Attack[] {
  if (!canReact(replier)) return [];
  return profile(state, replier).attacks.filter((a) => {
    if (a.acts !== 1 || a.burst !== undefined) return false;
    // A reply spends a react token on top of whatever the attack itself costs (R25, R26).
    if (!canPay(replier, { ...a.cost, react: (a.cost.react ?? 0) + 1 })) return false;
    return !isProblem(attackLine(state, replier, a, target));
  });
}
