/**
 * A match's thread, found or made from its saved row. A challenge, a practice match and a season
 * pairing are saved first, with the thread's name in their terms and their posts waiting for the
 * thread (table.ts `enqueue`); then the thread is opened here and linked in one transaction that hands
 * it the waiting posts. So:
 * - a kill between saving and linking loses nothing: `openPendingThreads` (every scheduler tick, the
 *   first one at start-up) opens the thread of every open match that has none yet;
 * - a thread made by a request whose answer was lost (a kill, or a 5xx after Discord made it, which
 *   discord.js would resend and so make a second) is found again among the channel's active threads by
 *   its owner (the bot), its name and the match it is not yet linked to, and reused, never doubled:
 *   the create goes through a REST client that does not resend, and before each try the bot looks.
 *
 * A thread Discord refuses (no permission, 50013 or 50001; the channel gone) is tried again with a
 * growing pause (`ThreadTrouble`); the caller decides whom to tell.
 */
import { REST } from '@discordjs/rest';
import { ChannelType, DiscordAPIError, type Client, type RESTPostAPIChannelThreadsResult, Routes, type TextChannel } from 'discord.js';
import { THREAD_PENDING, type MatchRow, type Store } from '../../store';
import { matchRecord } from '../../match/record';
import type { App } from '../app';
import { aboutMatch } from '../../match/services';
import { botPermissionsIn, missingFrom, NEEDED_PERMISSIONS, permissionProblem } from '../bot-permissions';
import { planWaits } from '../../clock/deadline-plan';
import { inTransaction } from '../../match/table';

/** Why a thread could not be opened, and when to try again. */
export interface ThreadTrouble {
  readonly tries: number;
  /** Not tried again before this time (the bot's clock). */
  readonly nextAt: number;
  /** A sentence for the organiser and `/league round`. */
  readonly reason: string;
  /** Discord refused (a permission, the channel), rather than failing for a while (5xx, network). */
  readonly refused: boolean;
}

/** 1, 2, 4, 8… minutes between tries, at most 6 hours: a refused thread does not cost a request every tick. */
export const threadRetryMs = (tries: number): number => Math.min(60_000 * 2 ** Math.max(0, tries - 1), 6 * 3_600_000);

/** Troubles per database (one bot), by match id: kept in memory, so a restart tries at once. */
const troubles = new WeakMap<Store, Map<string, ThreadTrouble>>();
const troublesOf = (app: App): Map<string, ThreadTrouble> => {
  let map = troubles.get(app.store);
  if (!map) troubles.set(app.store, (map = new Map()));
  return map;
};

/** Why the match's thread is not open yet, if a try failed. */
export const threadTrouble = (app: App, matchId: string): ThreadTrouble | undefined => troublesOf(app).get(matchId);

/** Opens in flight, by match id: a tick and a command opening the same match share one. */
const inFlight = new WeakMap<Store, Map<string, Promise<string>>>();

/** Discord refused the thread: asking again the same way will not help until someone changes something. */
export class ThreadRefused extends Error {
  override name = 'ThreadRefused';
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

/** A REST client for thread creates that never resends: a resend after a 5xx would make a second thread. */
const onceClients = new WeakMap<Client, REST>();
function onceRest(client: Client): REST {
  let rest = onceClients.get(client);
  if (!rest) {
    rest = new REST({ ...client.rest.options, retries: 0 }).setToken(client.token ?? '');
    onceClients.set(client, rest);
  }
  return rest;
}

/** Tries of one open before leaving the rest to the next tick: each looks for the thread first. */
const TRIES = 3;

/**
 * The thread of a saved match: found among its channel's active threads when a lost answer made it
 * already, else made; then linked to the match with its waiting posts. Resolves with the thread's id;
 * rejects with `ThreadRefused` when Discord refuses, or the last error of a passing failure.
 */
export function openMatchThread(app: App, matchId: string): Promise<string> {
  let flights = inFlight.get(app.store);
  if (!flights) inFlight.set(app.store, (flights = new Map()));
  const running = flights.get(matchId);
  if (running) return running;
  const open = openOnce(app, matchId).then(
    (id) => {
      troublesOf(app).delete(matchId);
      return id;
    },
    (error: unknown) => {
      const before = troublesOf(app).get(matchId);
      const tries = (before?.tries ?? 0) + 1;
      const refused = error instanceof ThreadRefused;
      const reason = refused ? error.reason : "Discord did not answer when the bot opened the match's thread";
      troublesOf(app).set(matchId, { tries, nextAt: app.now() + threadRetryMs(tries), reason, refused });
      throw error;
    },
  );
  const settled = open.finally(() => flights.delete(matchId));
  flights.set(matchId, settled);
  // The finally's copy must not count as an unhandled rejection: callers handle `settled`.
  settled.catch(() => undefined);
  return settled;
}

async function openOnce(app: App, matchId: string): Promise<string> {
  const row = await app.store.matches.get(matchId);
  if (!row) throw new Error(`match ${matchId} is gone`);
  if (row.threadId) return row.threadId;
  const channel = await app.client.channels.fetch(row.channelId).catch((error: unknown) => {
    if (error instanceof DiscordAPIError && error.status < 500) throw new ThreadRefused(error.message, `The bot can no longer reach <#${row.channelId}>.`);
    throw error;
  });
  if (!channel || channel.type !== ChannelType.GuildText) throw new ThreadRefused('not a text channel', `<#${row.channelId}> is not a server text channel.`);
  const missing = missingFrom(
    await botPermissionsIn(channel),
    NEEDED_PERMISSIONS.filter((p) => p.required),
  );
  if (missing.length > 0) throw new ThreadRefused('missing permissions', permissionProblem(missing, channel.id, "open this match's thread"));
  const name = matchRecord(row).terms.thread?.name ?? `Match ${row.id}`;
  let last: unknown;
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const found = await findThread(app, channel, name);
    if (found) return link(app, row, found);
    try {
      return await link(app, row, await createThread(app, channel, name));
    } catch (error) {
      // Refused: asking again will not help. Anything else (a 5xx, a lost connection) may have made
      // the thread: the next try looks for it first.
      if (error instanceof ThreadRefused) throw error;
      last = error;
    }
  }
  throw last;
}

