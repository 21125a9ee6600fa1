/**
 * The sandbox's web server: the page, its reads (the guild, commands, messages, files), its live
 * event stream and its actions as a player. Reads come from the fake Discord's snapshots; actions go
 * through the fake's driver to the bot.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FakeDiscord } from '../fakecord';
import { EventStream } from './event-stream';
import { serveFile } from './file-proxy';
import { PageActions } from './page-actions';
import { fakeOriginOf, mayRead, pageMessage, pageWorld } from './page-view';
import { serveFont, serveStatic } from './static-files';
import { PageRequestError, readJson, sendJson } from './web-requests';
import { DISPLAY } from '../discord/display';

export interface WebServer {
  readonly http: Server;
  close(): Promise<void>;
}

/** The user id for `?viewer=` / `?user=`, which may be a name ("alice") or an id. */
function userId(fake: FakeDiscord, ref: string | null): string {
  const user = ref ? fake.user(ref) : undefined;
  if (!user || user.bot) throw new PageRequestError(`There is no player "${ref ?? ''}".`);
  return user.id;
}

/** What the page may do with the sandbox's clock (sandbox.ts). */
export interface PageClock {
  now(): number;
  ahead(): number;
  forward(hours: number): Promise<void>;
}

/** The longest fast-forward the page asks for at once: a fortnight. */
const MAX_FORWARD_HOURS = 14 * 24;

export function createWebServer(fake: FakeDiscord, log: (line: string) => void, clock?: PageClock): WebServer {
  const events = new EventStream(fake);
  const actions = new PageActions(fake, log);
  const origin = fakeOriginOf(fake);

  const posts: Readonly<Record<string, (body: Record<string, unknown>) => Promise<unknown>>> = {
    '/api/command': (body) => actions.command(body),
    '/api/autocomplete': (body) => actions.autocomplete(body),
    '/api/click': (body) => actions.click(body),
    '/api/select': (body) => actions.select(body),
    '/api/modal': (body) => actions.modal(body),
    '/api/post': (body) => actions.post(body),
    '/api/demo': (body) => actions.demo(body),
    '/api/practice': (body) => actions.practice(body),
    '/api/league': () => actions.league(),
    '/api/clock': async (body) => {
      if (!clock) throw new PageRequestError('This sandbox has no clock to move.', 404);
      const hours = body.hours;
      if (typeof hours !== 'number' || !Number.isFinite(hours) || hours <= 0 || hours > MAX_FORWARD_HOURS)
        throw new PageRequestError(`"hours" must be a number of hours from 0 to ${MAX_FORWARD_HOURS}.`);
      await clock.forward(hours);
      return { ok: true, now: clock.now(), ahead: clock.ahead() };
    },
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    if (request.method === 'POST') {
      const action = posts[path];
      if (!action) return sendJson(response, 404, { error: `No action ${path}.` });
      return sendJson(response, 200, await action(await readJson(request)));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendJson(response, 405, { error: 'Only GET and POST are served.' });
    switch (path) {
      case '/':
        if (await serveStatic(response, 'index.html')) return;
        break;
      case '/api/world': {
        const viewer = url.searchParams.get('viewer');
        return sendJson(response, 200, pageWorld(fake, viewer ? userId(fake, viewer) : undefined));
      }
      case '/api/commands': {
        const user = userId(fake, url.searchParams.get('user'));
        // Chat-input commands only: the page's command box is for slash commands.
        return sendJson(
          response,
          200,
          fake.commandsFor(user).filter((c) => c.type === undefined || c.type === 1),
        );
      }
      case '/api/messages': {
        const channel = url.searchParams.get('channel') ?? fake.channel.id;
        const viewer = userId(fake, url.searchParams.get('viewer'));
        const found = fake.channelByRef(channel);
        if (!found || !mayRead(found, viewer)) throw new PageRequestError(`There is no channel ${channel}.`, 404);
        return sendJson(
          response,
          200,
          fake.messages(found.id, { viewer }).map((m) => pageMessage(m, origin)),
        );
      }
      case '/api/display':
        // How Discord shows a message's pictures (discord/display.ts): the page lays them out by the same numbers.
        return sendJson(response, 200, DISPLAY);
      case '/api/clock':
        return sendJson(response, 200, clock ? { now: clock.now(), ahead: clock.ahead() } : { now: Date.now(), ahead: 0 });
      case '/api/events':
        return events.subscribe(request, response, userId(fake, url.searchParams.get('viewer')));
      default: {
        const file = /^\/files\/(\d+)\/([^/]+)$/.exec(path);
        if (file && serveFile(response, fake, file[1]!, decodeURIComponent(file[2]!))) return;
        const font = /^\/fonts\/([^/]+)$/.exec(path);
        if (font && (await serveFont(response, font[1]!))) return;
        if (/^\/[\w-]+\.\w+$/.test(path) && (await serveStatic(response, path.slice(1)))) return;
      }
    }
    sendJson(response, 404, { error: `Nothing at ${path}.` });
  }

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof PageRequestError) {
        if (!response.headersSent) sendJson(response, error.status, { error: error.message });
        return;
      }
      log(`sandbox: ${request.method} ${request.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!response.headersSent) sendJson(response, 500, { error: 'The sandbox server failed; its console says why.' });
      else response.end();
    });
  });

  return {
    http,
    async close() {
      events.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/**
 * Listens on `port` (0 for any), or on a free port when that one is taken, so a second sandbox or
 * another program on 3000 does not stop it starting.
 */
export async function listen(http: Server, port: number, host: string): Promise<number> {
  const attempt = (p: number) =>
    new Promise<number>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      http.once('error', failed);
      http.listen(p, host, () => {
        http.off('error', failed);
        const address = http.address();
        resolve(typeof address === 'object' && address ? address.port : p);
      });
    });
  try {
    return await attempt(port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw error;
    return attempt(0);
  }
}
