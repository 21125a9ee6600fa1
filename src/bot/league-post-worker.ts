/**
 * Delivers a league's posts (store `league_posts`: settings changes, organisers' acts, standings
 * pictures and the edits of a pinned one), each league's in id order, as the outbox worker delivers
 * a match's: retried with backoff, given up after a number of tries or at once for an error a retry
 * cannot fix, and idempotent (a new message carries a nonce Discord enforces; an edit is the whole
 * message again). League posts are few, so one league is delivered at a time.
 */
import { clip } from '../discord/text';
import { createHash } from 'node:crypto';
import { DiscordAPIError, type Client } from 'discord.js';
import { renderLeaguePost } from '../league/league-posts';
import { messageOf } from '../commands/thread';
import { shown } from '../discord/text';
import { onShard, type LeaguePostRow, type ShardScope, type Store } from '../store';
import { classify } from './post-refusals';

const MAX_ATTEMPTS = 12;
const backoffMs = (attempts: number) => Math.min(1000 * 2 ** attempts, 300_000);
const describe = (error: unknown) => clip(error instanceof Error ? `${error.name}: ${error.message}` : String(error), 500);
const permanent = (error: unknown) => error instanceof DiscordAPIError && error.status >= 400 && error.status < 500 && error.status !== 429;

/** A nonce naming this league row, distinct from every match row's (outbox-worker.ts nonceOf). */
export const leagueNonceOf = (row: Pick<LeaguePostRow, 'leagueId' | 'id'>) =>
  createHash('sha256').update(`league:${row.leagueId}:${row.id}`).digest('base64url').slice(0, 25);

export class LeaguePostWorker {
  readonly #store: Store;
  readonly #client: Client;
  readonly #log: (message: string, error?: unknown) => void;
  readonly #now: () => number;
  /** A season's round pairings went out (or were given up): the season runner may open that round's threads now. */
  readonly #onPairings: (() => void) | undefined;
  #loop: Promise<void> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | null = null;
  #running = false;
  /** Leagues whose owner was told this process that their channel is lost (post-refusals.ts). */
  readonly #told = new Set<string>();

  /** This process's shard: it delivers the posts of leagues whose guild is on it (store/shard.ts). */
  readonly #shard: ShardScope | undefined;

  constructor(o: {
    store: Store;
    client: Client;
    log: (message: string, error?: unknown) => void;
    now?: () => number;
    shard?: ShardScope | undefined;
    onPairings?: (() => void) | undefined;
  }) {
    this.#store = o.store;
    this.#onPairings = o.onPairings;
    this.#shard = o.shard;
    this.#client = o.client;
    this.#log = o.log;
    this.#now = o.now ?? Date.now;
  }

