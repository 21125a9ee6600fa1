/** Leases on PostgreSQL: the queries of leases.ts (see there) through drizzle's asynchronous drivers. */
import { and, eq } from 'drizzle-orm';
import type { Acquired, Leases } from './leases';
import { first, type PgRun } from './pg-db';
import * as t from './schema-pg';

export function leasesPg({ q, now, inTransaction }: PgRun): Leases {
  return {
    acquire: (claim) =>
      inTransaction(async (tx): Promise<Acquired> => {
        const at = now();
        const row = { name: claim.name, holder: claim.holder, pid: claim.pid, host: claim.host, acquired: at, expires: at + claim.ttlMs };
        // A lease nobody holds is taken by inserting it: of two claims at once, the second's insert
        // waits for the first's commit and then does nothing, and it goes on to read the first's row.
        // (Reading first would lock no row when there is none, and both claims would take it.)
        const fresh = first(await tx.insert(t.leases).values(row).onConflictDoNothing().returning());
        if (fresh) return { ok: true, lease: fresh };
        const held = first(await tx.select().from(t.leases).where(eq(t.leases.name, claim.name)).for('update'));
        if (held && held.holder !== claim.holder && held.expires > at && !claim.holderGone?.(held)) return { ok: false, heldBy: held };
        const rows = await tx.insert(t.leases).values(row).onConflictDoUpdate({ target: t.leases.name, set: row }).returning();
        return { ok: true, lease: rows[0]! };
      }),
    renew: async (name, holder, ttlMs) =>
      (
        await q()
          .update(t.leases)
          .set({ expires: now() + ttlMs })
          .where(and(eq(t.leases.name, name), eq(t.leases.holder, holder)))
          .returning({ name: t.leases.name })
      ).length > 0,
    async release(name, holder) {
      await q()
        .delete(t.leases)
        .where(and(eq(t.leases.name, name), eq(t.leases.holder, holder)));
    },
    get: async (name) => first(await q().select().from(t.leases).where(eq(t.leases.name, name))),
    all: () => q().select().from(t.leases).orderBy(t.leases.name),
  };
}
