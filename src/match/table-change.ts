/**
 * A change to a game played through its ruleset's table rules (rulesets/ruleset.ts `TableRules`), as
 * submit.ts makes one for the default game: the game's step inside the store's transaction with the
 * sequence number the caller saw (so a double click or a stale button never applies twice), its posts
 * planned from the game's own words into the outbox in that transaction, and the deadlines of the wait
 * it leaves. Its end records the league's result as the default game's does (match/ending.ts).
 */
import type { RuleError } from '../engine';
import type { Stepped } from '../rulesets';
import type { PlayerId } from '../rulesets/sellsword/engine';
import { tableGameOf, type TableGame } from './table-game';

export { tableGameOf, type TableGame } from './table-game';
import { OPEN_STATUSES, type MatchRow, type OutboxRow } from '../store';
import { planWaits, lateAct } from '../clock/deadline-plan';
import { planTablePosts, type TableChange } from '../posts/table-posts';
import type { Services } from './services';
import { enqueue, type Via } from './table';
import { recordEnding } from './ending';
import type { MatchEnding } from '../league/results';

/** What the interaction behind a table change says itself. */
export interface TableTelling {
  readonly via?: Via;
  readonly reply?: (done: TableChange) => string;
  readonly answered?: { readonly messageId: string; readonly lines: (done: TableChange) => string[] };
  /** The command concedes the match: a concession is taken even after a deadline has passed. */
  readonly concession?: boolean;
  /** How the match ends, when this change ends it by a concession or a forfeit (league/results.ts `MatchEnding`), kept with its result. */
  readonly ending?: MatchEnding;
}

export type TableRecorded = TableChange & { readonly posts: readonly OutboxRow[] };

export type TableChanged =
  | { readonly ok: true; readonly recorded: TableRecorded }
  | { readonly ok: false; readonly reason: 'not-found' | 'stale' }
  | { readonly ok: false; readonly reason: 'refused'; readonly error: RuleError };

/** One change of a table game and its posts and deadlines; must run inside a transaction. */
export function recordTableChange(
  app: Services,
  matchId: string,
  by: PlayerId | undefined,
  expectSeq: number,
  command: unknown,
  telling: TableTelling = {},
): Promise<TableChanged> {
  return recordTableSteps(app, matchId, by, expectSeq, (game, setup, state, seq) => game.rules.match.step(setup, state, command, by, seq), telling);
}

/** The most commands a run (recordTableRun) takes in one act: a practice opponent's turn is far fewer. */
const RUN_LIMIT = 500;

/**
 * `by`'s commands one after another in one act, as `next` gives them from the state each leaves, for
 * as long as it gives one and the match waits on `by`: a practice opponent's orders up to the point
 * where the match waits on someone else. One act, so its posts tell the run at once (the game's words
 * for every event, its pictures where they fall) rather than a post per order. A refused command ends
 * the run; refused first, the change is refused.
 */
export function recordTableRun(
  app: Services,
  matchId: string,
  by: PlayerId,
  expectSeq: number,
  next: (setup: unknown, state: unknown) => unknown | null,
  telling: TableTelling = {},
): Promise<TableChanged> {
  return recordTableSteps(
    app,
    matchId,
    by,
    expectSeq,
    (game, setup, first, seq) => {
      const { match } = game.rules;
      const events: unknown[] = [];
      let state = first;
      for (let i = 0; i < RUN_LIMIT && match.waits(state).some((w) => w.player === by); i++) {
        const command = next(setup, state);
        if (command === null) break;
        const stepped = match.step(setup, state, command, by, seq + events.length);
        if (!stepped.ok) {
          if (events.length === 0) return stepped;
          break;
        }
        events.push(...stepped.events);
        state = stepped.state;
      }
      return { ok: true, events, state };
    },
    telling,
  );
}

type Steps = (game: TableGame, setup: unknown, state: unknown, seq: number) => Stepped;

async function recordTableSteps(
  app: Services,
  matchId: string,
  by: PlayerId | undefined,
  expectSeq: number,
  steps: Steps,
  telling: TableTelling,
): Promise<TableChanged> {
  const late = await lateAct(app.store, app.now(), matchId, by, telling.concession === true);
  if (late) return { ok: false, reason: 'refused', error: late };
  let before: unknown = null;
  let game: TableGame | null = null;
  const done = await app.store.matches.act<unknown, unknown, RuleError>(matchId, expectSeq, (snapshot, stored) => {
    game = tableGameOf(stored);
    if (!game) return { ok: false, error: { code: 'not-a-table-game', message: 'This match is not played with `/order`.' } };
    if (!snapshot || !stored.setup) return { ok: false, error: { code: 'not-started', message: 'This match has not been accepted yet.' } };
    if (!(OPEN_STATUSES as readonly string[]).includes(stored.status)) return { ok: false, error: { code: 'match-over', message: 'This match is over.' } };
    before = snapshot;
    const stepped = steps(game, stored.setup, snapshot, stored.seq);
    if (!stepped.ok) return stepped;
    const end = game.rules.match.end(stepped.state);
    return {
      ok: true,
      events: [...stepped.events],
      snapshot: stepped.state,
      status: game.rules.match.phase(stepped.state),
      ...(end ? { winner: end.winner, result: { winner: end.winner, score: end.score, round: end.rounds, ...telling.ending } } : {}),
    };
  });
  if (!done.ok) return done.reason === 'refused' ? { ok: false, reason: 'refused', error: done.error } : { ok: false, reason: done.reason };
  const { rules, table } = game!;
  const change: TableChange = { row: done.row, setup: done.row.setup, before, after: done.snapshot, events: done.events };
  const planned = await planTablePosts(app.store, rules, table, change, {
    by,
    reply: telling.reply?.(change),
    answered: telling.answered ? { messageId: telling.answered.messageId, lines: telling.answered.lines(change) } : undefined,
  });
  const posts = await enqueue(app, done.row, planned, telling.via);
  // A league counts the match once it is over, in this same transaction (match/ending.ts).
  if (done.row.status === 'over') await recordEnding(app, done.row);
  const waits = await planWaits(app.store, app.now(), done.row, done.events);
  if (waits.some((d) => d.due <= app.now())) app.dueNow?.();
  return { ok: true, recorded: { ...change, posts } };
}

/** `player` concedes a table game: its public line goes to the thread through the outbox. Must run inside a transaction. */
export async function concedeTable(app: Services, row: MatchRow, game: TableGame, player: PlayerId): Promise<TableChanged> {
  return recordTableChange(app, row.id, player, row.seq, game.table.concede(player), {
    concession: true,
    reply: () => `🏳️ <@${player}> concedes.`,
    ending: { conceded: player },
  });
}
