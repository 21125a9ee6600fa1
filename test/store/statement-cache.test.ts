/**
 * Statements compiled once per SQL text (src/store/statement-cache.ts): a query drizzle runs again
 * with other parameters reuses the statement compiled the first time, rows come back as before (a
 * statement drizzle set to give arrays gives objects again when handed out anew), and the store's
 * repeated queries compile nothing new.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { reuseStatements } from '../../src/store/statement-cache';
import { aMatch, memoryStore } from './fixture';

/** A connection whose compilations are counted, by SQL text. */
function counted(): { sqlite: Database.Database; compiled: string[] } {
  const sqlite = new Database(':memory:');
  const compiled: string[] = [];
  const compile = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    compiled.push(source);
    return compile(source);
  }) as typeof sqlite.prepare;
  return { sqlite, compiled };
}

describe('statements reused by SQL text', () => {
  it('compiles a text once, and a statement set to give arrays gives objects again when handed out anew', () => {
    const { sqlite, compiled } = counted();
    reuseStatements(sqlite);
    sqlite.exec('create table t (id integer primary key, name text)');
    for (const name of ['a', 'b', 'c']) sqlite.prepare('insert into t (name) values (?)').run(name);
    expect(sqlite.prepare('select id, name from t where id = ?').raw().get(2)).toEqual([2, 'b']);
    expect(sqlite.prepare('select id, name from t where id = ?').get(3)).toEqual({ id: 3, name: 'c' });
    expect(compiled.filter((s) => s.startsWith('insert'))).toHaveLength(1);
    expect(compiled.filter((s) => s.startsWith('select'))).toHaveLength(1);
    sqlite.close();
  });

  it('keeps a bounded number of texts', () => {
    const { sqlite, compiled } = counted();
    reuseStatements(sqlite, 2);
    for (const n of [1, 2, 3, 1]) sqlite.prepare(`select ${n} as n`).get();
    expect(compiled).toEqual(['select 1 as n', 'select 2 as n', 'select 3 as n', 'select 1 as n']);
    sqlite.close();
  });

  it('lets the store read and write as before', async () => {
    const store = memoryStore();
    for (const id of ['m1', 'm2']) await store.matches.create(aMatch({ id, players: ['alice', 'bob'] }));
    await store.outbox.add([{ matchId: 'm1', channelId: 'c1', body: { kind: 'text', content: 'one' } }]);
    await store.outbox.add([{ matchId: 'm2', channelId: 'c1', body: { kind: 'text', content: 'two' } }]);
    expect((await store.outbox.pending('m1')).map((r) => r.body)).toEqual([{ kind: 'text', content: 'one' }]);
    expect((await store.outbox.pending('m2')).map((r) => r.body)).toEqual([{ kind: 'text', content: 'two' }]);
    expect((await store.matches.forPlayer('alice')).map((m) => m.id).sort()).toEqual(['m1', 'm2']);
  });
});
