/**
 * Writing a change to the database without ever freezing the bot: a transaction that meets another
 * connection's lock (on PostgreSQL also one that lost a deadlock or a serialization race; store/busy.ts)
 * is retried after a pause that yields to other interactions, and after about 2.5 s the player is
 * told the table is busy; nothing was written, since the transaction never ran or was rolled back whole.
 * Everything a change must show people is written in the same transaction (the outbox), and the row
 * that the interaction itself will answer is held back from the worker until that answer is tried.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { isBusy, THREAD_PENDING, type MatchRow, type OutboxRow } from '../store';
import type { Services } from './services';
import type { PostBody } from '../posts/post-body';
import { refuse } from './user-error';

/** Pauses between tries while the database is busy: 1-2 s in all, inside Discord's 3 s. */
const BUSY_PAUSES_MS = [20, 50, 100, 200, 400, 600, 700];

/**
 * No try starts this long (ms) after the first: a try can itself wait up to 2.5 s for a full PostgreSQL
 * pool's free connection before it counts as busy (store/open-pg.ts PoolSaturated), and the player's
 * answer must still come inside Discord's 3 s.
 */
const BUSY_BUDGET_MS = 2500;

/**
 * How long each try may wait for another connection's lock (PostgreSQL; the bot opens SQLite with the same
 * 50 ms busy timeout, bot/start.ts): with the pauses, a change held up by a stuck lock is refused after
 * about 2.5 s on either backend. Waiting longer a try would keep the player waiting past Discord's 3 s.
 */
const LOCK_WAIT_MS = 50;

/**
 * The outbox rows a try of a change held from the worker (`enqueue`). A try that fails was rolled back,
 * and its rows with it, so their holds are let go: a row id the database hands out again (SQLite reuses
 * a rolled-back id) must not be held for an interaction that will never answer it.
 */
const heldByTry = new AsyncLocalStorage<number[]>();

/** Only what the retry needs of the Services, so tests can drive it with a store alone. */
export async function inTransaction<T>(
  app: Pick<Services, 'store' | 'log' | 'timeAct' | 'busyRetry'> & { outbox?: Pick<Services['outbox'], 'release'> },
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  for (let attempt = 0; ; attempt++) {
    const held: number[] = [];
    try {
      const result = await heldByTry.run(held, () => app.store.transaction(work, { lockWaitMs: LOCK_WAIT_MS }));
      app.timeAct?.((performance.now() - started) / 1000);
      return result;
    } catch (error) {
      for (const id of held) app.outbox?.release(id);
      if (!isBusy(error)) throw error;
      const pause = BUSY_PAUSES_MS[attempt];
      if (pause === undefined || performance.now() - started + pause > BUSY_BUDGET_MS) {
        app.log('the database stayed busy; a change was refused', error);
        refuse('table-busy', 'The table is busy right now, so nothing was changed. Try again in a moment.');
      }
      app.busyRetry?.();
      // Each pause is drawn between half and all of its length (so never past Discord's 3 s): two
      // changes that each hold a lock the other waits for (say, two results rating the same players in
      // opposite orders) both fail after 50 ms, and with equal pauses they would meet again on every try.
      await sleep(pause * (0.5 + Math.random() / 2));
    }
  }
}

/** The interaction that answers a change itself: its reply, or its update of the prompt it clicked. */
export interface Via {
  readonly id: string;
  readonly token: string;
}

/**
 * Adds a change's posts to the outbox for the match's thread; call it inside the change's transaction.
 * With `via`, the row that interaction will deliver itself is held from the worker (own-answer.ts).
 * A match whose thread is not made yet (match-thread.ts) keeps its posts waiting for it.
 */
export async function enqueue(app: Services, row: MatchRow, posts: readonly PostBody[], via?: Via): Promise<OutboxRow[]> {
  if (posts.length === 0) return [];
  const own = via ? posts.findIndex((p) => p.kind === 'reply' || p.kind === 'answered') : -1;
  const rows = await app.store.outbox.add(
    posts.map((body, i) => ({
      matchId: row.id,
      channelId: row.threadId ?? THREAD_PENDING,
      body,
      via: i === own && body.kind === 'reply' ? `${via!.id}:${via!.token}` : null,
    })),
  );
  if (via && rows[0]) app.outbox.awaitMap?.(row.id, rows[0].id, via.id);
  if (own >= 0) {
    app.outbox.hold(rows[own]!.id);
    heldByTry.getStore()?.push(rows[own]!.id);
  }
  return rows;
}
