import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store';
import type { NewWarband, Store } from '../../src/store';
import { memoryStore, testClock } from './fixture';
import type { TestClock } from './fixture';

const raiders = (over: Partial<NewWarband> = {}): NewWarband => ({
  owner: 'alice',
  name: 'Raiders',
  faction: 'Havoc',
  points: 98,
  document: { name: 'Raiders', faction: 'Havoc', units: [{ card: 'havoc-ghoul', mod: undefined }] },
  source: 'Raiders | Havoc | barrow-hill | havoc-ghoul',
  ...over,
});

describe('warbands', () => {
  let clock: TestClock;
  let store: Store;
  beforeEach(async () => {
    clock = testClock();
    store = memoryStore(clock);
    await store.players.upsert({ id: 'alice', name: 'Alice' });
    await store.players.upsert({ id: 'bob', name: 'Bob' });
  });

  it('saves and reads back a warband with its document and source', async () => {
    const saved = await store.warbands.save(raiders());
    expect(saved).toMatchObject({ owner: 'alice', name: 'Raiders', faction: 'Havoc', points: 98, created: clock(), updated: clock() });
    // undefined members vanish in JSON, as they would in any upload.
    expect((await store.warbands.get('alice', 'Raiders'))?.document).toEqual({ name: 'Raiders', faction: 'Havoc', units: [{ card: 'havoc-ghoul' }] });
    expect((await store.warbands.get('alice', 'Raiders'))?.source).toBe('Raiders | Havoc | barrow-hill | havoc-ghoul');
  });

  it('replaces the same owner and name, keeping the id and created time', async () => {
    const first = await store.warbands.save(raiders());
    const later = clock.advance(60_000);
    const second = await store.warbands.save(raiders({ points: 100, faction: 'Valor', source: 'changed' }));
    expect(second).toMatchObject({ id: first.id, created: first.created, updated: later, points: 100, faction: 'Valor', source: 'changed' });
    expect(await store.warbands.list('alice')).toHaveLength(1);
  });

  it('keeps names apart per owner and lists one owner by name', async () => {
    await store.warbands.save(raiders({ name: 'Zealots' }));
    await store.warbands.save(raiders());
    await store.warbands.save(raiders({ owner: 'bob' }));
    expect((await store.warbands.list('alice')).map((w) => w.name)).toEqual(['Raiders', 'Zealots']);
    expect((await store.warbands.list('bob')).map((w) => w.name)).toEqual(['Raiders']);
    expect(await store.warbands.list('carol')).toEqual([]);
  });

  it('removes one warband and says whether there was one', async () => {
    await store.warbands.save(raiders());
    await store.warbands.save(raiders({ owner: 'bob' }));
    expect(await store.warbands.remove('alice', 'Raiders')).toBe(true);
    expect(await store.warbands.remove('alice', 'Raiders')).toBe(false);
    expect(await store.warbands.get('alice', 'Raiders')).toBeUndefined();
    expect(await store.warbands.get('bob', 'Raiders')).toBeDefined();
  });

  it('refuses a second row with the same owner and name at the database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sellsword-warbands-'));
    try {
      const file = join(dir, 'w.db');
      const onFile = openStore(file);
      await onFile.players.upsert({ id: 'alice', name: 'Alice' });
      await onFile.warbands.save(raiders());
      await onFile.close();
      // Only the store's upsert replaces; a plain insert (a bug, another tool) hits the unique index.
      const raw = new Database(file);
      const insert = raw.prepare(
        "insert into warbands (owner, name, faction, points, document, source, created_at, updated_at) values ('alice', ?, 'Havoc', 1, '{}', '', 0, 0)",
      );
      expect(() => insert.run('Raiders')).toThrow(/UNIQUE constraint failed: warbands.owner, warbands.name/);
      expect(() => insert.run('raiders')).not.toThrow();
      raw.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
