/**
 * One declaration, two dialects: schema.ts declares each table once with the words below, and each
 * declaration builds the SQLite table (what `table` returns, so schema.ts exports the SQLite tables
 * drizzle-kit reads for migrations/) and its PostgreSQL twin (`postgresTables`, which schema-pg.ts
 * exports for migrations-pg/). Every word calls the same drizzle builder on each side that a
 * hand-written schema would, so both dialects' tables keep drizzle's own types and SQL.
 *
 * What each word is on each side:
 * - `text`: text; with `{ enum }` its values are the column's type (a check says so in SQL where one is declared).
 * - `ms`: milliseconds, a time since the epoch or a duration: SQLite `integer`, PostgreSQL `bigint`
 *   (milliseconds do not fit an `integer`), read back as numbers on both.
 * - `integer`: a small whole number, `integer` on both.
 * - `real`: SQLite `real`, PostgreSQL `double precision`.
 * - `bool`: SQLite `integer` 0/1, PostgreSQL `boolean`.
 * - `json`: SQLite `text` holding JSON, PostgreSQL `json` (kept as written; `jsonb` would reorder keys);
 *   `.$type<T>()` names the document's type.
 * - `bytes`: SQLite `blob`, PostgreSQL `bytea`, read back as a Buffer on both.
 * - `serial`: an autoincrement key: SQLite `integer primary key autoincrement`, PostgreSQL an identity
 *   column "by default", so a copy (store/copy.ts) may still set it.
 */
import { type $Type, getTableColumns, getTableName, type HasDefault, type IsPrimaryKey, is, type NotNull, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  json as pgJson,
  check as pgCheck,
  index as pgIndex,
  integer as pgInteger,
  primaryKey as pgPrimaryKey,
  text as pgText,
  uniqueIndex as pgUniqueIndex,
  ExtraConfigColumn,
  type PgColumn,
  type PgColumnBuilderBase,
  PgTable,
  pgTable,
  type PgTableExtraConfigValue,
} from 'drizzle-orm/pg-core';
import {
  blob,
  index as liteIndex,
  integer as liteInteger,
  primaryKey as litePrimaryKey,
  real as liteReal,
  text as liteText,
  uniqueIndex as liteUniqueIndex,
  check as liteCheck,
  SQLiteColumn,
  SQLiteIntegerBuilder,
  type SQLiteColumnBuilderBase,
  SQLiteTable,
  sqliteTable,
  type SQLiteTableExtraConfigValue,
} from 'drizzle-orm/sqlite-core';

/**
 * The builder calls a column makes on both sides. drizzle's builders change themselves and return
 * themselves, so a column keeps its two builders and only its types change.
 */
interface Chain {
  notNull(): unknown;
  default(value: unknown): unknown;
  primaryKey(): unknown;
  unique(): unknown;
  references(ref: () => AnyColumn, actions?: References): unknown;
}
type References = { onDelete?: 'cascade' | 'set null' };

/** A column's builders for both dialects, of the types drizzle's own builders have. */
export class Column<L extends SQLiteColumnBuilderBase & Chain, P extends PgColumnBuilderBase & Chain> {
  constructor(
    readonly lite: L,
    readonly pg: P,
  ) {}

  /** The column's type in TypeScript: a JSON column's document, a key's brand. */
  $type<T>(): Column<$Type<L, T>, $Type<P, T>> {
    return new Column(this.lite as $Type<L, T>, this.pg as $Type<P, T>);
  }

  notNull(): Column<NotNull<L>, NotNull<P>> {
    this.lite.notNull();
    this.pg.notNull();
    return new Column(this.lite as NotNull<L>, this.pg as NotNull<P>);
  }

  default(value: Data<L> | SQL): Column<HasDefault<L>, HasDefault<P>> {
    this.lite.default(value);
    this.pg.default(value);
    return new Column(this.lite as HasDefault<L>, this.pg as HasDefault<P>);
  }

