/**
 * Deadlines on every wait (docs/playing.md "Deadlines"). A match waits on one player at a time (on
 * each opponent not yet in, for a challenge): to accept, for a setup choice, for a prompt, or for a
 * unit's turn. Planned like posts, from the change, inside its transaction: the rows of a wait that
 * ended are cancelled and a new wait gets its timeout and its reminders. The scheduler
 * (bot/scheduler.ts) acts on them when they fall due.
 */
import type { PlayerId } from '../rulesets/sellsword/engine';
import { OPEN_STATUSES, type DeadlineRow, type MatchRow, type Store } from '../store';
import { clockOf, HOUR, type ClockTerms } from './clock-terms';
import { matchRecord } from '../match/record';
import { rulesetOfMatch } from '../rulesets';
import { practiceSeat } from '../match/practice-seat';

export type WaitKind = 'accept' | 'setup' | 'prompt' | 'turn';
export const WAIT_KINDS: readonly WaitKind[] = ['accept', 'setup', 'prompt', 'turn'];
export const isWaitKind = (kind: string): kind is WaitKind => (WAIT_KINDS as readonly string[]).includes(kind);
/** The waits on a posted prompt (a setup choice, a reply or wound split): their deadline's seq is the prompt's. */
export const PROMPT_WAITS: readonly WaitKind[] = ['setup', 'prompt'];

/** What the match waits for from one player now. */
export interface Wait {
  readonly kind: WaitKind;
  readonly player: PlayerId;
}

/**
 * The waits of a match as it stands: none once it is over, and none for a match whose game or rules'
 * version this bot does not know (it does not run that match's clock).
 */
export function waitsOf(row: MatchRow): Wait[] {
  if (!(OPEN_STATUSES as readonly string[]).includes(row.status)) return [];
  if (row.status === 'challenged') {
    const accepted = matchRecord(row).terms.accepted;
    return row.players.filter((p) => !accepted[p]).map((player) => ({ kind: 'accept', player }));
  }
  const found = rulesetOfMatch(row);
  if (!found.ok) return [];
  // The game reads its own stored state: the application does not decode another game's shapes.
  return row.snapshot !== null ? [...found.ruleset.match.waits(row.snapshot)] : [];
}

export const hoursFor = (clock: ClockTerms, kind: WaitKind): number =>
  kind === 'turn' ? clock.turnHours : kind === 'accept' ? clock.acceptHours : clock.promptHours;

/** When a player's clock runs again: now, or the end of their vacation. */
export const clockStarts = async (store: Store, player: PlayerId, now: number): Promise<number> =>
  Math.max(now, (await store.vacations.current(player, now))?.until ?? now);

/** Reminder times for a wait from `start` to `due`: at the set fractions and hours before, strictly inside it. */
export function reminderTimes(clock: ClockTerms, start: number, due: number): number[] {
  const length = due - start;
  const times = [...clock.remindAt.map((f) => start + Math.round(f * length)), ...clock.remindBeforeHours.map((h) => due - h * HOUR)];
  const inside = times.filter((t) => t > start && t < due).sort((a, b) => a - b);
  // Two reminders within a minute of each other are one.
  return inside.filter((t, i) => i === 0 || t - inside[i - 1]! >= 60_000);
}

/**
 * Whether a pending timeout still stands for a wait after a change: a challenge waits until the player
 * answers; a prompt is the one open at the seq it was made at; a unit's turn lasts until a new turn
 * starts (its acts do not restart the clock).
 */
function stillOn(d: DeadlineRow, row: MatchRow, newTurn: boolean): boolean {
  if (d.kind === 'accept') return true;
  if (d.kind === 'turn') return !newTurn;
  return d.seq === row.seq;
}

/**
 * Brings a match's deadlines in line with its waits, inside the change's transaction: the rows of waits
 * that ended are cancelled, and each new wait gets a timeout and its reminders. `events` are the
 * change's (a unit's turn that started is a new wait even for the same player). Returns the rows added.
 */
export async function planWaits(store: Store, now: number, row: MatchRow, events: readonly { readonly event: unknown }[] = []): Promise<DeadlineRow[]> {
  const pending = await store.deadlines.pending(row.id);
  const found = rulesetOfMatch(row);
  const newTurn = found.ok && events.some((e) => found.ruleset.match.startsTurn(e.event));
  const kept = new Set<DeadlineRow>();
  const missing: Wait[] = [];
  for (const w of waitsOf(row)) {
    const timeout = pending.find((d) => d.kind === w.kind && d.player === w.player && !kept.has(d) && stillOn(d, row, newTurn));
    if (timeout) kept.add(timeout);
    else missing.push(w);
  }
  const keptWaits = new Set([...kept].map((d) => `${d.player}:${d.seq}`));
  const ended = pending.filter((d) => !kept.has(d) && !(d.kind === 'reminder' && keptWaits.has(`${d.player}:${d.seq}`)));
  await store.deadlines.cancel(ended.map((d) => d.id));
  const { terms } = matchRecord(row);
  const clock = clockOf(terms);
  const added: DeadlineRow[] = [];
  for (const w of missing) {
    const at = { matchId: row.id, player: w.player, seq: row.seq };
    // The practice opponent's wait falls due at once: the scheduler has the AI act for it (practice-seat.ts).
    if (practiceSeat(terms) === w.player) {
      added.push(await store.deadlines.add({ ...at, kind: w.kind, due: now }));
      continue;
    }
    const start = await clockStarts(store, w.player, now);
    const due = start + hoursFor(clock, w.kind) * HOUR;
    added.push(await store.deadlines.add({ ...at, kind: w.kind, due }));
    for (const t of reminderTimes(clock, start, due)) added.push(await store.deadlines.add({ ...at, kind: 'reminder', due: t }));
  }
  return added;
}

/** The timeout a match's wait on `player` runs out at, if one is pending. */
export const timeoutOf = (pending: readonly DeadlineRow[], player?: PlayerId): DeadlineRow | undefined =>
  pending.find((d) => isWaitKind(d.kind) && (player === undefined || d.player === player));

/**
 * A player's act that arrives once their time has run out is refused, even before the scheduler has
 * acted on the deadline: at the deadline the timeout wins, so an act and a timeout never both go
 * through. A concession is always accepted.
 */
export async function lateAct(
  store: Store,
  now: number,
  matchId: string,
  by: PlayerId | undefined,
  concession: boolean,
): Promise<{ code: string; message: string } | null> {
  if (by === undefined || concession) return null;
  const timeout = timeoutOf(await store.deadlines.pending(matchId), by);
  if (!timeout || timeout.due > now) return null;
  const when = `<t:${Math.floor(timeout.due / 1000)}:R>`;
  if (timeout.kind === 'accept') return { code: 'time-ran-out', message: `⏰ The time to accept ran out ${when}: the challenge has lapsed.` };
  return { code: 'time-ran-out', message: `⏰ Your time for this ran out ${when}, so nothing was changed: the bot is taking the default for you now.` };
}
