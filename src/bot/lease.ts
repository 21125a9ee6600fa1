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
  /** The lease's name: "bot" for an unsharded bot, one per shard otherwise (shard.ts leaseName). */
  readonly name?: string;
  /** What holds it, for the refusal: "Another bot" by default, "Shard 1 of 2" for a shard's. */
  readonly who?: string;
  readonly ttlMs?: number;
  readonly renewMs?: number;
  /** Called if the lease is lost (taken over after this process froze past its ttl). */
  readonly onLost: () => void;
  readonly log: (message: string, error?: unknown) => void;
  /**
   * Whether another live lease of the database rules this one out (shard.ts leaseClash), and the one
   * sentence that says so. Checked after taking our own: of two clashing processes starting at once,
   * each sees the other's lease once its own is written, so at least one of them is refused.
   */
  readonly clashes?: (other: LeaseRow) => string | undefined;
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
    const runsOut = `its claim runs out ${Math.ceil((l.expires - Date.now()) / 1000)} s after it stops renewing it`;
    throw new StartupError(
      options.who
        ? `${options.who} is already running on this database: process ${l.pid} on ${l.host}, started ${ago(Date.now() - l.acquired)}. ` +
            `Each shard runs in one process; stop that one first (${runsOut}).`
        : `Another bot is already running on this database: process ${l.pid} on ${l.host}, started ${ago(Date.now() - l.acquired)}. ` +
            `One database serves one bot process; stop that one first (${runsOut}).`,
    );
  }
  if (options.clashes) {
    const at = Date.now();
    const others = (await store.leases.all()).filter((l) => l.name !== name && l.expires > at && !claim.holderGone(l));
    const clash = others.map(options.clashes).find((why) => why !== undefined);
    if (clash) {
      await store.leases.release(name, holder);
      throw new StartupError(clash);
    }
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