/** The bot's own active thread of that name in the channel that no match has: one a lost answer made. */
async function findThread(app: App, channel: TextChannel, name: string): Promise<string | null> {
  const active = await channel.threads.fetchActive(false);
  const me = app.client.user?.id;
  for (const thread of active.threads.values()) {
    if (thread.parentId !== channel.id || thread.ownerId !== me || thread.name !== name) continue;
    if (!(await app.store.matches.byThread(thread.id))) return thread.id;
  }
  return null;
}

async function createThread(app: App, channel: TextChannel, name: string): Promise<string> {
  try {
    const made = (await onceRest(app.client).post(Routes.threads(channel.id), {
      body: { name, type: ChannelType.PublicThread, auto_archive_duration: 10080 },
      reason: 'Sellsword match',
    })) as RESTPostAPIChannelThreadsResult;
    return made.id;
  } catch (error) {
    if (error instanceof DiscordAPIError && error.status < 500 && error.status !== 429) {
      // Permissions may have changed since the check: say which are missing now, if any.
      const missing = missingFrom(
        await botPermissionsIn(channel),
        NEEDED_PERMISSIONS.filter((p) => p.required),
      );
      throw new ThreadRefused(
        error.message,
        missing.length > 0
          ? permissionProblem(missing, channel.id, "open this match's thread")
          : `Discord refused the match's thread in <#${channel.id}> (${error.code}: ${error.message}).`,
      );
    }
    throw error;
  }
}

/** Links the thread in one transaction with the posts that waited for it; a match linked meanwhile keeps its thread. */
async function link(app: App, row: MatchRow, threadId: string): Promise<string> {
  const linked = await inTransaction(app, async () => {
    const now = await app.store.matches.get(row.id);
    if (!now) return threadId;
    if (now.threadId) return now.threadId;
    await app.store.matches.setThread(row.id, threadId);
    await app.store.outbox.toThread(row.id, threadId);
    return threadId;
  });
  app.outbox.kick(row.id);
  for (const p of row.players) {
    if (p === app.client.user?.id) continue;
    // The intro post pings every player, so one not added still finds the thread; the log says why.
    await app.client.rest
      .put(Routes.threadMembers(linked, p))
      .catch((error: unknown) => app.log(`could not add ${p} to the thread of match ${row.id}`, error, aboutMatch(row)));
  }
  return linked;
}

/**
 * Opens the thread of every open match that has none (of this shard's guilds), except those waiting
 * out a pause after a failed try. Returns the matches whose try failed, for the caller to tell.
 */
export async function openPendingThreads(app: App): Promise<{ matchId: string; trouble: ThreadTrouble }[]> {
  const failed: { matchId: string; trouble: ThreadTrouble }[] = [];
  // Named by the (status, guild) index: the open matches without a thread, none of their JSON read.
  for (const row of await app.store.matches.unthreaded(app.shard)) {
    const trouble = threadTrouble(app, row.id);
    if (trouble && trouble.nextAt > app.now()) continue;
    try {
      await openMatchThread(app, row.id);
    } catch (error) {
      app.log(`could not open the thread of match ${row.id}`, error, { matchId: row.id, guildId: row.guildId });
      const now = threadTrouble(app, row.id);
      if (now) failed.push({ matchId: row.id, trouble: now });
    }
  }
  return failed;
}

/**
 * Calls off a saved match whose thread Discord refused at once (a challenge or practice match, whose
 * player is told why): nobody saw it, so it is cancelled with its deadlines, and its waiting posts
 * are skipped.
 */
export async function cancelUnopened(app: App, matchId: string): Promise<void> {
  await inTransaction(app, async () => {
    const row = await app.store.matches.get(matchId);
    if (!row || row.threadId) return;
    const done = await app.store.matches.act<unknown, never, never>(row.id, row.seq, (snapshot) => ({ ok: true, events: [], snapshot, status: 'cancelled' }));
    if (!done.ok) return;
    await planWaits(app.store, app.now(), done.row);
    for (const waiting of await app.store.outbox.pending(matchId))
      if (waiting.channelId === THREAD_PENDING) await app.store.outbox.dropped(waiting.id, 'the match was called off before its thread opened', 'skipped');
  });
  troublesOf(app).delete(matchId);
}

/** Matches whose trouble someone was told of (kept in memory with the troubles). */
const told = new WeakMap<Store, Set<string>>();

/** Marks the match's trouble as told; false when it already was. */
export function markTold(app: App, matchId: string): boolean {
  let set = told.get(app.store);
  if (!set) told.set(app.store, (set = new Set()));
  if (set.has(matchId)) return false;
  set.add(matchId);
  return true;
}
