/**
 * Delivers the outbox (docs/store.md "The outbox"): every row a change wrote is sent to Discord and
 * marked done with the message id, in id order within a match, several matches at a time. A failure is
 * retried with backoff, and rows still waiting when the bot starts are delivered then, so a crash or
 * an outage loses no post. Every delivery may be a repeat of one that reached Discord before the bot
 * heard back, so each is idempotent: new messages carry a nonce that Discord enforces, edits check
 * what the message already says, and an act's reply asks Discord whether the reply went out
 * (interaction-reply.ts, which never sends the bot token to an interaction's webhook).
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SnowflakeUtil, type Client, type Message, type MessageCreateOptions, type SendableChannels } from 'discord.js';
import type { Log, LogContext, OutboxControl } from '../match/services';
import type { PostBody } from '../posts/post-body';
import { renderBody, type Renderer } from '../commands/post-render';
import { retirements } from '../posts/announce';
import { messageOf } from '../commands/thread';
import { clip } from '../discord/text';
import { answeredText } from '../posts/answered-text';
import { isDown, onShard, type OutboxRow, type ShardScope, type Store } from '../store';
import { settleLeagueResult } from '../posts/league-result-post';
import { noticeNoFiles, pauseForLostThread, tellLeagueChannelLost } from '../posts/post-trouble';
import type { Rendered } from '../commands/post-render';
import type { OutboxOutcome } from '../store';
import { interactionReply } from './interaction-reply';
import { LeaguePostWorker } from './league-post-worker';
import { findOwnPost, findPromptPost } from './post-lookup';
import { classify, withoutFiles } from './post-refusals';

export interface OutboxWorkerOptions {
  readonly store: Store;
  readonly client: Client;
  readonly log: Log;
  /** Matches delivered at the same time (each match's rows stay in order). */
  readonly concurrency?: number;
  /** Draws the pictures (the render pool); without it they are drawn on this thread. */
  readonly renderer?: Renderer;
  readonly now?: () => number;
  /** The game clock deadlines run on (`App.now`): a paused match's time is counted on it. Default `now`. */
  readonly gameClock?: () => number;
  /**
   * A sharded bot's shard: only posts of matches of its own guilds are delivered here; each other
   * shard delivers its own, so a match's posts still go out once and in order (store/shard.ts).
   */
  readonly shard?: ShardScope;
  /** Reports how long drawing and delivering took (the bot's metrics). */
  readonly observe?: {
    render(kind: string, seconds: number): void;
    delivered(lagSeconds: number): void;
    /** The first post with a picture made by a player's interaction went out, this long after the interaction. */
    map?(seconds: number): void;
  };
  /**
   * A league result (or a round's pairings) was posted: its season may move on now (the season runner
   * waits for the post, so the league reads in order).
   */
  readonly onLeagueResult?: () => void;
}

/** After this many failed tries a row is given up, so one broken post cannot stall its match for ever. */
const MAX_ATTEMPTS = 12;
/** 1 s, 2 s, 4 s … at most 5 minutes between tries: about half an hour in all before giving up. */
const backoffMs = (attempts: number) => Math.min(1000 * 2 ** attempts, 300_000);
/**
 * While the database is down (store/trouble.ts), the whole worker waits before it looks again: 1 s,
 * 2 s, 4 s … at most 30 s after that many failures in a row, so an outage is neither a hot loop of
 * errors nor a long wait once the database is back.
 */
export const outagePauseMs = (failures: number) => Math.min(1000 * 2 ** Math.max(0, failures - 1), 30_000);
/** Also look for due rows this often, in case a row was written without a kick (another tool). */
const POLL_MS = 30_000;

/** The row's channel is not one the bot can post in (gone, or not a text channel). */
class Undeliverable extends Error {
  override name = 'Undeliverable';
}

const describe = (error: unknown) => clip(error instanceof Error ? `${error.name}: ${error.message}` : String(error), 500);