  /** Text keys only: an integer key is a `serial` (SQLite counts `integer primary key` as defaulted). */
  primaryKey(): Column<IsPrimaryKey<NotNull<L>>, IsPrimaryKey<NotNull<P>>> {
    const builder: object = this.lite;
    if (is(builder, SQLiteIntegerBuilder)) throw new Error('an integer key is a serial');
    this.lite.primaryKey();
    this.pg.primaryKey();
    return new Column(this.lite as IsPrimaryKey<NotNull<L>>, this.pg as IsPrimaryKey<NotNull<P>>);
  }

  unique(): this {
    this.lite.unique();
    this.pg.unique();
    return this;
  }

  /** A row that belongs to the one `to` names: required, and deleted with it (the foreign key cascades). */
  belongsTo(to: () => SQLiteColumn): Column<NotNull<L>, NotNull<P>> {
    return this.notNull().references(to, { onDelete: 'cascade' });
  }

  /** `to` names the SQLite column; the PostgreSQL side refers to its twin of the same name. */
  references(to: () => SQLiteColumn, actions?: References): this {
    this.lite.references(to, actions);
    this.pg.references(() => postgresColumn(to()), actions);
    return this;
  }
}

type Data<B extends SQLiteColumnBuilderBase> = B['_'] extends { $type: infer U } ? U : B['_']['data'];

const both = <L extends SQLiteColumnBuilderBase & Chain, P extends PgColumnBuilderBase & Chain>(lite: L, pg: P) => new Column(lite, pg);

export function text<N extends string, U extends string, E extends Readonly<[U, ...U[]]>>(name: N, config?: { enum: E }) {
  return both(liteText(name, config), pgText(name, config));
}

export const ms = <N extends string>(name: N) => both(liteInteger(name), bigint(name, { mode: 'number' }));
export const integer = <N extends string>(name: N) => both(liteInteger(name), pgInteger(name));
export const real = <N extends string>(name: N) => both(liteReal(name), doublePrecision(name));
export const bool = <N extends string>(name: N) => both(liteInteger(name, { mode: 'boolean' }), boolean(name));
export const json = <N extends string>(name: N) => both(liteText(name, { mode: 'json' }), pgJson(name));
export const serial = <N extends string>(name: N) =>
  both(liteInteger(name).primaryKey({ autoIncrement: true }), pgInteger(name).primaryKey().generatedByDefaultAsIdentity());

/** node-postgres reads a `bytea` as a Buffer, PGlite as a Uint8Array: both are read back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
export const bytes = <N extends string>(name: N) => both(blob(name, { mode: 'buffer' }).$type<Buffer>(), bytea(name));

/*
 * Keys, indexes and checks, spelled as drizzle spells them. A table's extras run once per dialect with
 * that dialect's columns (so a check's SQL names each dialect's column); these words record what to
 * build, and `table` builds it with that dialect's own builder.
 */
type AnyColumn = SQLiteColumn | PgColumn;

class IndexSpec {
  constructor(
    readonly name: string,
    readonly unique: boolean,
    readonly columns: readonly AnyColumn[],
    readonly condition?: SQL,
  ) {}

  where(condition: SQL): IndexSpec {
    return new IndexSpec(this.name, this.unique, this.columns, condition);
  }
}

class KeySpec {
  constructor(readonly columns: readonly AnyColumn[]) {}
}

class CheckSpec {
  constructor(
    readonly name: string,
    readonly condition: SQL,
  ) {}
}

type Extra = IndexSpec | KeySpec | CheckSpec;

export const index = (name: string) => ({ on: (...columns: AnyColumn[]) => new IndexSpec(name, false, columns) });
export const uniqueIndex = (name: string) => ({ on: (...columns: AnyColumn[]) => new IndexSpec(name, true, columns) });
export const primaryKey = (config: { columns: AnyColumn[] }) => new KeySpec(config.columns);
export const check = (name: string, condition: SQL) => new CheckSpec(name, condition);

