/**
 * Which shard this process is (docs/deploy.md "Shards"). discord.js's ShardingManager starts each
 * shard as a process of the same entry point with `SHARDING_MANAGER`, `SHARDS` (the shard's id) and
 * `SHARD_COUNT` in its environment; its Client reads them to identify with `shard: [id, count]`.
 * The bot reads them too: a shard takes its own lease, and handles the deadlines, posts and start-up
 * work of its own guilds' matches only (store/shard.ts).
 */
import { type Environment, shardOfProcess } from '../config';
import type { ShardScope } from '../store';

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
