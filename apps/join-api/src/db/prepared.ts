import { sql, type Query, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** The database or one of its transactions (a drizzle `PgTransaction` is a `PgDatabase` on one connection). */
export type DbOrTransaction = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What a raw prepared statement needs of a drizzle database: its dialect (SQL → text and parameters) and its session
 * (runs a built query on the pool, the PGlite instance or the transaction's connection). Both are `@internal` members
 * of `PgDatabase` in drizzle-orm 0.45 — `db.execute(sql)` itself is `session.prepareQuery(dialect.sqlToQuery(sql),
 * undefined, undefined, false).execute()` (drizzle-orm pg-core/db.js) — so this is the one place that reaches them.
 */
interface DrizzleInternals {
  dialect: { sqlToQuery(sql: SQL): Query };
  session: {
    prepareQuery(
      query: Query,
      fields: undefined,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ): { execute(placeholderValues: Record<string, unknown>): Promise<unknown> };
  };
}

/** A raw statement's result: node-postgres and PGlite both answer `{ rows }`. */
export interface RawRows<Row> {
  rows: Row[];
}

/**
 * A value of a {@link rawStatement}, by name: `sql.placeholder(name)` inside an `sql` fragment, so drizzle passes the
 * value as it is given (a string, a number, null) and never through a column's encoder (which would turn a null
 * jsonb into the JSON text `null` and cannot map a null timestamp).
 */
export function value<Values>(name: keyof Values & string): SQL {
  return sql`${sql.placeholder(name)}`;
}

/**
 * A raw statement built once and run many times: `build` returns the statement with {@link value} placeholders, its
 * text and parameter order are made on the first run (drizzle's query building — `sqlToQuery` over every chunk — cost
 * ≈ 190 µs of join-api's CPU for a statement of data-modifying CTEs, README "Performance"), and each run only fills
 * the placeholders (drizzle's "Prepared statements" and `sql.placeholder`, https://orm.drizzle.team/docs/perf-queries,
 * for a statement `db.execute` cannot prepare). On Postgres the statement is named, so each connection parses and
 * plans it once (node-postgres prepared statements); PGlite runs it as a plain query.
 * @param name the statement's name on the server: unique in the app, and the text under one name never changes.
 * @param build the statement; `db` is any database of the app (only its dialect is used: the text is the same for
 *   PGlite and Postgres).
 * @returns a runner: `(db, values)` runs the statement on `db` (the pool, PGlite, or a transaction) with every
 *   placeholder's value, and resolves to the driver's `{ rows }`.
 * @throws on the run, drizzle's `No value for placeholder "…"` for a missing value, and the driver's errors.
 */
export function rawStatement<Values extends Record<string, unknown>, Row = Record<string, unknown>>(
  name: string,
  build: (db: DbOrTransaction) => SQL,
): (db: DbOrTransaction, values: Values) => Promise<RawRows<Row>> {
  let query: Query | undefined;
  return async (db, values) => {
    const internals = db as unknown as DrizzleInternals;
    query ??= internals.dialect.sqlToQuery(build(db));
    return (await internals.session.prepareQuery(query, undefined, name, false).execute(values)) as RawRows<Row>;
  };
}

/**
 * One `make(db)` per database, made on first use: for drizzle's own prepared queries (`.prepare(name)`, drizzle
 * "Prepared statements"), which are bound to the database that built them — the pool or the PGlite instance, never a
 * transaction's connection. The tests open several databases in one process; each gets its own.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let it = made.get(db);
    if (it === undefined) made.set(db, (it = make(db)));
    return it;
  };
}
