/**
 * What an operator watches (README "Operations"): Prometheus metrics through prom-client and a health
 * check, served on METRICS_PORT. Each bot has its own registry, so several bots in one test process
 * do not share counters.
 */
import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolUse, ShardScope, Store } from '../store';

export interface Metrics {
  readonly registry: Registry;
  /** Interactions by command (or `component`, `autocomplete`) and outcome: ok, refused, busy, error. */
  readonly interactions: Counter<'command' | 'outcome'>;
  readonly interactionSeconds: Histogram<'command'>;
  /** How long a change's transaction took, retries for a busy database included. */
  readonly actSeconds: Histogram;
  /** Drawing a post's pictures when it is delivered. */
  readonly renderSeconds: Histogram<'kind'>;
  /** From a post being written to the outbox to Discord having it. */
  readonly outboxLagSeconds: Histogram;
  readonly databaseErrors: Counter<'kind'>;
  /** Scheduler ticks run, and the deadlines they handled. */
  readonly schedulerTicks: Counter;
  readonly deadlinesHandled: Counter;
  /** When the last tick ended (Unix seconds): a scheduler that stopped ticking shows as an old time. */
  readonly lastTick: Gauge;
  /** Full collections a thread that handles pictures ran (bot/collect.ts), by thread: main, render. */
  readonly forcedCollections: Counter<'thread'>;
  /** A change's transaction tried again because the database was busy (commands/table.ts). */
  readonly busyRetries: Counter;
  /** Discord's rate limit held a request back: how often, and for how long in all, by scope (global or route). */
  readonly rateLimitWaits: Counter<'scope'>;
  readonly rateLimitWaitSeconds: Counter<'scope'>;
  /** From a player's interaction to the first post with a picture (the map) that its change made. */
  readonly interactionToMapSeconds: Histogram;
}

/** A deadline due this long ago and still pending counts as overdue: several ticks have passed it by. */
export const OVERDUE_MS = 60_000;

/**
 * With a shard, the gauges count its own guilds' matches, posts and deadlines only, so that the
 * shards' figures add up to the bot's. A scrape reads counts from the indexes, never a match's row
 * (store/open-work.ts). `now` is the game clock the scheduler runs on.
 */
