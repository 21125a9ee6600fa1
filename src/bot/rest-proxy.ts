/**
 * One REST rate limiter for every shard of a bot (docs/deploy.md "Shards"). Discord's global limit, 50
 * requests a second per bot, counts every shard's requests together, and each process's discord.js
 * REST only knows its own. So every shard points its REST (`rest.api`) at this proxy, the discord.js
 * organisation's own `@discordjs/proxy`: each request is queued through one @discordjs/rest instance,
 * whose route buckets and global limit are discord.js's own, and sent on with the shard's own
 * Authorization header. A single machine's manager runs one in its own process; several machines run
 * one of them as a process of its own (`node dist/start.js rest-proxy`) and point every manager at it.
 *
 * Two things are added around @discordjs/proxy's handler:
 * - The request body is read in full first and handed on as a buffer: the REST queue sends a request
 *   again after a 429 or a 5xx, and a body passed through as a stream could be sent only once.
 * - The answer's framing headers (length, encoding) are the proxy's own: @discordjs/rest hands back a
 *   decoded body, so Discord's would not describe it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proxyRequests } from '@discordjs/proxy';
import { REST } from '@discordjs/rest';

export interface RestProxyOptions {
  /** Where requests go on to: Discord's API (default) or DISCORD_API_BASE, e.g. http://127.0.0.1:PORT/api. */
  readonly api?: string | undefined;
  /** Discord's global limit (default 50, Discord's own). */
  readonly globalRequestsPerSecond?: number;
  /** Where to listen: 127.0.0.1 and a free port by default (REST_PROXY_HOST, REST_PROXY_PORT). */
  readonly host?: string;
  readonly port?: number;
  /** Where a request that could not reach Discord is reported; standard error by default. */
  readonly log?: (message: string, error: unknown) => void;
}

const logToStderr = (message: string, error: unknown) => console.error(`${message}: ${error instanceof Error ? error.message : String(error)}`);

export interface RestProxy {
  /** Give this to each shard as its REST base (`rest.api`): `http://HOST:PORT/api`. */
  readonly url: string;
  /** The queue itself, for its events (rateLimited). */
  readonly rest: REST;
  close(): Promise<void>;
}

/** Headers the proxy sets itself, never copied from Discord's answer. */
const FRAMING = /^(content-length|content-encoding|transfer-encoding|connection|keep-alive)$/i;

async function readAll(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The request as @discordjs/proxy reads it (method, url, headers, and itself as the body), with the
 * body a buffer that can be sent more than once.
 */
async function replayable(request: IncomingMessage): Promise<IncomingMessage> {
  const body = await readAll(request);
  return Object.assign(body, { method: request.method, url: request.url, headers: request.headers }) as unknown as IncomingMessage;
}

/** The response, keeping Discord's framing headers out. */
function withOwnFraming(response: ServerResponse): ServerResponse {
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name: string, value: number | string | readonly string[]) => (FRAMING.test(name) ? response : setHeader(name, value));
  return response;
}

/** How a process on this machine reaches an address the proxy listens on. */
function reachable(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startRestProxy(options: RestProxyOptions = {}): Promise<RestProxy> {
  const rest = new REST({
    ...(options.api ? { api: options.api } : {}),
    // A 5xx is not retried here: the shard's own client retries it, as it would against Discord.
    retries: 0,
    globalRequestsPerSecond: options.globalRequestsPerSecond ?? 50,
  });
  const handle = proxyRequests(rest);
  const server: Server = createServer((request, response) => {
    void replayable(request)
      .then((whole) => handle(whole, withOwnFraming(response)))
      .catch((error: unknown) => {
        // Discord could not be reached at all: a 502 the shard's client retries, and a line for the operator.
        (options.log ?? logToStderr)(`REST proxy: ${request.method} ${request.url} could not reach Discord`, error);
        if (!response.headersSent) response.statusCode = 502;
        response.end();
      });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${reachable(host)}:${port}/api`,
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
