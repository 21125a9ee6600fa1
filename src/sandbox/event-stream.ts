/**
 * Live updates for the page as server-sent events, fed by the fake Discord's own events. Each page
 * subscribes as the player it shows, and gets only what that player may see: another player's
 * ephemeral replies and direct messages never leave the server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeChannel, FakeDiscord, FakeMessage } from '../fakecord';
import { fakeOriginOf, mayRead, pageMessage, visibleTo } from './page-view';

interface Subscriber {
  readonly response: ServerResponse;
  readonly viewer: string;
}

/** Proxies and browsers drop a silent connection; a comment line every so often keeps it open. */
const KEEP_ALIVE_MS = 15_000;

export class EventStream {
  readonly #subscribers = new Set<Subscriber>();
  readonly #stops: (() => void)[] = [];
  readonly #keepAlive: NodeJS.Timeout;

  constructor(fake: FakeDiscord) {
    const origin = fakeOriginOf(fake);
    const message = (m: FakeMessage) => {
      const view = pageMessage(m, origin);
      this.#send('message', view, (viewer) => visibleTo(fake, m, viewer));
    };
    const channel = (c: FakeChannel) => this.#send('channel', c, (viewer) => mayRead(c, viewer));
    this.#stops.push(
      fake.on('message-create', message),
      fake.on('message-update', message),
      fake.on('message-delete', (m) => this.#send('message-delete', m)),
      fake.on('channel-create', channel),
      fake.on('channel-update', channel),
      fake.on('commands', () => this.#send('commands', {})),
    );
    this.#keepAlive = setInterval(() => {
      for (const s of this.#subscribers) s.response.write(': keep-alive\n\n');
    }, KEEP_ALIVE_MS);
  }

  /** Holds the response open as an event stream for `viewer` (a user id). */
  subscribe(request: IncomingMessage, response: ServerResponse, viewer: string): void {
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    // Tells the page the stream is live, so it can reload what it may have missed while reconnecting.
    response.write('event: hello\ndata: {}\n\n');
    const subscriber = { response, viewer };
    this.#subscribers.add(subscriber);
    request.once('close', () => this.#subscribers.delete(subscriber));
  }

  close(): void {
    clearInterval(this.#keepAlive);
    for (const stop of this.#stops.splice(0)) stop();
    for (const s of this.#subscribers) s.response.end();
    this.#subscribers.clear();
  }

  #send(event: string, data: unknown, maySee: (viewer: string) => boolean = () => true): void {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const s of this.#subscribers) if (maySee(s.viewer)) s.response.write(frame);
  }
}
