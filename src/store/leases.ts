/**
 * One live bot per database (docs/store.md "One bot per database"). Two processes delivering the same
 * outbox, or racing the same matches, lose posts; so a process takes a named lease at start-up and
 * renews it with a heartbeat. A lease that runs out (its holder crashed or froze) may be taken over.
 */
import { and, eq } from 'drizzle-orm';
import type { Async } from './async';
import type { Clock, Db } from './db';
import type { LeaseRow } from './rows';
import { leases } from './schema';

export interface LeaseClaim {
  name: string;
  holder: string;
  pid: number;
  host: string;
  /** How long the lease lasts without a renewal. */
  ttlMs: number;
  /**
   * Whether a live-looking lease may be taken anyway: its holder is known to be gone (a process on this
   * host that no longer exists), so waiting for it to run out would only delay a restart.
   */
  holderGone?: (lease: LeaseRow) => boolean;
}

export type Acquired = { ok: true; lease: LeaseRow } | { ok: false; heldBy: LeaseRow };

/** The synchronous queries on one SQLite connection; callers see {@link Leases}. */
export interface LeasesSync {
  /** Takes the lease if it is free, run out, already ours, or its holder is gone. */
  acquire(claim: LeaseClaim): Acquired;
  /** Extends our lease; false when it is no longer ours (someone took it over after it ran out). */
  renew(name: string, holder: string, ttlMs: number): boolean;
  /** Gives the lease up, if it is ours. */
  release(name: string, holder: string): void;
  get(name: string): LeaseRow | undefined;
  /** Every lease row, run out or not, by name. */
  all(): LeaseRow[];
}

/** What callers see: every query answers a Promise. */
export type Leases = Async<LeasesSync>;

export function leasesStore(db: Db, now: Clock, transaction: <T>(fn: () => T) => T): LeasesSync {
  const get = (name: string) => db.select().from(leases).where(eq(leases.name, name)).get();
  return {
    acquire: (claim) =>
      transaction((): Acquired => {
        const at = now();
        const held = get(claim.name);
        if (held && held.holder !== claim.holder && held.expires > at && !claim.holderGone?.(held)) return { ok: false, heldBy: held };
        const row = { name: claim.name, holder: claim.holder, pid: claim.pid, host: claim.host, acquired: at, expires: at + claim.ttlMs };
        const lease = db.insert(leases).values(row).onConflictDoUpdate({ target: leases.name, set: row }).returning().get();
        return { ok: true, lease };
      }),
    renew: (name, holder, ttlMs) =>
      db
        .update(leases)
        .set({ expires: now() + ttlMs })
        .where(and(eq(leases.name, name), eq(leases.holder, holder)))
        .run().changes > 0,
    release(name, holder) {
      db.delete(leases)
        .where(and(eq(leases.name, name), eq(leases.holder, holder)))
        .run();
    },
    get,
    all: () => db.select().from(leases).orderBy(leases.name).all(),
  };
}
