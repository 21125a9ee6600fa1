/**
 * Snowflake-like ids: `(ms since the Discord epoch) << 22 | counter`, as decimal strings. discord.js
 * reads creation times from ids, and people sort messages by id, so every id minted here is larger
 * than the one before it, even within one millisecond.
 */
const DISCORD_EPOCH = 1_420_070_400_000n;

/**
 * Seeded things (guild, default channels, roles, users) get ids from a fixed moment, so a sandbox
 * restarted against the same database finds the same guild, channel and users again.
 */
const SEED_MOMENT = Date.UTC(2024, 0, 1);

export interface SnowflakeMint {
  /** A fresh id from the current time, larger than every id minted before. */
  next(): string;
  /** The n-th fixed id, the same in every run (for seeded things). */
  fixed(n: number): string;
  /**
   * The id of the k-th extra seeded guild (k ≥ 1): one millisecond after the seed moment per k, so
   * `(id >> 22) % shards`, the shard Discord routes a guild to, steps through the shards as k grows.
   */
  guild(k: number): string;
}

export function snowflakeMint(now: () => number = Date.now): SnowflakeMint {
  let last = 0n;
  return {
    next() {
      const candidate = (BigInt(now()) - DISCORD_EPOCH) << 22n;
      last = candidate > last ? candidate : last + 1n;
      return last.toString();
    },
    fixed(n) {
      return (((BigInt(SEED_MOMENT) - DISCORD_EPOCH) << 22n) + BigInt(n)).toString();
    },
    guild(k) {
      return ((BigInt(SEED_MOMENT) - DISCORD_EPOCH + BigInt(k)) << 22n).toString();
    },
  };
}

/** The shard Discord sends a guild's events to: `(guild_id >> 22) % shard_count`. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(Math.max(1, shardCount)));
}

/** When an id was made, in milliseconds since the Unix epoch. */
export function snowflakeMs(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}

/** When an id was made, as an ISO timestamp (what Discord shows for a thread's creation). */
export function snowflakeTime(id: string): string {
  return new Date(snowflakeMs(id)).toISOString();
}
