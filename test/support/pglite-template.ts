/**
 * PGlite databases for the tests, each a copy of one made and migrated once. Making a PGlite database
 * runs initdb inside WebAssembly, which costs several times more than loading a copy of a finished
 * one, and the store tests make dozens. The copy is kept in the temp folder under a name hashing the
 * migrations and PGlite's version, so every test process, and the next run, loads the same one; a new
 * migration makes a new name, and older copies are removed when it is written.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Store } from '../../src/store';
import type { Clock } from '../../src/store/db';
import { PG_MIGRATIONS_FOLDER } from '../../src/store/open-pg';
import { pgStore, type PgConnection, type PgDb } from '../../src/store/pg-store';

const PREFIX = 'sellsword-pglite-template-';

/** Names the template by everything that shapes it: each migration file, and PGlite's version. */
function templateName(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(fileURLToPath(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url))));
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(PG_MIGRATIONS_FOLDER);
  return `${PREFIX}${hash.digest('hex').slice(0, 16)}.tar`;
}

let template: Promise<Blob> | undefined;

/** The migrated database as a PGlite data-folder archive: read from the temp folder, or made there once. */
function templateArchive(): Promise<Blob> {
  template ??= (async () => {
    const name = templateName();
    const path = join(tmpdir(), name);
    try {
      return new Blob([readFileSync(path)]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const made = new PGlite();
    try {
      await migrate(drizzle({ client: made }), { migrationsFolder: PG_MIGRATIONS_FOLDER });
      const archive = await made.dumpDataDir('none');
      // Written aside and renamed: a process reading it meanwhile sees the whole file or none.
      const partial = `${path}.${process.pid}`;
      writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
      renameSync(partial, path);
      for (const old of readdirSync(tmpdir())) if (old.startsWith(PREFIX) && old.endsWith('.tar') && old !== name) rmSync(join(tmpdir(), old), { force: true });
      return archive;
    } finally {
      await made.close();
    }
  })();
  return template;
}

/**
 * A PGlite database with the migrations applied, as `openPgDatabase('pglite:')` makes one; with a
 * folder, kept there as `pglite:FOLDER` keeps it (the folder must be new).
 */
export async function migratedPglite(folder?: string): Promise<PGlite> {
  const client = new PGlite({ ...(folder ? { dataDir: folder } : {}), loadDataDir: await templateArchive() });
  // Nothing to do on a current template; it checks the copy is one.
  await migrate(drizzle({ client }), { migrationsFolder: PG_MIGRATIONS_FOLDER });
  return client;
}

/** A new folder for `pglite:FOLDER`, already holding the migrated database. */
export async function migratedPgliteFolder(folder: string): Promise<string> {
  await (await migratedPglite(folder)).close();
  return folder;
}

/** The drizzle connection `openPgDatabase('pglite:')` answers, on a copy of the template. */
export async function pgliteConnection(): Promise<PgConnection> {
  const client = await migratedPglite();
  return { db: drizzle({ client }) as unknown as PgDb, close: () => client.close() };
}

/** The store `openPgStore('pglite:', { now })` opens, on a copy of the template. */
export async function pgliteStore(now?: Clock): Promise<Store> {
  return pgStore(await pgliteConnection(), now);
}

/**
 * Databases for a file whose tests each want an empty one: one PGlite copy for the whole file, its
 * tables emptied (and their id sequences reset) before each connection or store is handed out, which
 * costs far less than loading a copy per test. Their close() leaves the database open for the next
 * test; `end()` closes it (call it in afterAll).
 */
export function emptiedPgliteStores(): { connection(): Promise<PgConnection>; open(now?: Clock): Promise<Store>; end(): Promise<void> } {
  let client: Promise<PGlite> | undefined;
  const connection = async (): Promise<PgConnection> => {
    client ??= migratedPglite();
    const db = await client;
    const { rows } = await db.query<{ name: string }>(`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`);
    await db.exec(`truncate ${rows.map((r) => r.name).join(', ')} restart identity cascade`);
    return { db: drizzle({ client: db }) as unknown as PgDb, close: async () => undefined };
  };
  return {
    connection,
    async open(now) {
      return pgStore(await connection(), now);
    },
    async end() {
      await (await client)?.close();
    },
  };
}
