/**
 * Every change to a match ends here: slash commands and buttons alike call `submit`, which
 * runs the pure match step inside the store's transaction with the sequence number the caller saw, and
 * writes what the change must show people into the outbox in that same transaction. A refusal changes
 * nothing and becomes a UserError; a stale sequence number means someone (or the same double click)
 * got there first.
 */
import type { PlayerId } from '../rulesets/sellsword/engine';
import type { RuleError } from '../engine';
import { matchRecord, savedRecord } from './record';
import { OPEN_STATUSES } from '../store';
import type { Services } from './services';
import { planPosts } from '../posts/announce';
import { recordEnding } from './ending';
import type { Submitted } from './submitted';

export type { Submitted } from './submitted';
export type { Change, Recorded } from './change';
import type { Change, Recorded } from './change';
import { withoutRuleCodes } from '../render/plain-rules';
import type { MatchEnding } from '../league/results';
import type { MatchCommand, MatchEvent, MatchSetup, MatchSnapshot } from './match-state';
import { rulesetOfMatch } from '../rulesets';
import { markSaved } from './saved';
import { lateAct } from '../clock/deadline-plan';
import { settleChange } from './settle';
import { enqueue, inTransaction, type Via } from './table';
import { refuse } from './user-error';

/** What the interaction behind a change will say itself, planned from the change. */
export interface Telling {
  readonly via?: Via;
  /** The act's public line. */
  readonly reply?: (done: Submitted) => string;
  /** A click on a prompt: the message it answered, and the lines to write on it. */
  readonly answered?: { readonly messageId: string; readonly lines: (done: Submitted) => string[]; readonly replace?: boolean };
  /** How the bot ended the match, when this change ends it (a forfeit): kept on the match for its result (league/results.ts). */
  readonly ending?: MatchEnding;
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
  return text
    .replace(`Waiting for ${me} to choose `, 'Your choice comes first (the prompt in the thread): ')
    .replace(`Waiting for ${me} to decide`, 'Waiting for your decision');
}

/** One change and its posts; must run inside a transaction. */
/**
 * `present`: the person whose own act this chain of changes began with (they are looking at the
 * thread, so the turn coming back to them needs no ping); a standing order's answer acts for its owner
 * but the owner is not there.
 */
async function changeOnce(
  app: Services,
  matchId: string,
  by: PlayerId | undefined,
  expectSeq: number,
  command: MatchCommand,
  telling: Telling,
  present: PlayerId | undefined = by,
): Promise<Change> {
  let before: MatchSnapshot | null = null;
  let setup: MatchSetup | null = null;
  const done = await app.store.matches.act<MatchSnapshot, MatchEvent, RuleError>(matchId, expectSeq, (_snapshot, stored) => {
    // A match of a game or rules' version this bot does not know is refused before its JSON is read.
    const found = rulesetOfMatch(stored);
    if (!found.ok) return { ok: false, error: found.error };
    const rules = found.ruleset.match;
    const row = matchRecord(stored);
    const snapshot = row.snapshot;
    if (!snapshot || !row.setup) return { ok: false, error: { code: 'not-started', message: 'This match has not been accepted yet.' } };
    if (!(OPEN_STATUSES as readonly string[]).includes(row.status)) return { ok: false, error: { code: 'match-over', message: 'This match is over.' } };
    before = snapshot;
    const stepped = rules.step(row.setup, snapshot, command, by, row.seq);
    if (!stepped.ok) return { ok: false, error: stepped.error };
    // Posts and commands still read Sellsword's shapes: they reach the game through the ruleset next (docs/rulesets.md §5 step 4).
    setup = (stepped.setup ?? row.setup) as MatchSetup;
    const end = rules.end(stepped.state);
    return {
      ok: true,
      events: stepped.events as MatchEvent[],
      snapshot: stepped.state as MatchSnapshot,
      status: rules.phase(stepped.state),
      ...(stepped.setup ? { setup } : {}),
      ...(end ? { winner: end.winner, result: { winner: end.winner, score: end.score, round: end.rounds, ...telling.ending } } : {}),
    };
  });
  if (!done.ok)
    return done.reason === 'refused'
      ? { ok: false, reason: 'refused', error: done.error }
      : done.reason === 'stale'
        ? { ok: false, reason: 'stale' }
        : { ok: false, reason: 'not-found' };
  // Its terms were decoded with the row the step read, its setup and snapshot made by the step.
  savedRecord(done.row);
  const submitted: Submitted = { row: done.row, setup: setup!, before: before!, after: done.snapshot, events: done.events };
  if (done.row.status === 'over') await recordEnding(app, done.row);
  const planned = await planPosts(app.store, submitted, {
    by: present,
    forfeit: telling.ending?.forfeited,
    reply: telling.reply?.(submitted),
    answered: telling.answered
      ? { messageId: telling.answered.messageId, lines: telling.answered.lines(submitted), ...(telling.answered.replace ? { replace: true } : {}) }
      : undefined,
  });
  return { ok: true, recorded: { ...submitted, posts: await enqueue(app, done.row, planned, telling.via) } };
}

/**
 * A change with everything that follows from it in the same transaction: the prompts standing orders
 * answer, and the deadlines of the wait it leaves (settle.ts). Must run inside a transaction; the
 * scheduler's timeouts come through here as players' acts do.
 */
export async function recordChange(
  app: Services,
  matchId: string,
  by: PlayerId | undefined,
  expectSeq: number,
  command: MatchCommand,
  telling: Telling = {},
): Promise<Change> {
  const late = await lateAct(app.store, app.now(), matchId, by, 'game' in command && 'concede' in command.game);
  if (late) return { ok: false, reason: 'refused', error: late };
  const first = await changeOnce(app, matchId, by, expectSeq, command, telling);
  if (first.ok) await settle(app, first.recorded, by);
  return first;
}

/**
 * The standing orders and deadlines that follow a change (`recordChange`, or one made outside it:
 * accepting a challenge). `present`: the person who made that change; whoever the turn passes to
 * after a standing order's answer is pinged unless it is them.
 */
export function settle(app: Services, recorded: Recorded, present?: PlayerId): Promise<Recorded> {
  return settleChange(app, recorded, (player, seq, next, reply) => changeOnce(app, recorded.row.id, player, seq, next, { reply }, present));
}

export async function submit(
  app: Services,
  matchId: string,
  by: PlayerId | undefined,
  expectSeq: number,
  command: MatchCommand,
  telling: Telling = {},
): Promise<Recorded> {
  const change = await inTransaction(app, () => recordChange(app, matchId, by, expectSeq, command, telling));
  if (!change.ok) {
    if (change.reason === 'not-found') refuse('no-such-match', 'That match no longer exists.');
    // A click on a prompt that another act got past first (a double click): the prompt has passed, as
    // the click is told when it arrives after that act (components.ts).
    if (change.reason === 'stale' && telling.answered) refuse('stale-prompt', 'That prompt has passed.');
    if (change.reason === 'stale')
      refuse(
        'stale',
        'The match moved on while you were choosing (someone acted first, or this was sent twice). Nothing was changed; look at the latest message in the thread.',
      );
    const players = (await app.store.matches.get(matchId))?.players ?? [];
    refuse(change.error.code, withMentions(toYou(withoutRuleCodes(change.error.message), by), players));
  }
  if (telling.via) markSaved(telling.via);
  return change.recorded;
}
