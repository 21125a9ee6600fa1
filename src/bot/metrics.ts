/**
 * What an operator watches (README "Operations"): Prometheus metrics through prom-client and a health
 * check, served on METRICS_PORT. Each bot has its own registry, so several bots in one test process
 * do not share counters.
 */
import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { onShard, type ShardScope, type Store } from '../store';

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
}

/**
 * With a shard, the gauges count its own guilds' matches and posts only, so that the shards' figures
 * add up to the bot's.
 */
export function createMetrics(store: Store, shard?: ShardScope): Metrics {
  const guildOf = new Map<string, string | undefined>();
  const mine = async (matchId: string): Promise<boolean> => {
    if (!shard) return true;
    if (!guildOf.has(matchId)) guildOf.set(matchId, (await store.matches.get(matchId))?.guildId);
    const guild = guildOf.get(matchId);
    return guild !== undefined && onShard(shard, guild);
  };
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sellsword_' });
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  new Gauge({
    name: 'sellsword_open_matches',
    help: 'Matches challenged, in setup or being played',
    registers: [registry],
    async collect() {
      this.set((await store.matches.open()).filter((row) => onShard(shard, row.guildId)).length);
    },
  });
  new Gauge({
    name: 'sellsword_outbox_waiting',
    help: 'Posts written but not yet delivered',
    registers: [registry],
    async collect() {
      let count = 0;
      for (const row of await store.outbox.pending()) if (await mine(row.matchId)) count++;
      this.set(count);
    },
  });
  return {
    registry,
    interactions: new Counter({
      name: 'sellsword_interactions_total',
      help: 'Interactions handled, by command and outcome',
      labelNames: ['command', 'outcome'],
      registers: [registry],
    }),
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
    databaseErrors: new Counter({
      name: 'sellsword_database_errors_total',
      help: 'Database errors met by interactions, by kind (busy; unavailable: unreachable, full or read-only)',
      labelNames: ['kind'],
      registers: [registry],
    }),
  };
}

/** Whether the bot is connected, holds its lease and can read its database; when not, why, in a sentence. */
export type Health = () => Promise<{ ok: boolean; checks: Record<string, boolean>; reason?: string }>;

/** `/metrics` (Prometheus text) and `/healthz` (200 or 503, with the checks as JSON) on 127.0.0.1 unless told otherwise. */
export async function serveMetrics(metrics: Metrics, health: Health, port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/healthz') {
      health().then((h) => {
        response.writeHead(h.ok ? 200 : 503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: h.ok ? 'ok' : 'unhealthy', ...h.checks, ...(h.reason ? { reason: h.reason } : {}) }));
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
