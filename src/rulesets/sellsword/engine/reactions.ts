/**
 * Reactions (§5, R25, R26): who may reply, and with which attacks. A reply is a single-act attack
 * against the unit that moved or attacked, paid with a react token.
 */
import type { Attack } from '../formats/card';
import { canPay } from './acts';
import type { GameState, UnitId, UnitState } from './state';
import { profile } from './stats';
import { areAdjacent, attackLine, isProblem, sightOf } from './targeting';

export { canReact, whyNoReact } from './react-status';
import { canReact, whyNoReact } from './react-status';

/** A reply declared and not yet made: who replies, with which attack, against whom. */
export interface PendingReply {
  readonly unit: UnitId;
  readonly attack: string;
  readonly against: UnitId;
}

/**
 * The replies declared in the resolution paused behind the state's prompt that have not been made yet
 * (R25, R26): those still being collected, those waiting on their attack or move, and those next to roll.
 */
export function pendingReplies(state: GameState): PendingReply[] {
  return state.resume.flatMap((f): PendingReply[] => {
    switch (f.k) {
      case 'reply':
        return [{ unit: f.unit, attack: f.attack, against: f.target }];
      case 'offer-replies':
        return f.declared.map((r) => ({ ...r, against: f.unit }));
      case 'attack':
      case 'burst-with-replies':
        return (f.replies ?? []).map((r) => ({ ...r, against: f.unit }));
      case 'resolve-replies':
        return (f.replies ?? []).map((r) => ({ ...r, against: f.target }));
      default:
        return [];
    }
  });
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

/**
 * The attacks `replier` could reach `target` with but cannot pay for as a reply, when it has no reply
 * at all: a reply pays a react token on top of the attack's own cost (R25, R26), so an attack that
 * itself costs a react token needs two. What a log says when such an attack goes unanswered.
 */
export function repliesTooDear(state: GameState, replier: UnitState, target: UnitState): Attack[] {
  // R26: only a unit next to the attacker replies at all; a log said a unit two squares off could not
  // afford one, as if it might have replied (playtest round 17).
  if (replier.player === target.player || !canReact(replier) || !nextTo(state, replier, target) || replyAttacks(state, replier, target).length > 0) return [];
  return profile(state, replier).attacks.filter(
    (a) =>
      a.acts === 1 &&
      a.burst === undefined &&
      !canPay(replier, { ...a.cost, react: (a.cost.react ?? 0) + 1 }) &&
      !isProblem(attackLine(state, replier, a, target)),
  );
}

/**
 * Whether `replier` would have a reply to `target` now but for its react token (R25): what a log says
 * when an attack goes unanswered because the token was spent earlier in the round.
 */
export function replyNeedsToken(state: GameState, replier: UnitState, target: UnitState): boolean {
  if (replier.tokens.react >= 1 || replier.player === target.player || !nextTo(state, replier, target)) return false;
  return replyAttacks(state, { ...replier, tokens: { ...replier.tokens, react: 1 } }, target).length > 0;
}

/** Both on the map and next to each other: where a reply can come from (R26). */
const nextTo = (state: GameState, a: UnitState, b: UnitState): boolean => a.at !== null && b.at !== null && areAdjacent(state, a, b);

/** Why a unit may not reply to an attacker it stands next to (R25, R26): what stops it React, or its attacks. */
export type NoReply = NonNullable<ReturnType<typeof whyNoReact>> | 'too-dear' | 'no-sight' | 'no-reach';

/**
 * Why `replier` has no reply to `target` now, or null when it has one: from the same checks that
 * decide the replies offered (canReact, replyAttacks), so the two never disagree. 'too-dear': an attack
 * reaches but costs more react tokens than it has as a reply; 'no-sight': it cannot see `target` (R17:
 * next to it, bigger units between may still block every line); 'no-reach': none of its single-act
 * attacks can strike `target` from where it stands. A tester was told a unit diagonally next to the
 * attacker could not reach it, when it could not see it (playtest round 17).
 */
export function whyNoReply(state: GameState, replier: UnitState, target: UnitState): NoReply | null {
  const react = whyNoReact(replier);
  if (react !== null) return react;
  if (replyAttacks(state, replier, target).length > 0) return null;
  if (repliesTooDear(state, replier, target).length > 0) return 'too-dear';
  // Sight is the attack line's first check, the same for every attack: asked once (targeting.ts sightOf).
  const singles = profile(state, replier).attacks.some((a) => a.acts === 1 && a.burst === undefined);
  return singles && !sightOf(state, replier, target).visible ? 'no-sight' : 'no-reach';
}
