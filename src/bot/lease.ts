/**
 * One live bot per database (docs/store.md "One bot per database"): the process takes the lease at
 * start-up, renews it every few seconds, and gives it up when it stops. A second process is refused
 * with the holder's pid and host. A crashed holder's lease runs out after `ttlMs`; on the same host a
 * holder whose process is gone is taken over at once, so a restart after a crash is not delayed.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { LeaseRow, Store } from '../store';
import { StartupError } from './startup-error';

export interface LeaseOptions {
  /** The lease's name: one per database with SQLite; one per set of shards on PostgreSQL. */
  readonly name?: string;
  readonly ttlMs?: number;
  readonly renewMs?: number;
  /** Called if the lease is lost (taken over after this process froze past its ttl). */
  readonly onLost: () => void;
  readonly log: (message: string, error?: unknown) => void;
}

export interface HeldLease {
  readonly row: LeaseRow;
  /** False once another process took the lease over. */
  held(): boolean;
  release(): Promise<void>;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const ago = (ms: number) => `${Math.max(0, Math.round(ms / 1000))} s ago`;

export async function takeLease(store: Store, options: LeaseOptions): Promise<HeldLease> {
  const name = options.name ?? 'bot';
  const ttlMs = options.ttlMs ?? 30_000;
  const holder = randomBytes(8).toString('hex');
  const host = hostname();
  const claim = { name, holder, pid: process.pid, host, ttlMs, holderGone: (l: LeaseRow) => l.host === host && !processExists(l.pid) };
  const got = await store.leases.acquire(claim);
  if (!got.ok) {
    const l = got.heldBy;
    throw new StartupError(
      `Another bot is already running on this database: process ${l.pid} on ${l.host}, started ${ago(Date.now() - l.acquired)}. ` +
        `One database serves one bot process; stop that one first (its claim runs out ${Math.ceil((l.expires - Date.now()) / 1000)} s after it stops renewing it).`,
    );
  }
  let lost = false;
  const beat = setInterval(async () => {
    try {
      if (await store.leases.renew(name, holder, ttlMs)) return;
      lost = true;
    } catch (error) {
      // A busy database: the lease still has time; try at the next beat.
      options.log('could not renew the database lease', error);
      return;
    }
    clearInterval(beat);
    options.log(`lost the database lease "${name}" to another process; stopping`);
    options.onLost();
  }, options.renewMs ?? 10_000);
  beat.unref();
  return {
    row: got.lease,
    held: () => !lost,
    async release() {
      clearInterval(beat);
      if (!lost) await store.leases.release(name, holder);
    },
  };
}