  start(): void {
    this.#running = true;
    this.kick();
  }

  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#loop;
  }

  /** New rows (of any league): deliver what is due. */
  kick(): void {
    if (!this.#running) return;
    if (this.#loop) {
      this.#again = true;
      return;
    }
    this.#loop = this.#pass()
      .catch((error: unknown) => this.#log('league post delivery paused', error))
      .finally(() => {
        this.#loop = null;
        if (this.#again) {
          this.#again = false;
          this.kick();
        }
      });
  }

  /** Resolves when nothing due is left to deliver. */
  async drain(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      if (this.#loop) await this.#loop;
      const at = this.#now();
      let ready = false;
      for (const w of await this.#store.leaguePosts.waiting()) if (w.due <= at && (await this.#mine(w.leagueId))) ready = true;
      if (!ready || !this.#running) return;
      this.kick();
    }
  }

  async #pass(): Promise<void> {
    for (const w of await this.#store.leaguePosts.waiting()) {
      if (!this.#running) return;
      if (!(await this.#mine(w.leagueId))) continue;
      if (w.due > this.#now()) {
        this.#wake(w.due);
        continue;
      }
      for (;;) {
        const row = await this.#store.leaguePosts.head(w.leagueId);
        if (!row || row.due > this.#now() || !(await this.#deliver(row))) break;
      }
    }
  }

  /** The league's guild is on this shard (a league the store no longer knows is nobody's). */
  async #mine(leagueId: string): Promise<boolean> {
    if (!this.#shard) return true;
    const league = await this.#store.leagues.get(leagueId);
    return league !== undefined && onShard(this.#shard, league.guildId);
  }

  #wake(at: number): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.kick(), Math.max(0, at - this.#now()));
  }

  /** True when the row is done with; false when it must wait for a retry. */
  async #deliver(row: LeaguePostRow): Promise<boolean> {
    const pairings = (row.body as { pairings?: number }).pairings !== undefined;
    try {
      await this.#send(row);
      if (pairings) this.#onPairings?.();
      return true;
    } catch (error) {
      if (permanent(error) || row.attempts + 1 >= MAX_ATTEMPTS) {
        this.#log(`gave up a post for league ${row.leagueId} (league post ${row.id})`, error);
        await this.#store.leaguePosts.dropped(row.id, describe(error));
        await this.#tellOwner(row, error);
        if (pairings) this.#onPairings?.();
        return true;
      }
      const due = this.#now() + backoffMs(row.attempts);
      this.#log(`a post for league ${row.leagueId} failed; trying again (league post ${row.id})`, error);
      await this.#store.leaguePosts.failed(row.id, describe(error), due);
      this.#wake(due);
      return false;
    }
  }

  /**
   * A league post refused because the bot lost its channel (deleted, out of sight, no permission to
   * post): the server's owner is told by DM, once per league while this process runs, which channel
   * and why. Best effort: the post itself is given up either way, and a DM refused is only logged.
   */
  async #tellOwner(row: LeaguePostRow, error: unknown): Promise<void> {
    const refusal = classify(error, false);
    if (refusal.kind !== 'channel-lost' || this.#told.has(row.leagueId)) return;
    const league = await this.#store.leagues.get(row.leagueId);
    const owner = league ? this.#client.guilds.cache.get(league.guildId)?.ownerId : undefined;
    if (!owner) return;
    this.#told.add(row.leagueId);
    const content = `⚠️ The league **${shown(league!.name)}** could not post in <#${row.channelId}>, because ${refusal.why}. Its results and standings are recorded; give the bot access to that channel so its posts appear there again.`;
    await this.#client.users
      .send(owner, { content, allowedMentions: { parse: [] }, nonce: leagueNonceOf({ leagueId: `told:${row.leagueId}`, id: row.id }), enforceNonce: true })
      .catch((e: unknown) => this.#log(`could not tell the owner of league ${row.leagueId} that its channel is lost`, e));
  }

  async #send(row: LeaguePostRow): Promise<void> {
    const rendered = await renderLeaguePost(this.#store, row);
    if (rendered.to === 'skip') return this.#store.leaguePosts.dropped(row.id, rendered.reason);
    const channel = await this.#client.channels.fetch(row.channelId);
    if (!channel?.isSendable()) {
      await this.#store.leaguePosts.dropped(row.id, `channel ${row.channelId} is not one the bot can post in`);
      return;
    }
    if (rendered.to === 'edit') {
      const message = await channel.messages.fetch(rendered.messageId);
      const { content, files, allowedMentions } = messageOf(rendered.post);
      // The whole message again (the picture replaced), so a repeated edit changes nothing more.
      await message.edit({ content: content ?? null, files: files ?? [], attachments: [], allowedMentions: allowedMentions ?? { parse: [] } });
      return this.#store.leaguePosts.delivered(row.id, message.id);
    }
    const message = await channel.send({ ...messageOf(rendered.post), nonce: leagueNonceOf(row), enforceNonce: true });
    await this.#store.leaguePosts.delivered(row.id, message.id);
  }
}
