/**
 * A shard's share of the database. Discord sends a guild's events to shard `(guild_id >> 22) % count`;
 * a sharded bot process handles the deadlines and delivers the posts of those guilds' matches only,
 * so each is handled by one process, in order, by the process that also takes the guild's
 * interactions (docs/deploy.md "Shards"). Without a scope, everything is this process's.
 *
 * The test is plain SQL that SQLite and PostgreSQL both read the same way: `CAST(… AS BIGINT)` is an
 * integer in both (a Discord id fits in 63 bits), and `>>` and `%` are integer operators in both.
 *
 * No query computes the rule over every match ever played: a row that names a match (a deadline, a
 * post) finds its guild by the match's primary key, and open matches are found through the
 * `(status, guild_id)` index, which holds the guild beside the status, so the rule is computed on the
 * index's entries for open matches alone.
 */
import { sql, type Column, type SQL, type Table } from 'drizzle-orm';
import { matches } from './schema';

export interface ShardScope {
  /** This process's shard, 0 ≤ id < count. */
  readonly id: number;
  readonly count: number;
}

/** True for a guild id on this shard (the same rule as the SQL below, for rows already read). */
export function onShard(scope: ShardScope | undefined, guildId: string): boolean {
  if (!scope) return true;
  return (BigInt(guildId) >> 22n) % BigInt(scope.count) === BigInt(scope.id);
}

/** A dialect's `matches` table: SQLite's (schema.ts) or PostgreSQL's (schema-pg.ts). */
type MatchesTable = Table & { readonly id: Column; readonly guildId: Column };

/** `guild` (a guild id column) is on this shard; undefined without a scope (no condition). */
export function guildOnShard(guild: Column, scope: ShardScope | undefined): SQL | undefined {
  if (!scope) return undefined;
  return sql`((CAST(${guild} AS BIGINT) >> 22) % ${scope.count}) = ${scope.id}`;
}

/**
 * `column` (a match id) belongs to a match of a guild on this shard; undefined without a scope (no
 * condition). One primary-key lookup per row tested.
 */
export function matchOnShard(column: Column, scope: ShardScope | undefined, table: MatchesTable = matches): SQL | undefined {
  if (!scope) return undefined;
  return sql`exists (select 1 from ${table} where ${table.id} = ${column} and ${guildOnShard(table.guildId, scope)})`;
}
