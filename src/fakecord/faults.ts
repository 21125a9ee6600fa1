/**
 * Faults for tests: rules that make the fake answer a request with a 5xx or a 429, answer it late,
 * or hold it until the test lets it go, before or after the request has been carried out. This is
 * what a bot's retry and delivery logic needs to be tested against: Discord storing a message and
 * then answering 502, a rate limit, a request in flight when the bot process dies.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { FakeDiscordError } from './errors';
import { matchRoute, parseRoutePattern, type RestReply, type RoutePattern } from './http-router';
import type { FakeFaults, FaultHandle, FaultRequest, FaultRule, FaultStatus } from './types';
import { waitUntil } from './waiting';

const REASONS: Readonly<Record<FaultStatus, string>> = {
  429: 'You are being rate limited.',
  500: '500: Internal Server Error',
  502: '502: Bad Gateway',
  503: '503: Service Unavailable',
  504: '504: Gateway Timeout',
};

/** How a hold ended. */
type HoldEnd = { readonly dropped: false } | { readonly dropped: true; readonly reset: boolean };

/** The request a rule is tried against (the fault's view plus nothing else). */
export type CandidateRequest = Omit<FaultRequest, 'params'>;

/** What the server lets a fault do with one request. */
export interface Exchange {
  /** Carries the request out (once) and gives its answer, error answers included. */
  handle(): Promise<RestReply>;
  respond(reply: RestReply): void;
  /** Ends the connection without an answer. */
  drop(reset: boolean): void;
}

class Fault implements FaultHandle {
  hits = 0;
  removed = false;
  #arrived = 0;
  #hold: HoldEnd | null = null;
  readonly #holders = new Set<(end: HoldEnd) => void>();
  readonly #listeners = new Set<() => void>();

  constructor(
    readonly rule: FaultRule,
    readonly pattern: RoutePattern,
  ) {}

  reached(count = 1, timeoutMs = 5000): Promise<void> {
    return waitUntil(() => this.#arrived >= count || undefined, {
      timeoutMs,
      subscribe: (onChange) => {
        this.#listeners.add(onChange);
        return () => this.#listeners.delete(onChange);
      },
      explain: () => `Fault "${this.rule.route}": ${this.#arrived} of ${count} request(s) reached it within ${timeoutMs} ms.`,
    }).then(() => undefined);
  }

  release(): void {
    this.#end({ dropped: false });
  }

  drop(options: { reset?: boolean } = {}): void {
    this.#end({ dropped: true, reset: options.reset ?? false });
  }

  remove(): void {
    this.removed = true;
    this.release();
  }

  arrive(): void {
    this.#arrived += 1;
    for (const listener of [...this.#listeners]) listener();
  }

  /** Waits for the test to release or drop (at once if it already has). */
  holdEnd(): Promise<HoldEnd> {
    if (this.#hold) return Promise.resolve(this.#hold);
    return new Promise((resolve) => this.#holders.add(resolve));
  }

  #end(end: HoldEnd): void {
    // The first word on a hold stands: a drop after a release (or the reverse) changes nothing.
    if (this.#hold) return;
    this.#hold = end;
    for (const resolve of this.#holders) resolve(end);
    this.#holders.clear();
  }
}

function checkRule(rule: FaultRule): RoutePattern {
  const pattern = parseRoutePattern(rule.route);
  const bad = (why: string): FakeDiscordError => new FakeDiscordError('bad-fault', `Fault "${rule.route}": ${why}`);
  if (!pattern) throw bad('the route must look like "POST /channels/:id/messages".');
  if (rule.status !== undefined && !(rule.status in REASONS)) throw bad(`status ${String(rule.status)} is not one of 429, 500, 502, 503, 504.`);
  const times = rule.times ?? 1;
  if (!(times >= 1) || (!Number.isInteger(times) && times !== Number.POSITIVE_INFINITY)) throw bad('times must be a whole number ≥ 1, or Infinity.');
  if (rule.delayMs !== undefined && !(rule.delayMs >= 0)) throw bad('delayMs must be ≥ 0.');
  if (rule.retryAfter !== undefined && (rule.status !== 429 || !(rule.retryAfter > 0))) {
    throw bad('retryAfter (seconds, > 0) goes with status 429.');
  }
  if (rule.global !== undefined && rule.status !== 429) throw bad('global goes with status 429.');
  return pattern;
}

/**
 * A fault's answer. A 429 carries what discord.js reads: `Retry-After` (seconds; fractions are
 * allowed so tests wait briefly, where Discord sends whole seconds), `X-RateLimit-Remaining: 0` and
 * `X-RateLimit-Reset-After` for the route's bucket, or `X-RateLimit-Global` for a global limit. No
 * `X-RateLimit-Bucket`: a new bucket hash would send the bot's next requests to a fresh queue, ahead
 * of the one waiting to retry, which Discord's stable hashes never do.
 */
function faultReply(status: FaultStatus, rule: FaultRule, now: number): RestReply {
  if (status !== 429) return { status, body: { message: REASONS[status], code: 0 } };
  const seconds = rule.retryAfter ?? 0.2;
  const global = rule.global === true;
  const headers: Record<string, string> = global
    ? { 'retry-after': String(seconds), 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' }
    : {
        'retry-after': String(seconds),
        'x-ratelimit-limit': '5',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': (now / 1000 + seconds).toFixed(3),
        'x-ratelimit-reset-after': String(seconds),
        'x-ratelimit-scope': 'user',
      };
  return { status, headers, body: { message: REASONS[429], retry_after: seconds, global } };
}

export class FaultBook implements FakeFaults {
  #faults: Fault[] = [];

  constructor(private readonly clock: () => number) {}

  add(rule: FaultRule): FaultHandle {
    const fault = new Fault(rule, checkRule(rule));
    this.#faults.push(fault);
    return fault;
  }

  clear(): void {
    for (const fault of this.#faults) fault.remove();
    this.#faults = [];
  }

  /** The fault that takes this request, its hit counted; undefined when no rule does. */
  take(request: CandidateRequest): Fault | undefined {
    for (const fault of this.#faults) {
      if (fault.removed || fault.hits >= (fault.rule.times ?? 1)) continue;
      const params = matchRoute(fault.pattern, request.method, request.path);
      if (!params) continue;
      if (fault.rule.when) {
        let accepted = false;
        try {
          accepted = fault.rule.when({ ...request, params });
        } catch (error) {
          console.error(`fakecord: the "when" of fault "${fault.rule.route}" threw; treated as no match`, error);
        }
        if (!accepted) continue;
      }
      fault.hits += 1;
      return fault;
    }
    return undefined;
  }

  async apply(fault: Fault, exchange: Exchange): Promise<void> {
    const { rule } = fault;
    const handled = rule.after === true ? await exchange.handle() : undefined;
    fault.arrive();
    if (rule.hold === true) {
      const end = await fault.holdEnd();
      if (end.dropped) {
        exchange.drop(end.reset);
        return;
      }
    }
    if (rule.delayMs) await sleep(rule.delayMs);
    if (rule.status !== undefined) {
      exchange.respond(faultReply(rule.status, rule, this.clock()));
      return;
    }
    exchange.respond(handled ?? (await exchange.handle()));
  }

  /** The fake is closing: nothing stays held. */
  dropAll(): void {
    for (const fault of this.#faults) fault.drop();
  }
}
