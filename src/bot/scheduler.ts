/**
 * The scheduler (docs/store.md "Deadlines"): every tick it claims the deadlines that have fallen due,
 * in the database, and acts on each (clock/deadline-actions.ts). There are no per-deadline timers:
 * a restart loses nothing, and at start-up whatever fell due while the bot was down is handled first.
 *
 * Claims are one `UPDATE … RETURNING` and only keep other schedulers away for a while; a deadline is
 * done when the transaction that acts on it marks it, with the same seq check as a player's act. So a
 * deadline is acted on once even with several processes, and a player acting in the same instant
 * either wins (the deadline is cancelled in their transaction) or is told the match moved on.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { App } from '../commands/app';
import { aboutMatch } from '../match/services';
import { isBusy, isDown, OUTBOX_RETENTION_MS, type DeadlineRow, type ShardScope } from '../store';
import { outagePauseMs } from './outbox-worker';
import { handleDeadline, type Handled } from '../clock/deadline-actions';
import { planWaits } from '../clock/deadline-plan';
import { inTransaction } from '../match/table';
import { openPendingThreads } from '../commands/skirmish/match-thread';

export interface SchedulerOptions {
  /** How often to look for due deadlines (default 10 s). */
  readonly tickMs?: number;
  /** How many deadlines one claim takes (default 500); a tick claims again while it fills its batch. */
  readonly batch?: number;
  /** A sharded bot's shard: only deadlines of matches of its own guilds are claimed (store/shard.ts). */
  readonly shard?: ShardScope;
  /** Told after each tick (the bot's metrics). */
  readonly onTick?: (report: TickReport) => void;
}

export interface TickReport {
  readonly claimed: number;
  readonly handled: readonly Handled[];
}

export const DEFAULT_TICK_MS = 10_000;

/** How often, by the game clock, the outbox's delivered rows past their retention are pruned. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Batches of outbox rows one prune deletes at most (a backlog goes over several hours). */
const PRUNE_BATCHES = 20;
const PRUNE_BATCH = 1000;
/** Finished matches one batch packs (each is read whole and compressed: a few milliseconds). */
const RETIRE_BATCH = 50;

/** Matches without deadlines looked at per query at start-up. */
const START_PAGE = 200;

/** Deadlines handled in one commit: few enough that an interaction waits at most a few tens of ms behind them. */
const PER_COMMIT = 20;

export class Scheduler {
  readonly #app: App;
  readonly #tickMs: number;
  readonly #batch: number;
  readonly #shard: ShardScope | undefined;
  readonly #onTick: ((report: TickReport) => void) | undefined;
  #timer: NodeJS.Timeout | null = null;
  /** Set by stop(): a tick in progress ends after the deadline it is handling. */
  #stopped = false;
  /** Ticks run one after another, never two at once in one process. */
  #chain: Promise<unknown> = Promise.resolve();
  #soonQueued = false;
  /** Claims that failed in a row because the database was down, and the time (Date.now) before which ticks do nothing. */
  #outage = 0;
  #restUntil = 0;
  /** The game time before which the outbox is not pruned again. */
  #nextPrune = 0;

  constructor(app: App, options: SchedulerOptions = {}) {
    this.#app = app;
    this.#tickMs = options.tickMs ?? DEFAULT_TICK_MS;
    this.#batch = options.batch ?? 500;
    this.#shard = options.shard;
    this.#onTick = options.onTick;
  }

  get tickMs(): number {
    return this.#tickMs;
  }

