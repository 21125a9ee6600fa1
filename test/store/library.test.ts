import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store';
import { memoryStore, testClock } from './fixture';
import type { TestClock } from './fixture';

describe('players, maps, catalogs and leagues', () => {
  let clock: TestClock;
  let store: Store;
  beforeEach(() => {
    clock = testClock();
    store = memoryStore(clock);
  });

  it('upserts a player, refreshing the name and keeping the created time', async () => {
    const created = clock();
    expect(await store.players.upsert({ id: 'u1', name: 'Alice' })).toEqual({ id: 'u1', name: 'Alice', created, updated: created });
    const later = clock.advance(1000);
    expect(await store.players.upsert({ id: 'u1', name: 'Alice B.' })).toEqual({ id: 'u1', name: 'Alice B.', created, updated: later });
    expect((await store.players.get('u1'))?.name).toBe('Alice B.');
    expect(await store.players.get('u2')).toBeUndefined();
  });

  it('saves maps, replaces by id, and lists the ones a guild may use', async () => {
    await store.maps.save({ id: 'hill', name: 'Barrow Hill', gridmap: { v: 1 } });
    await store.maps.save({ id: 'mine', name: 'A Mine', gridmap: { v: 1 }, owner: 'u1', guildId: 'g1' });
    await store.maps.save({ id: 'theirs', name: 'Their Map', gridmap: { v: 1 }, owner: 'u2', guildId: 'g2' });
    const created = (await store.maps.get('hill'))?.created;
    clock.advance(1000);
    expect(await store.maps.save({ id: 'hill', name: 'Barrow Hill', gridmap: { v: 2 } })).toMatchObject({
      gridmap: { v: 2 },
      owner: null,
      guildId: null,
      created,
    });
    expect((await store.maps.list()).map((m) => m.id)).toEqual(['mine', 'hill', 'theirs']);
    expect((await store.maps.list('g1')).map((m) => m.id)).toEqual(['mine', 'hill']);
    expect(await store.maps.get('nope')).toBeUndefined();
  });

  it('saves catalogs, replaces by id, and lists them by faction', async () => {
    await store.catalogs.save({ id: 'b', faction: 'Valor', document: { cards: ['x'] }, owner: 'u1' });
    await store.catalogs.save({ id: 'a', faction: 'Havoc', document: { cards: [] }, owner: 'u1' });
    await store.catalogs.save({ id: 'b', faction: 'Valor', document: { cards: ['y'] }, owner: 'u2' });
    expect(await store.catalogs.get('b')).toMatchObject({ document: { cards: ['y'] }, owner: 'u2' });
    expect((await store.catalogs.list()).map((c) => c.id)).toEqual(['a', 'b']);
    expect((await store.catalogs.list('Valor')).map((c) => c.id)).toEqual(['b']);
  });

  it('ensures a league once per channel, renaming it if asked', async () => {
    const first = await store.leagues.ensure('g1', 'c1', 'Autumn');
    clock.advance(1000);
    expect(await store.leagues.ensure('g1', 'c1', 'Autumn')).toEqual(first);
    expect(await store.leagues.ensure('g1', 'c1', 'Winter')).toEqual({ ...first, name: 'Winter' });
    await store.leagues.ensure('g1', 'c2', 'Beginners');
    await store.leagues.ensure('g2', 'c3', 'Elsewhere');
    expect((await store.leagues.list('g1')).map((l) => l.name)).toEqual(['Beginners', 'Winter']);
    expect(await store.leagues.get('c9')).toBeUndefined();
  });
});
