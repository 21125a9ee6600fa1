/**
 * Match rows in and out of the database with their shared parts (match-parts.ts): written with
 * references, each part stored once (`match_parts`, in the same transaction as the row), and read
 * back whole. Both backends: the SQLite store's synchronous queries and the PostgreSQL store's.
 */
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from './db';
import { packParts, unpackParts, unpackPartsSync } from './match-parts';
import type { PgDb } from './pg-db';
import type { MatchRow } from './rows';
import { matches, matchParts } from './schema';
import { matches as matchesPg, matchParts as matchPartsPg } from './schema-pg';

const partsRows = (parts: ReadonlyMap<string, string>) => [...parts].map(([hash, part]) => ({ hash, part }));
const byHash = (rows: readonly { hash: string; part: string }[]): ReadonlyMap<string, string> => new Map(rows.map((r) => [r.hash, r.part]));

/** The row with its setup and snapshot whole again (a row without references is returned as it is). */
function whole(row: MatchRow, [setup, snapshot]: unknown[]): MatchRow {
  return setup === row.setup && snapshot === row.snapshot ? row : { ...row, setup, snapshot };
}

/** SQLite: a value to write into a match row's setup or snapshot, its parts stored (call inside the row's transaction). */
export function withPartsStored(db: Db, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  const { value: packed, parts } = packParts(value);
  if (parts.size > 0) db.insert(matchParts).values(partsRows(parts)).onConflictDoNothing().run();
  return packed;
}

/** SQLite: a match row as read, whole. */
export function wholeRow(db: Db, row: MatchRow): MatchRow;
export function wholeRow(db: Db, row: MatchRow | undefined): MatchRow | undefined;
export function wholeRow(db: Db, row: MatchRow | undefined): MatchRow | undefined {
  if (!row) return row;
  return whole(
    row,
    unpackPartsSync([row.setup, row.snapshot], (hashes) => byHash(db.select().from(matchParts).where(inArray(matchParts.hash, hashes)).all())),
  );
}

/** PostgreSQL: as withPartsStored. */
export async function withPartsStoredPg(db: PgDb, value: unknown): Promise<unknown> {
  if (value === null || value === undefined) return value;
  const { value: packed, parts } = packParts(value);
  if (parts.size > 0) await db.insert(matchPartsPg).values(partsRows(parts)).onConflictDoNothing();
  return packed;
}

/** PostgreSQL: as wholeRow. */
export async function wholeRowPg(db: PgDb, row: MatchRow | undefined): Promise<MatchRow | undefined> {
  if (!row) return row;
  return whole(
    row,
    await unpackParts([row.setup, row.snapshot], async (hashes) => byHash(await db.select().from(matchPartsPg).where(inArray(matchPartsPg.hash, hashes)))),
  );
}

/**
 * Rows written before parts existed carry their maps whole (a map's JSON has a `"grid":` key, and
 * every setup and snapshot holds a map); a written part never does.
 */
const INLINE = '%"grid":%';
const BATCH = 200;

/**
 * SQLite: rewrites the rows written before parts existed with their parts stored once, a batch at a
 * time (each batch one transaction). A row that changed since it was read is left for the next run;
 * reading needs none of this (an old row reads as it is). Returns the rows rewritten.
 */
export function storeOldRowsParts(db: Db): number {
  let after = '';
  let done = 0;
  for (;;) {
    const rows = db
      .select({ id: matches.id, seq: matches.seq, updated: matches.updated, setup: matches.setup, snapshot: matches.snapshot })
      .from(matches)
      .where(and(gt(matches.id, after), or(sql`${matches.setup} like ${INLINE}`, sql`${matches.snapshot} like ${INLINE}`)))
      .orderBy(asc(matches.id))
      .limit(BATCH)
      .all();
    if (rows.length === 0) return done;
    db.transaction((tx) => {
      for (const r of rows) {
        const set = { setup: withPartsStored(tx, r.setup), snapshot: withPartsStored(tx, r.snapshot) };
        done += tx
          .update(matches)
          .set(set)
          .where(and(eq(matches.id, r.id), eq(matches.seq, r.seq), eq(matches.updated, r.updated)))
          .run().changes;
      }
    });
    after = rows.at(-1)!.id;
  }
}

/** PostgreSQL: as storeOldRowsParts. */
export async function storeOldRowsPartsPg(db: PgDb): Promise<number> {
  const m = matchesPg;
  let after = '';
  let done = 0;
  for (;;) {
    const rows = await db
      .select({ id: m.id, seq: m.seq, updated: m.updated, setup: m.setup, snapshot: m.snapshot })
      .from(m)
      .where(and(gt(m.id, after), or(sql`${m.setup}::text like ${INLINE}`, sql`${m.snapshot}::text like ${INLINE}`)))
      .orderBy(asc(m.id))
      .limit(BATCH);
    if (rows.length === 0) return done;
    await db.transaction(async (tx) => {
      for (const r of rows) {
        const set = { setup: await withPartsStoredPg(tx as unknown as PgDb, r.setup), snapshot: await withPartsStoredPg(tx as unknown as PgDb, r.snapshot) };
        const changed = await tx
          .update(m)
          .set(set)
          .where(and(eq(m.id, r.id), eq(m.seq, r.seq), eq(m.updated, r.updated)))
          .returning({ id: m.id });
        done += changed.length;
      }
    });
    after = rows.at(-1)!.id;
  }
}
