/**
 * The start-up and scheduler's questions about open matches, asked of the indexes instead of the rows
 * (docs/store.md "Start-up reads what is due"): which open matches lack a thread, lack deadlines, or
 * wait on a prompt nobody has posted, and how many are open. Each answer is a match's identity, never
 * its JSON; the caller reads in full only the few matches named. The conditions are plain SQL over
 * either dialect's tables, so SQLite's store and PostgreSQL's ask exactly the same.
 */
import { and, gt, inArray, isNull, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import { OPEN_STATUSES, type MatchStatus } from './schema';
import { guildOnShard, type ShardScope } from './shard';

/** An open match named by these queries: enough to log about it and read it, none of its JSON. */
export interface OpenMatchRef {
  readonly id: string;
  readonly guildId: string;
  readonly status: MatchStatus;
  readonly seq: number;
  readonly threadId: string | null;
}

/** One dialect's tables, as far as these conditions need them. */
export interface OpenWorkTables {
  readonly matches: Table & { id: Column; guildId: Column; status: Column; seq: Column; threadId: Column };
  readonly deadlines: Table & { matchId: Column; done: Column; kind: Column; seq: Column };
  readonly prompts: Table & { matchId: Column; seq: Column; closed: Column };
}

/** What a page of open matches asks for: after `after` (an id; '' for the first page), `limit` of them. */
export interface OpenPage {
  readonly after: string;
  readonly limit: number;
  readonly shard?: ShardScope | undefined;
}

/** The columns an {@link OpenMatchRef} is read from, of either dialect's `matches`. */
export const refColumns = <M extends OpenWorkTables['matches']>(m: M) => ({
  id: m.id as M['id'],
  guildId: m.guildId as M['guildId'],
  status: m.status as M['status'],
  seq: m.seq as M['seq'],
  threadId: m.threadId as M['threadId'],
});

/** Open, and of a guild on the shard: answered by the `(status, guild_id)` index. */
export const openOn = (t: OpenWorkTables, shard: ShardScope | undefined): SQL =>
  and(inArray(t.matches.status, [...OPEN_STATUSES]), guildOnShard(t.matches.guildId, shard))!;

const pendingDeadline = (t: OpenWorkTables, extra?: SQL): SQL =>
  sql`select 1 from ${t.deadlines} where ${t.deadlines.matchId} = ${t.matches.id} and ${t.deadlines.done} is null${extra ? sql` and ${extra}` : sql``}`;

/** Open matches (of the shard) that have no thread yet. */
export const unthreaded = (t: OpenWorkTables, shard: ShardScope | undefined): SQL => and(openOn(t, shard), isNull(t.matches.threadId))!;

/** A page of open matches with no pending deadline: made before deadlines existed, or with nothing to wait for. */
export const withoutDeadlines = (t: OpenWorkTables, page: OpenPage): SQL =>
  and(openOn(t, page.shard), gt(t.matches.id, page.after), sql`not exists (${pendingDeadline(t)})`)!;

/**
 * A page of open matches with a thread that may owe a prompt post: waiting on a prompt (a pending
 * deadline of one of `kinds` planned at the match's seq), or with no pending deadline at all (so
 * nothing says what they wait on), and with no open prompt recorded at the match's seq.
 */
export const promptUnposted = (t: OpenWorkTables, kinds: readonly string[], page: OpenPage): SQL =>
  and(
    openOn(t, page.shard),
    gt(t.matches.id, page.after),
    sql`${t.matches.threadId} is not null`,
    sql`(exists (${pendingDeadline(t, and(inArray(t.deadlines.kind, [...kinds]), sql`${t.deadlines.seq} = ${t.matches.seq}`))}) or not exists (${pendingDeadline(t)}))`,
    sql`not exists (select 1 from ${t.prompts} where ${t.prompts.matchId} = ${t.matches.id} and ${t.prompts.seq} = ${t.matches.seq} and ${t.prompts.closed} is null)`,
  )!;
