/**
 * One REST rate limiter for every shard (docs/deploy.md "Shards"). Discord's global limit, 50 requests
 * a second per bot, counts every shard's requests together, and each process's discord.js REST only
 * knows its own. So the sharding manager runs this proxy and points every shard's REST at it: each
 * request is queued through one @discordjs/rest instance, whose route buckets and global limit are
 * discord.js's own, and sent on to Discord with the shard's own Authorization header.
 *
 * Like @discordjs/proxy, which this follows, but the request body is read in full first: the REST
 * queue may send a request again after a 429, and a body passed through as a stream could be sent
 * only once. A 5xx is not retried here (retries: 0): the shard's own client retries it, as it would
 * against Discord. Rate-limit headers are not passed back, so the shards keep no buckets of their own
 * and leave the waiting to the proxy.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DiscordAPIError, HTTPError, RateLimitError, REST, type RequestMethod } from '@discordjs/rest';

export interface RestProxyOptions {
  /** Where requests go on to: Discord's API (default) or DISCORD_API_BASE, e.g. http://127.0.0.1:PORT/api. */
  readonly api?: string | undefined;
  /** Discord's global limit (default 50, Discord's own). */
  readonly globalRequestsPerSecond?: number;
}

export interface RestProxy {
  /** Give this to each shard as its REST base (`rest.api`): `http://127.0.0.1:PORT/api`. */
  readonly url: string;
  /** The queue itself, for its events (rateLimited). */
  readonly rest: REST;
  close(): Promise<void>;
}

/** Headers not copied back: rate-limit state stays in the proxy; the body's framing is the proxy's own. */
const DROPPED = /^(x-ratelimit|content-length$|content-encoding$|transfer-encoding$|connection$|keep-alive$)/i;

async function readAll(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function forward(rest: REST, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://proxy');
  const fullRoute = url.pathname.replace(/^\/api(\/v\d+)?/, '') as `/${string}`;
  const method = (request.method ?? 'GET').toUpperCase() as RequestMethod;
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'authorization', 'x-audit-log-reason']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const body = await readAll(request);
  try {
    const answer = await rest.queueRequest({
      fullRoute,
      method,
      ...(body.length > 0 ? { body, passThroughBody: true } : {}),
      query: url.searchParams,
      headers,
      // The shard's own Authorization header goes on; interaction callbacks carry none.
      auth: false,
    });
    response.statusCode = answer.status;
    for (const [name, value] of answer.headers) if (!DROPPED.test(name)) response.setHeader(name, value);
    response.end(Buffer.from(await answer.arrayBuffer()));
  } catch (error) {
    if (error instanceof DiscordAPIError || error instanceof HTTPError) {
      response.statusCode = error.status;
      if (error instanceof DiscordAPIError) {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(error.rawError));
      } else response.end();
    } else if (error instanceof RateLimitError) {
      response.statusCode = 429;
      response.setHeader('retry-after', String(error.timeToReset / 1000));
      response.end();
    } else {
      // Discord did not answer in time, or the connection failed: the shard's client retries a 504.
      response.statusCode = 504;
      response.end();
    }
  }
}

export async function startRestProxy(options: RestProxyOptions = {}): Promise<RestProxy> {
  const rest = new REST({
    ...(options.api ? { api: options.api } : {}),
    retries: 0,
    globalRequestsPerSecond: options.globalRequestsPerSecond ?? 50,
  });
  const server: Server = createServer((request, response) => {
    void forward(rest, request, response).catch(() => {
      if (!response.headersSent) response.statusCode = 502;
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    rest,
    close: () =>
      new Promise<void>((resolve) => {
        rest.clearHashSweeper();
        rest.clearHandlerSweeper();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
