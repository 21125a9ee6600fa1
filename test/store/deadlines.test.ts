import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store';
import { aMatch, memoryStore } from './fixture';

describe('deadlines', () => {
  let store: Store;
  beforeEach(async () => {
    store = memoryStore();
    await store.matches.create(aMatch());
    await store.matches.create(aMatch({ id: 'm2' }));
  });

  it('lists pending deadlines due by a time, earliest first', async () => {
    await store.deadlines.add({ matchId: 'm1', due: 300, kind: 'turn', player: 'alice' });
    await store.deadlines.add({ matchId: 'm2', due: 100, kind: 'reminder' });
    await store.deadlines.add({ matchId: 'm1', due: 200, kind: 'reminder', player: 'bob' });
    expect(await store.deadlines.due(99)).toEqual([]);
    expect((await store.deadlines.due(200)).map((d) => [d.due, d.kind, d.player])).toEqual([
      [100, 'reminder', null],
      [200, 'reminder', 'bob'],
    ]);
    expect((await store.deadlines.due(1000, 1)).map((d) => d.due)).toEqual([100]);
  });

  it('lets exactly one caller mark a deadline done', async () => {
    const d = await store.deadlines.add({ matchId: 'm1', due: 100, kind: 'turn' });
    expect(await store.deadlines.done(d.id)).toBe(true);
    expect(await store.deadlines.done(d.id)).toBe(false);
    expect(await store.deadlines.due(1000)).toEqual([]);
    expect(await store.deadlines.done(9999)).toBe(false);
  });

  it('marks a match’s pending deadlines done together', async () => {
    await store.deadlines.add({ matchId: 'm1', due: 100, kind: 'turn' });
    await store.deadlines.add({ matchId: 'm1', due: 200, kind: 'reminder' });
    await store.deadlines.add({ matchId: 'm2', due: 150, kind: 'turn' });
    expect(await store.deadlines.doneForMatch('m1')).toBe(2);
    expect((await store.deadlines.due(1000)).map((d) => d.matchId)).toEqual(['m2']);
  });
});

describe('claiming deadlines', () => {
  let store: Store;
  beforeEach(async () => {
    store = memoryStore();
    await store.matches.create(aMatch());
    await store.matches.create(aMatch({ id: 'm2' }));
  });

  it('claims due rows nobody holds, earliest first, and not again until the claim runs out', async () => {
    await store.deadlines.add({ matchId: 'm1', due: 300, kind: 'turn', player: 'alice', seq: 4 });
    await store.deadlines.add({ matchId: 'm2', due: 100, kind: 'reminder', player: 'bob' });
    await store.deadlines.add({ matchId: 'm1', due: 900, kind: 'prompt', player: 'bob' });
    const first = await store.deadlines.claim(500, 600);
    expect(first.map((d) => d.due)).toEqual([100, 300]);
    expect(first[1]!.seq).toBe(4);
    // Held: a second scheduler finds nothing until the claim runs out.
    expect(await store.deadlines.claim(550, 650)).toEqual([]);
    expect((await store.deadlines.claim(600, 700)).map((d) => d.due)).toEqual([100, 300]);
    // A row marked done is never claimed again.
    expect(await store.deadlines.done(first[0]!.id, 'sent')).toBe(true);
    expect((await store.deadlines.claim(2000, 2100)).map((d) => d.due)).toEqual([300, 900]);
    expect((await store.deadlines.get(first[0]!.id))!.outcome).toBe('sent');
  });

  it('limits a claim and hands rows back', async () => {
    for (let i = 0; i < 5; i++) await store.deadlines.add({ matchId: 'm1', due: i, kind: 'turn' });
    const some = await store.deadlines.claim(10, 100, 2);
    expect(some.map((d) => d.due)).toEqual([0, 1]);
    await store.deadlines.unclaim(some.map((d) => d.id));
    expect((await store.deadlines.claim(10, 100)).map((d) => d.due)).toEqual([0, 1, 2, 3, 4]);
  });

  it('cancels, moves a player’s rows and counts misses', async () => {
    const a = await store.deadlines.add({ matchId: 'm1', due: 100, kind: 'turn', player: 'alice' });
    const b = await store.deadlines.add({ matchId: 'm2', due: 200, kind: 'reminder', player: 'alice' });
    await store.deadlines.add({ matchId: 'm1', due: 150, kind: 'prompt', player: 'bob' });
    expect((await store.deadlines.shift('alice', 1000)).sort()).toEqual(['m1', 'm2']);
    expect((await store.deadlines.get(a.id))!.due).toBe(1100);
    expect((await store.deadlines.get(b.id))!.due).toBe(1200);
    expect((await store.deadlines.pending('m1')).map((d) => d.due)).toEqual([150, 1100]);
    expect((await store.deadlines.pendingOf(['m1', 'm2'])).length).toBe(3);
    expect(await store.deadlines.cancel([b.id])).toBe(1);
    expect((await store.deadlines.get(b.id))!.outcome).toBe('cancelled');
    expect(await store.deadlines.done(a.id, 'missed')).toBe(true);
    expect(await store.deadlines.misses('m1', 'alice')).toBe(1);
    expect(await store.deadlines.misses('m1', 'bob')).toBe(0);
  });
});

describe('two processes on one database file', () => {
  it('never claim the same deadline, and only one of them can mark it done', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { openStore } = await import('../../src/store');
    const file = join(mkdtempSync(join(tmpdir(), 'sellsword-deadlines-')), 'two.db');
    const a = openStore(file);
    const b = openStore(file);
    try {
      await a.matches.create(aMatch());
      for (let i = 0; i < 10; i++) await a.deadlines.add({ matchId: 'm1', due: i, kind: 'turn', player: 'alice' });
      const first = await a.deadlines.claim(100, 1000, 6);
      const second = await b.deadlines.claim(100, 1000, 6);
      expect(first.length).toBe(6);
      expect(second.length).toBe(4);
      expect(new Set([...first, ...second].map((d) => d.id)).size).toBe(10);
      // Even a row both see (a claim ran out) is marked done by one of them only.
      const id = first[0]!.id;
      expect([await a.deadlines.done(id, 'missed'), await b.deadlines.done(id, 'missed')]).toEqual([true, false]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
