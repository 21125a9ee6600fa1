/**
 * Every change to a match ends here (STYLE.md 6): slash commands and buttons alike call `submit`, which
 * runs the pure match step inside the store's transaction with the sequence number the caller saw, and
 * writes what the change must show people into the outbox in that same transaction. A refusal changes
 * nothing and becomes a UserError; a stale sequence number means someone (or the same double click)
 * got there first.
 */
import type { PlayerId } from '../engine/state';
import type { RuleError } from '../engine/errors';
import { OPEN_STATUSES, type OutboxRow } from '../store';
import type { App } from './app';
import { planPosts } from './announce';
import type { Submitted } from './submitted';

export type { Submitted } from './submitted';
import { withoutRuleCodes } from '../render/plain-rules';
import { gameOf, stepMatch, type MatchCommand, type MatchEvent, type MatchSetup, type MatchSnapshot } from './match-state';
import { markSaved } from './saved';
import { enqueue, inTransaction, type Via } from './table';
import { refuse } from './user-error';

export interface Recorded extends Submitted {
  /** The outbox rows the change wrote, in delivery order. */
  readonly posts: readonly OutboxRow[];
}

/** What the interaction behind a change will say itself, planned from the change. */
export interface Telling {
  readonly via?: Via;
  /** The act's public line. */
  readonly reply?: (done: Submitted) => string;
  /** A click on a prompt: the message it answered, and the lines to write on it. */
  readonly answered?: { readonly messageId: string; readonly lines: (done: Submitted) => string[] };
}

/** Engine messages name players by id; in Discord a mention shows the name (and pings nobody when sent with no allowed mentions). */
export function withMentions(text: string, players: readonly PlayerId[]): string {
  return players.reduce((t, p) => t.split(p).join(`<@${p}>`), text);
}

/**
 * The engine says "Waiting for p2 to choose …"; said to p2 that is their own choice, so it reads
 * "Your choice first: …" (a prompt above waits for them), never "Waiting for @you".
 */
export function toYou(text: string, me: string | undefined): string {
  if (me === undefined) return text;
  return text.replace(`Waiting for ${me} to choose `, 'Your choice comes first (the prompt in the thread): ').replace(`Waiting for ${me} to decide`, 'Waiting for your decision');
}

export async function submit(app: App, matchId: string, by: PlayerId | undefined, expectSeq: number, command: MatchCommand, telling: Telling = {}): Promise<Recorded> {
  let before: MatchSnapshot | null = null;
  let setup: MatchSetup | null = null;
  const { done, posts } = await inTransaction(app, () => {
    const done = app.store.matches.act<MatchSnapshot, MatchEvent, RuleError>(matchId, expectSeq, (snapshot, row) => {
      if (!snapshot || !row.setup) return { ok: false, error: { code: 'not-started', message: 'This match has not been accepted yet.' } };
      if (!(OPEN_STATUSES as readonly string[]).includes(row.status)) return { ok: false, error: { code: 'match-over', message: 'This match is over.' } };
      before = snapshot;
      setup = row.setup as MatchSetup;
      const stepped = stepMatch(setup, snapshot, command, by);
      if (!stepped.ok) return { ok: false, error: stepped.error };
      const game = gameOf(stepped.snapshot);
      return {
        ok: true,
        events: stepped.events,
        snapshot: stepped.snapshot,
        status: game ? (game.over ? 'over' : 'playing') : 'setup',
        ...(stepped.start ? { setup: { ...setup, start: stepped.start } } : {}),
        ...(game?.over ? { winner: game.winner, result: { winner: game.winner, score: game.score, round: game.round } } : {}),
      };
    });
    if (!done.ok) return { done, posts: [] };
    const submitted: Submitted = { row: done.row, setup: (done.row.setup as MatchSetup) ?? setup!, before: before!, after: done.snapshot, events: done.events };
    const planned = planPosts(app.store, submitted, {
      by,
      reply: telling.reply?.(submitted),
      answered: telling.answered ? { messageId: telling.answered.messageId, lines: telling.answered.lines(submitted) } : undefined,
    });
    return { done, posts: enqueue(app, done.row, planned, telling.via) };
  });
  if (!done.ok) {
    if (done.reason === 'not-found') refuse('no-such-match', 'That match no longer exists.');
    if (done.reason === 'stale') refuse('stale', 'The match moved on while you were choosing (someone acted first, or this was sent twice). Nothing was changed; look at the latest message in the thread.');
    const players = app.store.matches.get(matchId)?.players ?? [];
    refuse(done.error.code, withMentions(toYou(withoutRuleCodes(done.error.message), by), players));
  }
  if (telling.via) markSaved(telling.via);
  return { row: done.row, setup: (done.row.setup as MatchSetup) ?? setup!, before: before!, after: done.snapshot, events: done.events, posts };
}