export function createMetrics(store: Store, shard?: ShardScope, now: () => number = Date.now): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sellsword_' });
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  new Gauge({
    name: 'sellsword_open_matches',
    help: 'Matches challenged, in setup or being played',
    registers: [registry],
    async collect() {
      this.set(await store.matches.countOpen(shard));
    },
  });
  new Gauge({
    name: 'sellsword_outbox_waiting',
    help: 'Posts written but not yet delivered',
    registers: [registry],
    async collect() {
      this.set(await store.outbox.countWaiting(shard));
    },
  });
  // Both deadline gauges from one query per scrape: the first to collect reads, the second reuses it.
  let dueRead: Promise<{ due: number; overdue: number }> | null = null;
  const due = () => {
    dueRead ??= store.deadlines.countDue(now(), now() - OVERDUE_MS, shard).finally(() => setImmediate(() => (dueRead = null)));
    return dueRead;
  };
  new Gauge({
    name: 'sellsword_deadlines_due',
    help: 'Deadlines (timeouts, reminders, the practice opponent’s turns) due now and not yet handled',
    registers: [registry],
    async collect() {
      this.set((await due()).due);
    },
  });
  new Gauge({
    name: 'sellsword_deadlines_overdue',
    help: `Deadlines due more than ${OVERDUE_MS / 1000} s ago and still not handled: the scheduler is behind or stopped`,
    registers: [registry],
    async collect() {
      this.set((await due()).overdue);
    },
  });
  const connections = store.connections?.bind(store);
  if (connections) {
    const pool = (name: string, help: string, read: (use: PoolUse) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(connections()));
        },
      });
    pool('sellsword_pg_pool_connections', 'PostgreSQL connections open in the pool', (u) => u.total);
    pool('sellsword_pg_pool_idle', 'PostgreSQL connections open and idle', (u) => u.idle);
    pool('sellsword_pg_pool_waiting', 'Queries waiting for a PostgreSQL connection: the pool is too small or the database slow', (u) => u.waiting);
  }
  const counter = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  return {
    registry,
    interactions: counter('sellsword_interactions_total', 'Interactions handled, by command and outcome', ['command', 'outcome']),
    interactionSeconds: new Histogram({
      name: 'sellsword_interaction_seconds',
      help: 'Time to handle an interaction',
      labelNames: ['command'],
      buckets: seconds,
      registers: [registry],
    }),
    actSeconds: new Histogram({
      name: 'sellsword_act_transaction_seconds',
      help: 'Time of a change’s transaction, busy retries included',
      buckets: seconds,
      registers: [registry],
    }),
    renderSeconds: new Histogram({
      name: 'sellsword_render_seconds',
      help: 'Time to draw a post’s pictures',
      labelNames: ['kind'],
      buckets: seconds,
      registers: [registry],
    }),
    outboxLagSeconds: new Histogram({
      name: 'sellsword_outbox_lag_seconds',
      help: 'From a post being written to it being delivered',
      buckets: [...seconds, 30, 60, 300],
      registers: [registry],
    }),
    databaseErrors: counter(
      'sellsword_database_errors_total',
      'Database errors met by interactions, by kind (busy; unavailable: unreachable, full or read-only)',
      ['kind'],
    ),
    schedulerTicks: counter('sellsword_scheduler_ticks_total', 'Scheduler ticks run'),
    deadlinesHandled: counter('sellsword_deadlines_handled_total', 'Deadlines the scheduler acted on'),
    lastTick: new Gauge({ name: 'sellsword_scheduler_last_tick_seconds', help: 'When the last scheduler tick ended, Unix seconds', registers: [registry] }),
    forcedCollections: counter(
      'sellsword_forced_collections_total',
      'Full garbage collections a thread ran because memory outside its JavaScript heap had grown, by thread (main, render)',
      ['thread'],
    ),
    busyRetries: counter('sellsword_busy_retries_total', 'Changes tried again because the database was busy'),
    rateLimitWaits: counter('sellsword_rate_limit_waits_total', 'Requests Discord’s rate limit held back, by scope (global or route)', ['scope']),
    rateLimitWaitSeconds: counter('sellsword_rate_limit_wait_seconds_total', 'Time requests were held back by Discord’s rate limit', ['scope']),
    interactionToMapSeconds: new Histogram({
      name: 'sellsword_interaction_to_map_seconds',
      help: 'From a player’s interaction to the first post with a map (or another picture) its change made',
      buckets: [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 30],
      registers: [registry],
    }),
  };
}

/**
 * Whether the bot is connected, holds its lease and can read its database; when not, why, in a
 * sentence. `starting`: start-up's work is not done yet (the server answers from its first second).
 */
export type Health = () => Promise<{ ok: boolean; starting?: boolean; checks: Record<string, boolean>; reason?: string }>;

/**
 * `/metrics` (Prometheus text) and `/healthz` on 127.0.0.1 unless told otherwise. `/healthz` answers
 * 200 with `"status": "ok"` when ready and healthy, else 503 with `"status": "starting"` (start-up's
 * work is under way) or `"unhealthy"`, the checks and a `reason` as JSON (docs/deploy.md "Metrics").
 */
export async function serveMetrics(metrics: Metrics, health: Health, port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/healthz') {
      health().then((h) => {
        const status = h.ok ? 'ok' : h.starting ? 'starting' : 'unhealthy';
        response.writeHead(h.ok ? 200 : 503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status, ...h.checks, ...(h.reason ? { reason: h.reason } : {}) }));
      });
      return;
    }
    if (path === '/metrics') {
      metrics.registry
        .metrics()
        .then((text) => {
          response.writeHead(200, { 'content-type': metrics.registry.contentType });
          response.end(text);
        })
        .catch(() => {
          response.writeHead(500);
          response.end();
        });
      return;
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
