/**
 * Statuses that came and went within the lines of one post: "KN is now shaken (−1 act from its next
 * turn)" and, lines later, "KN is no longer shaken: recovered …" read as a contradiction (issue 26).
 * Such a status is told once, where it was gained, with the net result and why ("KN was shaken,
 * caused by …, but is no longer: recovered at the end of its turn, …"), and its ending is not told
 * again; a status still held at the post's end is told as gained.
 */
import type { Happening } from './happenings';

export interface Passing {
  /** Per happening that gained statuses: the reason each (by "unit|status") ended later in the same lines. */
  readonly ended: ReadonlyMap<Happening, ReadonlyMap<string, string>>;
  /** The endings already told where their status was gained. */
  readonly told: ReadonlySet<Happening>;
}

export const NO_PASSING: Passing = { ended: new Map(), told: new Set() };

export const statusKey = (unit: string, status: string): string => `${unit}|${status}`;

/** The statuses each happening gained, by unit and status. */
function gainedBy(h: Happening): string[] {
  if (h.kind === 'attack' && !h.problem) return h.attack.statuses.map((s) => statusKey(h.attack.target, s));
  if (h.kind === 'trait') return h.statuses.map((s) => statusKey(s.unit, s.status));
  if (h.kind === 'status' && h.gained) return [statusKey(h.unit, h.status)];
  return [];
}

/** Pairs each status ended in `happenings` with where it was gained earlier in them, if it was. */
export function passingStatuses(happenings: readonly Happening[]): Passing {
  const open = new Map<string, Happening>();
  const ended = new Map<Happening, Map<string, string>>();
  const told = new Set<Happening>();
  for (const h of happenings) {
    for (const key of gainedBy(h)) open.set(key, h);
    if (h.kind !== 'status' || h.gained) continue;
    const key = statusKey(h.unit, h.status);
    const at = open.get(key);
    if (!at) continue;
    open.delete(key);
    const reasons = ended.get(at) ?? ended.set(at, new Map()).get(at)!;
    reasons.set(key, h.reason);
    told.add(h);
  }
  return { ended, told };
}
