/**
 * Which shard this process is (docs/deploy.md "Shards"). discord.js's ShardingManager starts each
 * shard as a process of the same entry point with `SHARDING_MANAGER`, `SHARDS` (the shard's id) and
 * `SHARD_COUNT` in its environment; its Client reads them to identify with `shard: [id, count]`.
 * The bot reads them too: a shard takes its own lease, and handles the deadlines, posts and start-up
 * work of its own guilds' matches only (store/shard.ts).
 */
import { type Environment, shardOfProcess } from '../config';
import type { LeaseRow, ShardScope } from '../store';

/** The shard of a process with this environment (src/config reads it, with the other settings). */
export const shardFromEnvironment = (env: Environment): ShardScope | undefined => shardOfProcess(env);

/**
 * The database lease a process holds: "bot" for the one process of an unsharded bot (as before
 * shards existed), one per shard otherwise, so a second process for the same shard is refused and
 * different shards run side by side.
 */
export const leaseName = (shard: ShardScope | undefined): string => (shard ? `bot shard ${shard.id}/${shard.count}` : 'bot');

/** How a shard is named in logs and messages. */
export const shardLabel = (shard: ShardScope | undefined): string => (shard ? `shard ${shard.id} of ${shard.count}` : 'the only shard');

const SHARD_LEASE = /^bot shard (\d+)\/(\d+)$/;

/**
 * One lease namespace for a bot's database: an unsharded bot and a set of shards, or two sets with
 * different shard counts, would each handle the same guilds' deadlines and posts. Their lease names
 * differ, so the lease alone does not keep them apart; this says, in one sentence, why another
 * process's live lease rules this one out.
 */
export function leaseClash(own: ShardScope | undefined, other: LeaseRow): string | undefined {
  const where = `process ${other.pid} on ${other.host}`;
  const theirs = SHARD_LEASE.exec(other.name);
  if (!own) {
    if (!theirs) return undefined;
    return `An unsharded bot cannot start beside the shards running on this database (shard ${theirs[1]} of ${theirs[2]} is ${where}); stop them first, or start this bot with SHARDS=${theirs[2]}.`;
  }
  if (other.name === 'bot') return `Shard ${own.id} of ${own.count} cannot start beside the unsharded bot running on this database (${where}); stop it first.`;
  if (!theirs || Number(theirs[2]) === own.count) return undefined;
  return `Shard ${own.id} of ${own.count} cannot start beside a set of ${theirs[2]} shards running on this database (shard ${theirs[1]} of ${theirs[2]} is ${where}); every shard of a bot must have the same SHARDS, so stop that set first or start this one with SHARDS=${theirs[2]}.`;
}
