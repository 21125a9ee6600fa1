/**
 * A throw-away PostgreSQL server for the store's real-server test tier and the benchmarks on
 * PostgreSQL (bench-bot.ts, bench-scale.ts): `initdb` a cluster in a temp folder, start it
 * with `pg_ctl` on a free port (as the `postgres` user when the tests run as root, since PostgreSQL
 * refuses to run as root), and remove it afterwards. Where the binaries are missing, `startPgServer`
 * answers null and the tier says so in one line and skips.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PgServer {
  /** The `postgres` database, for administration; `database()` makes one for a store. */
  readonly url: string;
  /** Creates an empty database on this server and answers its URL (the name must be a plain identifier). */
  database(name: string): Promise<string>;
  /** The server's main process (postmaster); each connection is a child of it. */
  pid(): number;
  /** Stops the server at once, as a crash or `pg_ctl stop -m immediate` does, keeping its data (tests of an outage). */
  halt(): void;
  /** Starts a halted server again on the same port, with the same data; resolves once it takes connections. */
  restart(): void;
  stop(): void;
}

const BIN_DIRS = ['/usr/local/bin', '/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin', '/usr/bin'];

/** A PostgreSQL program (initdb, pg_dump, pg_restore…) of the server's own version, or null. */
export function binary(name: string): string | null {
  for (const dir of BIN_DIRS) if (existsSync(join(dir, name))) return join(dir, name);
  return null;
}

/** A TCP port on 127.0.0.1 that is free now (the server's, and the bot benchmark's metrics). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Why the real-server tier cannot run here, or null when it can. */
export function pgServerMissing(): string | null {
  if (!binary('initdb') || !binary('pg_ctl')) return 'no PostgreSQL server binaries (initdb, pg_ctl) on this machine';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root with no postgres user to run the server as';
    }
  }
  return null;
}

export interface PgServerOptions {
  /**
   * Write to disk as a production server does (fsync on), for the benchmarks; the tests' cluster skips
   * fsync, since it is thrown away and only its answers matter.
   */
  readonly durable?: boolean;
}

export async function startPgServer(options: PgServerOptions = {}): Promise<PgServer | null> {
  if (pgServerMissing()) return null;
  const initdb = binary('initdb')!;
  const pgCtl = binary('pg_ctl')!;
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'sellsword-pg-'));
  const data = join(dir, 'data');
  // As root, the cluster belongs to `postgres`: the folder must be theirs to write.
  const as = (cmd: string, args: string[]) =>
    root ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' }) : execFileSync(cmd, args, { stdio: 'pipe' });
  if (root) {
    chmodSync(dir, 0o777);
    execFileSync('chown', ['postgres', dir]);
  }
  const stop = () => {
    try {
      // A halted server has nothing left to stop.
      if (existsSync(join(data, 'postmaster.pid'))) as(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    const port = await freePort();
    as(initdb, ['-D', data, '-U', 'sellsword', '--auth=trust', '-E', 'UTF8', ...(options.durable ? [] : ['--no-sync'])]);
    const start = () =>
      as(pgCtl, [
        '-D',
        data,
        '-l',
        join(dir, 'log'),
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${options.durable ? 'on' : 'off'}`,
        'start',
      ]);
    start();
    const url = `postgres://sellsword@127.0.0.1:${port}/postgres`;
    return {
      url,
      async database(name) {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          await admin.query(`create database ${name}`);
        } finally {
          await admin.end();
        }
        return url.replace(/\/postgres$/, `/${name}`);
      },
      pid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
      halt: () => as(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']),
      restart: start,
      stop,
    };
  } catch (error) {
    // A cluster made but not started, or started half-way: nothing of it is left behind.
    stopQuietly({ stop });
    throw error;
  }
}

/** Stops a throw-away server without throwing: in an exit handler, or after another error. */
export function stopQuietly(server: Pick<PgServer, 'stop'> | null): void {
  try {
    server?.stop();
  } catch (error) {
    console.error(`The throw-away PostgreSQL server did not stop cleanly: ${error instanceof Error ? error.message : String(error)}`);
  }
}