  /**
   * Starts ticking. First, the waits of open matches that have no deadline yet (made before deadlines
   * existed) get one, and claims left by a process that died are released: the database's lease says
   * this is the only bot on it (a shard's lease: the only process for its guilds, whose claims alone
   * it releases). Then the first tick handles whatever fell due while the bot was down.
   */
  async start(): Promise<TickReport> {
    this.#stopped = false;
    const store = this.#app.store;
    await store.deadlines.releaseClaims(this.#shard);
    // Only the open matches with no pending deadline are read (open-work.ts), a page at a time: paged
    // by id, since a match with nothing to wait for stays without one.
    for (let after = ''; ; ) {
      const page = await store.matches.withoutDeadlines({ after, limit: START_PAGE, shard: this.#shard });
      for (const ref of page) {
        try {
          await inTransaction(this.#app, async () => {
            const fresh = await store.matches.get(ref.id);
            if (fresh) await planWaits(store, this.#app.now(), fresh);
          });
        } catch (error) {
          this.#app.log(`could not give match ${ref.id} its deadlines`, error, aboutMatch(ref));
        }
      }
      if (page.length < START_PAGE) break;
      after = page.at(-1)!.id;
    }
    this.#timer = setInterval(() => void this.tick().catch((error: unknown) => this.#app.log('a scheduler tick failed', error)), this.#tickMs);
    this.#timer.unref?.();
    return this.tick();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    // The chain never rejects (below); a tick's own failure reached its caller, and the timer's is logged.
    await this.#chain.catch(() => undefined);
  }

  /** Looks for due deadlines now (tests and the sandbox's fast-forward call it); resolves when they are handled. */
  tick(): Promise<TickReport> {
    const run = this.#chain.then(async () => {
      const report = await this.#tick();
      this.#onTick?.(report);
      return report;
    });
    // The chain only orders ticks: a failed tick is reported to whoever called it (the timer logs it),
    // and must not fail every tick after it.
    this.#chain = run.catch(() => undefined);
    return run;
  }

  /**
   * A tick as soon as the current work is done (App.dueNow: a deadline planned already due, the
   * practice opponent's turn). Several calls before it runs make one tick; none while stopped.
   */
  soon(): void {
    if (this.#soonQueued || this.#stopped || !this.#timer) return;
    this.#soonQueued = true;
    setImmediate(() => {
      this.#soonQueued = false;
      void this.tick().catch((error: unknown) => this.#app.log('a scheduler tick failed', error));
    });
  }

  /** Resolves when no tick is running. */
  async idle(): Promise<void> {
    await this.#chain;
  }

  /**
   * After a claim failed because the database is down (store/trouble.ts), ticks rest for a growing
   * while (the outbox's pauses: 1 s, 2 s … 30 s) instead of failing every tick; a busy database is
   * simply looked at again next tick.
   */
  #rest(error: unknown): string {
    if (!isDown(error)) return 'the next tick looks again';
    this.#outage++;
    const pause = outagePauseMs(this.#outage);
    this.#restUntil = Date.now() + pause;
    return `the database is down; looking again in ${pause / 1000} s`;
  }

  async #tick(): Promise<TickReport> {
    const app = this.#app;
    let claimed = 0;
    const handled: Handled[] = [];
    if (Date.now() < this.#restUntil) return { claimed, handled };
    for (;;) {
      const now = app.now();
      let due: DeadlineRow[];
      try {
        due = await app.store.deadlines.claim(now, now + this.#tickMs, this.#batch, this.#shard);
        this.#outage = 0;
      } catch (error) {
        app.log(`the scheduler could not claim deadlines (${this.#rest(error)})`, error);
        if (this.#outage > 0) return { claimed, handled };
        break;
      }
      claimed += due.length;
      for (let i = 0; i < due.length && !this.#stopped; i += PER_COMMIT) {
        const chunk = due.slice(i, i + PER_COMMIT);
        try {
          // Several deadlines share a commit (one write to disk instead of many), each in its own
          // savepoint: one that fails is rolled back alone and stays claimed for a later tick.
          // One after another: each savepoint must be released before the next begins.
          const done = await inTransaction(app, async () => {
            const handledHere: (Handled | null)[] = [];
            for (const d of chunk) {
              try {
                handledHere.push(await app.store.transaction(() => handleDeadline(app, d)));
              } catch (error) {
                // A lock another connection holds (an act on the same match): the whole commit is tried
                // again after a pause (match/table.ts), which rolls back and redoes the chunk's others.
                if (isBusy(error)) throw error;
                app.log(`deadline ${d.id} of match ${d.matchId} could not be handled`, error, {
                  matchId: d.matchId,
                  // Only context for the line being written about that failure: without the row, the line goes without its guild.
                  guildId: (await app.store.matches.get(d.matchId).catch(() => undefined))?.guildId,
                  deadline: d.id,
                });
                handledHere.push(null);
              }
            }
            return handledHere;
          });
          for (const h of done) {
            if (!h) continue;
            handled.push(h);
            app.outbox.kick(h.matchId);
          }
        } catch (error) {
          // A busy database: left claimed, so once the claim runs out a later tick tries again.
          app.log(`${chunk.length} deadlines could not be handled now`, error);
        }
        // Interactions go on between commits: a tick with many due deadlines must not freeze the bot.
        await yieldToLoop();
      }
      if (due.length < this.#batch || this.#stopped) break;
    }
    // Matches saved before their thread was made (a crash, Discord failing or refusing): their threads,
    // each try after a growing pause (match-thread.ts). Before the seasons, which then begin their setup.
    if (!this.#stopped) await openPendingThreads(app).catch((error: unknown) => app.log('could not open pending match threads', error));
    // League seasons move by the clock too: sign-ups closing, round deadlines (season-runner.ts).
    if (!this.#stopped && app.seasons) await app.seasons.run();
    if (!this.#stopped) await this.#prune().catch((error: unknown) => app.log('could not prune delivered outbox rows or pack finished matches', error));
    return { claimed, handled };
  }

  /**
   * Past their retention, at most once an hour: delivered outbox rows (store/outbox.ts prunable), a
   * batch per commit; then finished matches' logs packed and their done reminders dropped
   * (store/match-logs.ts), a match per commit.
   */
  async #prune(): Promise<void> {
    const now = this.#app.now();
    if (now < this.#nextPrune) return;
    this.#nextPrune = now + PRUNE_EVERY_MS;
    for (let i = 0; i < PRUNE_BATCHES && !this.#stopped; i++) {
      if ((await this.#app.store.outbox.prune(OUTBOX_RETENTION_MS, PRUNE_BATCH)) < PRUNE_BATCH) break;
      await yieldToLoop();
    }
    for (let i = 0; i < PRUNE_BATCHES && !this.#stopped; i++) {
      if ((await this.#app.store.matches.retire(OUTBOX_RETENTION_MS, RETIRE_BATCH)) < RETIRE_BATCH) return;
      await yieldToLoop();
    }
  }
}
