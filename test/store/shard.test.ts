/**
 * A shard's share of the database (store/shard.ts): with a shard scope, deadlines are claimed, claims
 * released and waiting posts listed only for matches of guilds on that shard, `(guild_id >> 22) % count`.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { onShard, type Store } from '../../src/store';
import { aMatch, memoryStore } from './fixture';

/** A guild id whose timestamp part is `ms`: it falls on shard `ms % count`. */
const guildAt = (ms: number) => (BigInt(ms) << 22n).toString();
const shard0 = { id: 0, count: 2 };
const shard1 = { id: 1, count: 2 };

describe('a shard scope', () => {
  let store: Store;
  beforeEach(async () => {
    store = memoryStore();
    // Large ids, as Discord's are (past 2^53, where a JavaScript number would round them).
    await store.matches.create(aMatch({ id: 'even', guildId: guildAt(1_234_567_890_124) }));
    await store.matches.create(aMatch({ id: 'odd', guildId: guildAt(1_234_567_890_123) }));
  });

  it('tells which shard a guild falls on, as Discord does', () => {
    expect(onShard(shard0, guildAt(1_234_567_890_124))).toBe(true);
    expect(onShard(shard1, guildAt(1_234_567_890_124))).toBe(false);
    expect(onShard(shard1, guildAt(1_234_567_890_123))).toBe(true);
    expect(onShard(undefined, guildAt(7))).toBe(true);
  });

  it("claims only its own guilds' deadlines, and releases only its own claims", async () => {
    await store.deadlines.add({ matchId: 'even', due: 100, kind: 'turn' });
    await store.deadlines.add({ matchId: 'odd', due: 100, kind: 'turn' });
    expect((await store.deadlines.claim(200, 300, 10, shard1)).map((d) => d.matchId)).toEqual(['odd']);
    expect((await store.deadlines.claim(200, 300, 10, shard0)).map((d) => d.matchId)).toEqual(['even']);
    // Shard 1 restarting releases its claim, not shard 0's.
    expect(await store.deadlines.releaseClaims(shard1)).toBe(1);
    expect((await store.deadlines.claim(250, 350, 10)).map((d) => d.matchId)).toEqual(['odd']);
  });

  it("lists only its own guilds' waiting posts", async () => {
    await store.outbox.add([
      { matchId: 'even', channelId: 'c', body: { kind: 'note' } },
      { matchId: 'odd', channelId: 'c', body: { kind: 'note' } },
    ]);
    expect((await store.outbox.waiting(10, shard0)).map((w) => w.matchId)).toEqual(['even']);
    expect((await store.outbox.waiting(10, shard1)).map((w) => w.matchId)).toEqual(['odd']);
    expect((await store.outbox.waiting(10)).map((w) => w.matchId).sort()).toEqual(['even', 'odd']);
  });
});