/** The columns an extra names, as one dialect's; any other is a programming error. */
function columnsOf<C extends AnyColumn>(columns: readonly AnyColumn[], ofDialect: (c: AnyColumn) => c is C): [C, ...C[]] {
  const [first, ...rest] = columns.map((c) => {
    if (!ofDialect(c)) throw new Error(`${c.name} is not a column of this dialect`);
    return c;
  });
  if (!first) throw new Error('a key or index names no column');
  return [first, ...rest];
}

function liteExtra(extra: Extra): SQLiteTableExtraConfigValue {
  if (extra instanceof CheckSpec) return liteCheck(extra.name, extra.condition);
  const columns = columnsOf(extra.columns, (c) => is(c, SQLiteColumn));
  if (extra instanceof KeySpec) return litePrimaryKey({ columns });
  const built = (extra.unique ? liteUniqueIndex : liteIndex)(extra.name).on(...columns);
  return extra.condition ? built.where(extra.condition) : built;
}

function pgExtra(extra: Extra): PgTableExtraConfigValue {
  if (extra instanceof CheckSpec) return pgCheck(extra.name, extra.condition);
  const columns = columnsOf(extra.columns, (c) => is(c, ExtraConfigColumn));
  if (extra instanceof KeySpec) return pgPrimaryKey({ columns });
  const built = (extra.unique ? pgUniqueIndex : pgIndex)(extra.name).on(...columns);
  return extra.condition ? built.where(extra.condition) : built;
}

/*
 * Tables. `table` returns the SQLite table carrying its PostgreSQL twin under POSTGRES.
 */

const POSTGRES: unique symbol = Symbol('postgres twin');

type AnyBuilders = Column<SQLiteColumnBuilderBase & Chain, PgColumnBuilderBase & Chain>;
type Columns<C> = { [K in keyof C]: AnyBuilders };
type Side = 'lite' | 'pg';

/** One side's builders, by the columns' keys (the keys of the table's row). */
function builders<C extends Columns<C>, S extends Side>(columns: C, side: S): { [K in keyof C]: C[K][S] } {
  const out = {} as { [K in keyof C]: C[K][S] };
  for (const key in columns) out[key] = columns[key][side];
  return out;
}

/** A table declared once: the SQLite table, whose PostgreSQL twin `postgresTables` gives. */
export function table<N extends string, C extends Columns<C>>(name: N, columns: C, extras?: (t: Record<keyof C, AnyColumn>) => Extra[]) {
  const lite = sqliteTable(name, builders(columns, 'lite'), extras && ((t) => extras(t).map(liteExtra)));
  const pg = pgTable(name, builders(columns, 'pg'), extras && ((t) => extras(t).map(pgExtra)));
  return Object.assign(lite, { [POSTGRES]: pg });
}

/** The PostgreSQL twin of a table `table` declared. */
export function postgresTwin(declared: SQLiteTable): PgTable {
  const carrier: object = declared;
  const twin = POSTGRES in carrier ? carrier[POSTGRES] : undefined;
  if (!is(twin, PgTable)) throw new Error(`${getTableName(declared)} was not declared with store/dialect-tables.ts`);
  return twin;
}

/** The PostgreSQL column of the same name as a declared table's SQLite column. */
function postgresColumn(column: SQLiteColumn): PgColumn {
  const twin = postgresTwin(column.table);
  const found = Object.values(getTableColumns(twin)).find((c) => c.name === column.name);
  if (!found) throw new Error(`${getTableName(twin)} has no column ${column.name}`);
  return found;
}

type Twins<M> = { [K in keyof M as M[K] extends { readonly [POSTGRES]: PgTable } ? K : never]: M[K] extends { readonly [POSTGRES]: infer P } ? P : never };

/** The PostgreSQL twins of every table a module (schema.ts) exports, by the same names. */
export function postgresTables<M extends object>(declared: M): Twins<M> {
  const twins: Record<string, PgTable> = {};
  for (const [key, value] of Object.entries(declared)) if (is(value, SQLiteTable)) twins[key] = postgresTwin(value);
  return twins as Twins<M>;
}
