/**
 * Every REST request under `/api`, kept so a test can count what the bot sent (how many times a
 * message was posted, say) and see what it was answered, faults included. Bounded, so a sandbox
 * left running does not grow without end.
 */
import { FakeDiscordError } from './errors';
import { matchRoute, parseRoutePattern } from './http-router';
import type { RecordedRequest } from './types';

const LIMIT = 10_000;

/** A request being served; the server fills in what happens to it. */
export interface RequestEntry {
  route: string | null;
  body: Readonly<Record<string, unknown>>;
  files: number;
  status: number | null;
  handled: boolean;
  fault: boolean;
  authorized: boolean;
}

interface Stored extends RequestEntry {
  readonly method: string;
  readonly path: string;
  readonly at: number;
}

export class RequestLog {
  readonly #entries: Stored[] = [];

  constructor(private readonly clock: () => number) {}

  begin(method: string, path: string, authorized: boolean): RequestEntry {
    const entry: Stored = { method, path, at: this.clock(), route: null, body: {}, files: 0, status: null, handled: false, fault: false, authorized };
    this.#entries.push(entry);
    if (this.#entries.length > LIMIT) this.#entries.shift();
    return entry;
  }

  list(route?: string): RecordedRequest[] {
    const pattern = route === undefined ? undefined : parseRoutePattern(route);
    if (route !== undefined && !pattern) {
      throw new FakeDiscordError('bad-route', `"${route}" is not a route pattern like "POST /channels/:id/messages".`);
    }
    return this.#entries
      .filter((entry) => !pattern || matchRoute(pattern, entry.method, entry.path))
      .map((entry) => ({ ...entry, body: structuredClone(entry.body) }));
  }
}