/** A message nonce (at most 25 characters) that names this row in this database, and nothing else. */
export const nonceOf = (row: Pick<OutboxRow, 'matchId' | 'id'>) => createHash('sha256').update(`${row.matchId}:${row.id}`).digest('base64url').slice(0, 25);

export class OutboxWorker implements OutboxControl {
  readonly #store: Store;
  readonly #client: Client;
  readonly #log: OutboxWorkerOptions['log'];
  readonly #concurrency: number;
  readonly #renderer: Renderer | undefined;
  readonly #now: () => number;
  readonly #gameClock: () => number;
  readonly #observe: OutboxWorkerOptions['observe'];
  readonly #onLeagueResult: OutboxWorkerOptions['onLeagueResult'];
  readonly #shard: ShardScope | undefined;
  readonly #owned = new Map<string, boolean>();
  readonly #held = new Set<number>();
  /** Per match, the last interaction whose change is still to show a picture, and its first row (awaitMap). */
  readonly #awaitingMap = new Map<string, { fromRowId: number; interactionId: string }>();
  /** Matches being delivered now, and those kicked meanwhile (their loop must look again). */
  readonly #busy = new Map<string, Promise<void>>();
  readonly #again = new Set<string>();
  /**
   * Matches kicked while every lane was busy, in the order they were kicked: each finished delivery
   * starts the next of them, so a burst is worked through without reading the whole outbox again.
   */
  readonly #queued = new Set<string>();
  /**
   * Matches whose bookkeeping could not be written (a busy database): left alone until then, so a
   * locked database does not turn into a loop of repeated sends.
   */
  readonly #snoozed = new Map<string, number>();
  #timer: NodeJS.Timeout | null = null;
  #wakeAt = Infinity;
  #poll: NodeJS.Timeout | null = null;
  #running = false;
  /**
   * When this worker started: a row written before then may have reached Discord in a try the last
   * process never heard back from, so it is looked for before it is sent again (post-lookup.ts).
   */
  #startedAt = Infinity;
  /** Database failures in a row (the database down); the next success sets it back to 0. */
  #outage = 0;
  /** A league's own posts (settings changes, standings) go through their own lanes (league-post-worker.ts). */
  readonly #leagues: LeaguePostWorker;

