/**
 * The database's own failures (store/trouble.ts) and what a player is told about each (bot/router.ts):
 * with real errors from better-sqlite3 (a full database, a read-only file, a file deleted under the
 * bot) and node-postgres's shapes (a full disk, a server that is gone), each wrapped as drizzle wraps them.
 */
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, describe, expect, it } from 'vitest';
import { whatToSay } from '../../src/bot/router';
import { CommitUnknown, isDown, troubleOf } from '../../src/store';

const dir = mkdtempSync(join(tmpdir(), 'sellsword-trouble-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The error better-sqlite3 throws for `sql` on a database set up by `prepare`. */
function sqliteError(prepare: (db: Database.Database, file: string) => Database.Database, sql: string): unknown {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.db`);
  const db = prepare(new Database(file), file);
  try {
    db.exec(sql);
  } catch (error) {
    return new DrizzleQueryError(sql, [], error as Error);
  } finally {
    db.close();
  }
  throw new Error(`${sql} did not fail`);
}

/** node-postgres's DatabaseError: an Error with the SQLSTATE as `code`. */
const pgError = (code: string) => new DrizzleQueryError('insert …', [], Object.assign(new Error('failed'), { code, severity: 'ERROR' }));

describe('a full disk', () => {
  const full = sqliteError((db) => {
    db.exec('create table t (x text)');
    db.pragma('max_page_count = 3');
    return db;
  }, 'insert into t select hex(randomblob(4000)) from (with recursive n(i) as (select 1 union all select i + 1 from n where i < 50) select i from n)');

  it('is told as a full disk, not as a bug (SQLite SQLITE_FULL)', () => {
    expect(troubleOf(full)).toBe('full');
    expect(whatToSay(full, false)).toMatch(/disk is full, so nothing was changed/);
  });

  it('is told as a full disk on PostgreSQL (53100)', () => {
    expect(troubleOf(pgError('53100'))).toBe('full');
    expect(whatToSay(pgError('53100'), false)).toMatch(/disk is full, so nothing was changed/);
  });
});

describe('a database that cannot be written or reached', () => {
  it('a read-only SQLite file', () => {
    const readOnly = sqliteError((db, file) => {
      db.exec('create table t (x)');
      db.close();
      return new Database(file, { readonly: true });
    }, 'insert into t values (1)');
    expect(troubleOf(readOnly)).toBe('read-only');
    expect(whatToSay(readOnly, false)).toMatch(/cannot write to its database right now, so nothing was changed/);
  });

  it('a SQLite file deleted under the bot', () => {
    const moved = sqliteError((db, file) => {
      db.exec('create table t (x)');
      unlinkSync(file);
      return db;
    }, 'insert into t values (1)');
    expect(isDown(moved)).toBe(true);
    expect(whatToSay(moved, false)).toMatch(/nothing was changed/);
  });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection lost under a query', new Error('Connection terminated unexpectedly')],
    ['a shutting-down server (57P01)', pgError('57P01')],
    ['a starting server (57P03)', pgError('57P03')],
  ])('a PostgreSQL server that is gone: %s', (_, error) => {
    const wrapped = new DrizzleQueryError('select 1', [], error);
    expect(troubleOf(wrapped)).toBe('unavailable');
    expect(whatToSay(wrapped, false)).toMatch(/The table is unavailable right now .*nothing was changed\. Try again in a minute\./);
  });

  it('a COMMIT lost with its connection may have been saved, and the player is told so', () => {
    const lost = new CommitUnknown(new Error('Connection terminated unexpectedly'));
    expect(isDown(lost)).toBe(true);
    expect(whatToSay(lost, false)).toMatch(/may or may not have been/);
  });

  it('a busy database is not down, and other errors are bugs', () => {
    expect(troubleOf(pgError('40P01'))).toBe('busy');
    expect(isDown(pgError('40P01'))).toBe(false);
    expect(troubleOf(pgError('23505'))).toBeUndefined();
    expect(whatToSay(new Error('plain'), false)).toMatch(/Something went wrong on our side/);
  });
});
