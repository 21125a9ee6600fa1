/**
 * Delivers a league's own posts (`league_posts`: season news, pairings, round and final standings),
 * the league channel's outbox outside any match, as the outbox worker delivers a match's: rows of one
 * league in id order, each with a nonce Discord enforces (a repeat after a crash is not posted twice),
 * a failed try retried later, an error no retry can fix given up with its reason. Text posts only
 * (`{ kind: 'text', content, ping }`); a body of another kind is left for whatever delivers it.
 */
import { createHash } from 'node:crypto';
import { DiscordAPIError, type Client } from 'discord.js';
import { messageOf } from '../commands/thread';
import type { Store } from '../store';
import type { LeaguePostRow } from '../store/rows';

interface TextBody {
  readonly kind: 'text';
  readonly content: string;
  readonly ping?: readonly string[];
}

const isText = (body: unknown): body is TextBody =>
  typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === 'text' && typeof (body as { content?: unknown }).content === 'string';

const MAX_ATTEMPTS = 12;
const backoffMs = (attempts: number) => Math.min(1000 * 2 ** attempts, 300_000);
const nonceOf = (row: LeaguePostRow) => createHash('sha256').update(`league:${row.leagueId}:${row.id}`).digest('base64url').slice(0, 25);
const permanent = (error: unknown) => error instanceof DiscordAPIError && error.status >= 400 && error.status < 500 && error.status !== 429;
const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);

export class LeaguePostWorker {
  readonly #store: Store;
  readonly #client: Client;
  readonly #log: (message: string, error?: unknown) => void;
  readonly #now: () => number;
  #chain: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | null = null;
  #running = false;

  constructor(options: { store: Store; client: Client; log: (message: string, error?: unknown) => void; now?: () => number }) {
    this.#store = options.store;
    this.#client = options.client;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
  }

  start(): void {
    this.#running = true;
    this.kick();
  }

  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#chain;
  }

  /** New rows: deliver them (one pass at a time). */
  kick(): void {
    if (!this.#running) return;
    this.#chain = this.#chain.then(() => this.#pass()).catch((error: unknown) => this.#log('league posts could not be delivered', error));
  }

  /** Resolves when the rows due now are delivered. */
  async drain(): Promise<void> {
    await this.#chain;
  }

  async #pass(): Promise<void> {
    for (const { leagueId, due } of await this.#store.leaguePosts.waiting()) {
      if (due > this.#now()) {
        this.#retryAt(due);
        continue;
      }
      for (;;) {
        const row = await this.#store.leaguePosts.head(leagueId);
        if (!row || row.due > this.#now() || !this.#running) break;
        if (!(await this.#deliver(row))) break;
      }
    }
  }

  #retryAt(at: number): void {
    if (this.#timer || !this.#running) return;
    this.#timer = setTimeout(
      () => {
        this.#timer = null;
        this.kick();
      },
      Math.max(0, at - this.#now()),
    );
    this.#timer.unref?.();
  }

  async #deliver(row: LeaguePostRow): Promise<boolean> {
    if (!isText(row.body)) {
      await this.#store.leaguePosts.dropped(row.id, 'not a text post');
      return true;
    }
    try {
      const channel = await this.#client.channels.fetch(row.channelId);
      if (!channel?.isSendable()) {
        await this.#store.leaguePosts.dropped(row.id, `channel ${row.channelId} is not one the bot can post in`);
        return true;
      }
      const message = await channel.send({ ...messageOf({ content: row.body.content, ping: row.body.ping ?? [] }), nonce: nonceOf(row), enforceNonce: true });
      await this.#store.leaguePosts.delivered(row.id, message.id);
      return true;
    } catch (error) {
      if (permanent(error) || row.attempts + 1 >= MAX_ATTEMPTS) {
        this.#log(`gave up a league post (league ${row.leagueId}, row ${row.id})`, error);
        await this.#store.leaguePosts.dropped(row.id, describe(error));
        return true;
      }
      const due = this.#now() + backoffMs(row.attempts);
      await this.#store.leaguePosts.failed(row.id, describe(error), due);
      this.#retryAt(due);
      return false;
    }
  }
}