  constructor(options: OutboxWorkerOptions) {
    this.#store = options.store;
    this.#client = options.client;
    this.#log = options.log;
    this.#concurrency = options.concurrency ?? 8;
    this.#renderer = options.renderer;
    this.#now = options.now ?? Date.now;
    this.#gameClock = options.gameClock ?? this.#now;
    this.#observe = options.observe;
    this.#shard = options.shard;
    this.#onLeagueResult = options.onLeagueResult;
    this.#leagues = new LeaguePostWorker({
      store: options.store,
      client: options.client,
      log: options.log,
      now: this.#now,
      shard: options.shard,
      // A round's threads open once its pairings are posted (the season runner waits for that post).
      onPairings: options.onLeagueResult,
    });
  }

  kickLeague(): void {
    this.#leagues.kick();
  }

  awaitMap(matchId: string, fromRowId: number, interactionId: string): void {
    if (this.#observe?.map) this.#awaitingMap.set(matchId, { fromRowId, interactionId });
  }

  /**
   * A post with a picture went out: if a player's interaction is waiting for its map, the time since
   * that interaction (its id's own timestamp, when Discord made it) is observed, once. A time outside
   * an hour is a moved clock (the sandbox's fast-forward) and is not observed.
   */
  #mapDelivered(row: OutboxRow): void {
    const waiting = this.#awaitingMap.get(row.matchId);
    if (!waiting || row.id < waiting.fromRowId) return;
    this.#awaitingMap.delete(row.matchId);
    const ms = Date.now() - SnowflakeUtil.timestampFrom(waiting.interactionId);
    if (ms >= 0 && ms < 3_600_000) this.#observe?.map?.(ms / 1000);
  }

  /** Starts delivering: first whatever was left waiting when the bot last stopped. */
  async start(): Promise<void> {
    this.#running = true;
    this.#startedAt = this.#now();
    this.#poll = setInterval(() => {
      this.#pass();
      this.#leagues.kick();
    }, POLL_MS);
    this.#leagues.start();
    await this.#scan();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#queued.clear();
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#poll) clearInterval(this.#poll);
    await Promise.all([...this.#busy.values(), this.#leagues.stop()]);
  }

  hold(rowId: number): void {
    this.#held.add(rowId);
  }

  isHeld(rowId: number): boolean {
    return this.#held.has(rowId);
  }

  release(rowId: number, matchId?: string): void {
    this.#held.delete(rowId);
    // The caller knows the row's match (an interaction that answered with it): no need to read it back.
    if (matchId !== undefined) return this.kick(matchId);
    this.#store.outbox.get(rowId).then(
      (row) => row && this.kick(row.matchId),
      // A busy database: the next pass finds the row.
      (error: unknown) => this.#log(`could not read outbox row ${rowId}`, error),
    );
  }

  kick(matchId: string): void {
    if (!this.#running) return;
    if (this.#shard) {
      const owned = this.#owned.get(matchId);
      if (owned === undefined) {
        // First kick for this match in this process: learn its guild's shard, then kick again.
        void this.#learnOwner(matchId).then(
          () => this.kick(matchId),
          // The next kick for the match (a new row, the periodic sweep) asks again.
          (error: unknown) => this.#log(`could not learn which shard delivers match ${matchId}`, error),
        );
        return;
      }
      if (!owned) return;
    }
    const snoozed = this.#snoozed.get(matchId);
    if (snoozed !== undefined) {
      if (snoozed > this.#now()) return this.#wake(snoozed);
      this.#snoozed.delete(matchId);
    }
    if (this.#busy.has(matchId)) {
      this.#again.add(matchId);
      return;
    }
    if (this.#busy.size >= this.#concurrency) {
      this.#queued.add(matchId);
      return;
    }
    this.#queued.delete(matchId);
    const loop = this.#deliverMatch(matchId)
      .catch((error: unknown) => {
        const pause = this.#pauseAfter(error);
        void this.#about(matchId).then((context) => this.#log(`outbox delivery for match ${matchId} paused for ${pause / 1000} s`, error, context));
        this.#snoozed.set(matchId, this.#now() + pause);
        this.#wake(this.#now() + pause);
      })
      .finally(() => {
        this.#busy.delete(matchId);
        if (this.#again.delete(matchId)) this.kick(matchId);
        else this.#startQueued();
      });
    this.#busy.set(matchId, loop);
  }

  /**
   * Resolves when nothing is being delivered and nothing is ready to go (rows held by an interaction or
   * waiting out a backoff are not waited for): what tests and a clean shutdown wait on.
   */
  async drain(): Promise<void> {
    for (;;) {
      await Promise.all(this.#busy.values());
      const ready = await this.#ready();
      if (ready.length === 0 && this.#busy.size === 0) {
        // A match's result may have queued a league post (the pinned standings): deliver those too.
        await this.#leagues.drain();
        if ((await this.#ready()).length === 0 && this.#busy.size === 0) return;
        continue;
      }
      for (const m of ready) this.kick(m);
      if (this.#busy.size === 0) await sleep(5);
    }
  }

  /** Starts the matches kicked while the lanes were full, oldest first, while a lane is free. */
  #startQueued(): void {
    for (const next of this.#queued) {
      if (this.#busy.size >= this.#concurrency) return;
      this.#queued.delete(next);
      this.kick(next);
    }
  }

  /** Whether this process delivers the match's posts: always unsharded; with a shard, when its guild is on it (a match never moves guild). */
  async #learnOwner(matchId: string): Promise<void> {
    const row = await this.#store.matches.get(matchId);
    this.#owned.set(matchId, row !== undefined && onShard(this.#shard, row.guildId));
  }

  /** The log context of a line about a match: its id and guild (looked up only when something is logged). */
  async #about(matchId: string): Promise<LogContext> {
    try {
      return { matchId, guildId: (await this.#store.matches.get(matchId))?.guildId };
    } catch {
      return { matchId };
    }
  }

  /** Matches whose next row may go now. */
  async #ready(): Promise<string[]> {
    const at = this.#now();
    const ready: string[] = [];
    for (const w of await this.#store.outbox.waiting(undefined, this.#shard)) {
      if (w.due <= at && (this.#snoozed.get(w.matchId) ?? 0) <= at && !(await this.#isHeadHeld(w.matchId))) ready.push(w.matchId);
    }
    return ready;
  }

  async #isHeadHeld(matchId: string): Promise<boolean> {
    if (this.#held.size === 0) return false;
    const head = await this.#store.outbox.head(matchId);
    return head !== undefined && this.#held.has(head.id);
  }

  /** Looks for rows to deliver, from a timer or a finished delivery: nothing waits for it. */
  #pass(): void {
    void this.#scan();
  }

  async #scan(): Promise<void> {
    if (!this.#running) return;
    try {
      const waiting = await this.#store.outbox.waiting(undefined, this.#shard);
      this.#outage = 0;
      const at = this.#now();
      for (const w of waiting) {
        if (w.due > at) {
          this.#wake(w.due);
          continue;
        }
        // A match whose next row an interaction holds is left alone: its delivery would end at once,
        // and its end would start the next queued, which could be it again, for ever, without yielding.
        // With every lane busy, kick queues the match for the next free lane.
        if (!this.#busy.has(w.matchId) && !(await this.#isHeadHeld(w.matchId))) this.kick(w.matchId);
      }
    } catch (error) {
      // A busy database: look again shortly; one that is down: later each time.
      const pause = this.#pauseAfter(error);
      this.#log(`could not read the outbox; looking again in ${pause / 1000} s`, error);
      this.#wake(this.#now() + pause);
    }
  }

  /** How long to leave the outbox after a failure: 1 s when the database is busy or the failure is Discord's, growing while it is down. */
  #pauseAfter(error: unknown): number {
    if (!isDown(error)) return 1000;
    this.#outage++;
    return outagePauseMs(this.#outage);
  }

  /** One timer, for the earliest time something becomes due. */
  #wake(at: number): void {
    if (!this.#running || at >= this.#wakeAt) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#wakeAt = at;
    this.#timer = setTimeout(
      () => {
        this.#timer = null;
        this.#wakeAt = Infinity;
        this.#pass();
      },
      Math.max(0, at - this.#now()),
    );
  }

  async #deliverMatch(matchId: string): Promise<void> {
    while (this.#running) {
      const row = await this.#store.outbox.head(matchId);
      if (!row || this.#held.has(row.id)) return;
      if (row.due > this.#now()) return this.#wake(row.due);
      if (!(await this.#deliver(row))) return;
    }
  }

  /** True when the row is done with (delivered, skipped or given up); false when it must wait. */
  async #deliver(row: OutboxRow): Promise<boolean> {
    try {
      await this.#send(row);
      this.#outage = 0;
      this.#observe?.delivered((this.#now() - row.created) / 1000);
      if ((row.body as PostBody).kind === 'league-result') this.#onLeagueResult?.();
      return true;
    } catch (error) {
      // The database is down: the post did not fail, so it is not a try; the whole worker waits (#pauseAfter).
      if (isDown(error)) throw error;
      const refusal = error instanceof Undeliverable ? ({ kind: 'refused' } as const) : classify(error, false);
      if (refusal.kind === 'channel-lost' || refusal.kind === 'archived') {
        await this.#channelLost(row, refusal.kind === 'archived' ? 'it is archived, and not by the bot' : refusal.why, error);
        return true;
      }
      if (refusal.kind !== 'later' || row.attempts + 1 >= MAX_ATTEMPTS) {
        this.#log(`gave up a post for match ${row.matchId} (outbox row ${row.id})`, error, { ...(await this.#about(row.matchId)), outboxRow: row.id });
        await this.#store.outbox.dropped(row.id, describe(error));
        return true;
      }
      const due = this.#now() + backoffMs(row.attempts);
      this.#log(`a post for match ${row.matchId} failed; trying again in ${Math.round((due - this.#now()) / 1000)} s (outbox row ${row.id})`, error, {
        ...(await this.#about(row.matchId)),
        outboxRow: row.id,
      });
      await this.#store.outbox.failed(row.id, describe(error), due);
      this.#wake(due);
      return false;
    }
  }

  /**
   * The row's channel no longer takes the bot's posts (deleted, locked, out of sight). A league result
   * tells the server's owner; a post for a match's thread pauses the match and tells its players; a
   * DM is given up. The row is given up with the reason, in the same transaction.
   */
  async #channelLost(row: OutboxRow, why: string, error: unknown): Promise<void> {
    this.#log(`gave up a post for match ${row.matchId}: its channel is lost (outbox row ${row.id})`, error, {
      ...(await this.#about(row.matchId)),
      outboxRow: row.id,
    });
    const body = row.body as PostBody;
    const match = await this.#store.matches.get(row.matchId);
    await this.#store.transaction(async () => {
      if (body.kind === 'league-result') await tellLeagueChannelLost(this.#store, row.matchId, why, this.#ownerOf(match?.guildId));
      else if (body.kind !== 'dm') await pauseForLostThread(this.#store, row.matchId, why, this.#gameClock());
      await this.#store.outbox.dropped(row.id, `${describe(error)} (the channel is lost: ${why})`);
    });
    this.kick(row.matchId);
  }

  /** Who is told when a server's channels refuse the bot: the server's owner (null when the guild is not in this process's cache). */
  #ownerOf(guildId: string | undefined): string | null {
    return (guildId && this.#client.guilds.cache.get(guildId)?.ownerId) || null;
  }

  /** Whether an earlier try of this row may have reached Discord unheard: written before this process started, or tried before. */
  #mayBeOnDiscord(row: OutboxRow): boolean {
    return row.created < this.#startedAt || row.attempts > 0;
  }

  async #send(row: OutboxRow): Promise<void> {
    const store = this.#store;
    const body = row.body as PostBody;
    if (body.kind === 'reply' && row.via) {
      // The interaction may have answered before the bot stopped or heard back: then that is the post.
      const original = await interactionReply(this.#client, row.via, row.channelId, this.#now());
      if (original) return store.outbox.delivered(row.id, original);
    }
    // A league result: the ratings take it in before its post says how the standings changed.
    if (body.kind === 'league-result' && (await settleLeagueResult(store, row.matchId))) this.#leagues.kick();
    // With a render pool, the time includes waiting for a worker: how long the post waited for its picture.
    const drawing = performance.now();
    const rendered = await renderBody(store, row.matchId, body, this.#renderer);
    this.#observe?.render(body.kind, (performance.now() - drawing) / 1000);
    if (rendered.to === 'skip') return this.#skip(row, rendered.reason);
    if (rendered.to === 'thread') return this.#closeThread(row, rendered.name, rendered.archive);
    const channelId = rendered.to === 'create' ? (rendered.channel ?? row.channelId) : row.channelId;
    const channel = rendered.to === 'create' && rendered.dm ? await this.#client.users.createDM(rendered.dm) : await this.#client.channels.fetch(channelId);
    if (!channel?.isSendable()) throw new Undeliverable(`channel ${channelId} is not one the bot can post in`);
    if (rendered.to === 'edit') return this.#edit(row, channel, rendered);
    const { message, outcome } = await this.#create(row, channel, rendered);
    await store.transaction(async () => {
      const prompt = rendered.prompt;
      if (prompt) {
        await store.prompts.record({
          matchId: row.matchId,
          seq: prompt.seq,
          channelId: row.channelId,
          messageId: message.id,
          player: prompt.player,
          kind: prompt.kind,
        });
        // The match moved on while this prompt was on its way: take its buttons off at once.
        const now = await store.matches.get(row.matchId);
        if (now && now.seq !== prompt.seq) {
          await store.outbox.add((await retirements(store, now)).map((b) => ({ matchId: row.matchId, channelId: row.channelId, body: b })));
        }
      }
      if (outcome === 'fallback' && !rendered.dm)
        await noticeNoFiles(store, row.matchId, channelId, this.#ownerOf((await store.matches.get(row.matchId))?.guildId));
      await store.outbox.delivered(row.id, message.id, outcome);
    });
    if (rendered.post.files?.length) this.#mapDelivered(row);
  }

  /**
   * Nothing to post any more. A prompt the match moved past while an earlier try was unheard may still
   * be on Discord with live buttons: found, its buttons come off, so no unrecorded copy stays clickable.
   */
  async #skip(row: OutboxRow, reason: string): Promise<void> {
    const body = row.body as PostBody;
    if (body.kind === 'prompt' && this.#mayBeOnDiscord(row) && this.#client.user) {
      // A thread Discord no longer gives us has no prompt left to mark as passed: the row is skipped either way.
      const channel = await this.#client.channels.fetch(row.channelId).catch(() => null);
      if (channel?.isSendable()) {
        const taken = new Set(await this.#store.outbox.recorded(row.matchId, row.id));
        const copy = await findPromptPost(channel, this.#client.user.id, row.matchId, body.seq, row.created, taken);
        if (copy && copy.components.length > 0) {
          await this.#withThreadOpen(channel, () =>
            copy.edit({ content: clip(`${copy.content}\n-# This prompt has passed.`, 'content'), components: [], allowedMentions: { parse: [] } }),
          );
        }
      }
    }
    return this.#store.outbox.dropped(row.id, reason, 'skipped');
  }

  /** An edit of one of the bot's messages: only what is not there yet (a repeat changes nothing). */
  async #edit(row: OutboxRow, channel: SendableChannels, rendered: Extract<Rendered, { to: 'edit' }>): Promise<void> {
    const message = await channel.messages.fetch(rendered.messageId);
    const first = rendered.lines[0] ?? '';
    // Written once: an edit seen again after a restart finds its first line already there.
    const content =
      !rendered.replace && message.content.includes(first)
        ? message.content
        : clip(answeredText(message.content, rendered.lines, rendered.replace === true, message.attachments.size > 0), 'content');
    if (content !== message.content || message.components.length > 0) {
      await this.#withThreadOpen(channel, () => message.edit({ content, components: [], allowedMentions: { parse: [] } }));
    }
    // Its buttons are off, so the client need not keep it (an edit leaves the cached copy as it was; message-cache.ts).
    channel.messages.cache.delete(message.id);
    return this.#store.outbox.delivered(row.id, message.id);
  }

  /**
   * A new message for the row: the one an unheard earlier try made if Discord has it (found by its
   * marks, past Discord's nonce memory), else sent now with the row's nonce. Refusals it can mend are
   * mended here: an archived thread of the bot's own is unarchived and the post sent again; files the
   * bot may not attach go as text with their alt text (a `fallback`); a DM the user does not allow goes
   * in the row's `elseIn` channel with a ping (a `fallback`).
   */
  async #create(
    row: OutboxRow,
    channel: SendableChannels,
    rendered: Extract<Rendered, { to: 'create' }>,
  ): Promise<{ message: Message; outcome: Extract<OutboxOutcome, 'delivered' | 'fallback'> }> {
    const options: MessageCreateOptions = { ...messageOf(rendered.post), nonce: nonceOf(row), enforceNonce: true };
    const botId = this.#client.user?.id;
    if (botId && this.#mayBeOnDiscord(row)) {
      const taken = new Set(await this.#store.outbox.recorded(row.matchId, row.id));
      const earlier = await findOwnPost(channel, botId, options, row.created, taken);
      if (earlier) return { message: earlier, outcome: 'delivered' };
      const text = rendered.post.files?.length ? await findOwnPost(channel, botId, this.#textOnly(rendered, options), row.created, taken) : null;
      if (text) return { message: text, outcome: 'fallback' };
    }
    try {
      return { message: await this.#withThreadOpen<Message>(channel, () => channel.send(options)), outcome: 'delivered' };
    } catch (error) {
      const refusal = classify(error, (rendered.post.files?.length ?? 0) > 0);
      if (refusal.kind === 'no-files')
        return { message: await this.#withThreadOpen<Message>(channel, () => channel.send(this.#textOnly(rendered, options))), outcome: 'fallback' };
      if (refusal.kind === 'closed-dms' && rendered.elseIn && rendered.dm)
        return { message: await this.#elsewhere(rendered.elseIn, rendered.dm, options), outcome: 'fallback' };
      throw error;
    }
  }

  /** The post without its files (nor the embeds that show them): its text, and each picture's alt text in its place. */
  #textOnly(rendered: Extract<Rendered, { to: 'create' }>, options: MessageCreateOptions): MessageCreateOptions {
    const { files: _files, embeds: _embeds, ...rest } = options;
    return {
      ...rest,
      ...(rendered.post.embeds ? { embeds: rendered.post.embeds } : {}),
      content: clip(
        withoutFiles(
          rendered.post.content,
          (rendered.post.files ?? []).map((f) => f.alt ?? ''),
        ),
        'content',
      ),
    };
  }

  /** A DM the user does not allow, posted in a channel instead, pinging them. */
  async #elsewhere(channelId: string, user: string, options: MessageCreateOptions): Promise<Message> {
    const channel = await this.#client.channels.fetch(channelId);
    if (!channel?.isSendable()) throw new Undeliverable(`channel ${channelId} is not one the bot can post in`);
    return this.#withThreadOpen<Message>(channel, () =>
      channel.send({ ...options, content: clip(`<@${user}> ${options.content ?? ''}`, 'content'), allowedMentions: { users: [user], parse: [] } }),
    );
  }

  /**
   * Runs a post or edit; when Discord refuses it because the thread is archived and the thread is the
   * bot's own, unarchives it and runs it once more. A thread someone else archived is left as it is.
   */
  async #withThreadOpen<T>(channel: SendableChannels, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (classify(error, false).kind !== 'archived' || !channel.isThread() || channel.ownerId !== this.#client.user?.id) throw error;
      await channel.setArchived(false, 'A match post is due in this thread');
      return send();
    }
  }

  /**
   * Renames and archives a finished match's thread. A repeat finds it done: the name is set only when
   * it differs and the thread archived only when it is not, so nothing happens twice.
   */
  async #closeThread(row: OutboxRow, name: string, archive: boolean): Promise<void> {
    const thread = await this.#client.channels.fetch(row.channelId, { force: true });
    if (!thread?.isThread()) throw new Undeliverable(`channel ${row.channelId} is not a thread`);
    // An archived thread takes no new name (50083): reopened first, archived again below.
    if (thread.name !== name && thread.archived && thread.ownerId === this.#client.user?.id) await thread.setArchived(false, 'The match is over');
    if (thread.name !== name) await thread.setName(name, 'The match is over');
    if (archive && !thread.archived) await thread.setArchived(true, 'The match is over');
    await this.#store.outbox.delivered(row.id, null);
  }
}
