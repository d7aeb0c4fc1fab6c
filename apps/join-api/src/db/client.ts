import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite as PGliteClient } from '@electric-sql/pglite';
import type { Env } from '../env.js';
import * as schema from './schema.js';

/** Drizzle database over PGlite or node-postgres (same schema, same migrations). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Closes the PGlite instance or the pg pool. Always await it on shutdown (PGlite keeps Node alive). */
  close(): Promise<void>;
}

/** Default size of the Postgres pool of one process (`DATABASE_POOL_MAX`, README "Performance"). */
export const DEFAULT_POOL_MAX = 20;

/** Finds the committed `drizzle/` migrations folder from src/ (tsx, vitest) or dist/ (built). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('join-api: drizzle migrations folder not found');
}

/**
 * Opens the database: Postgres through `pg` when `databaseUrl` is set, otherwise PGlite in `dataDir`
 * (`'memory://'` for an in-memory database) — on this thread, or with `pgliteWorker` in a worker thread
 * (src/db/pglite-worker.ts) —, then applies the versioned migrations.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** Postgres: most connections of this process's pool (default {@link DEFAULT_POOL_MAX}). */
  poolMax?: number;
  /**
   * PGlite: run it in a `worker_threads` worker (`PGLITE_WORKER`, README "Performance"), so its WebAssembly Postgres
   * uses another core than the HTTP event loop. Default false: the tests' in-memory PGlite stays on their thread.
   */
  pgliteWorker?: boolean;
}): Promise<Database> {
  const folder = migrationsFolder();
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? DEFAULT_POOL_MAX });
    // An idle pooled connection that the server ends (restart, failover, `pg_terminate_backend`) is emitted as an
    // 'error' on the pool; unhandled, it would crash the process. The pool discards that client and opens a new
    // one on the next query; queries in flight still reject with their own error.
    pool.on('error', (error) => {
      process.emitWarning(`Postgres pool: idle connection closed by the server (${error.message})`);
    });
    // A checked-out connection that dies mid-transaction emits 'error' on its client, where the pool listens only
    // while the client is idle: unhandled, it is an uncaught exception (database killed mid-request). The
    // statement in flight rejects with its own error; the pool discards the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        process.emitWarning(`Postgres: connection lost during a request (${error.message})`);
      });
    });
    const db = drizzle(pool, { schema });
    // One instance migrates at a time when several start together.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727001)');
      await migrate(drizzle(client, { schema }), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
      client.release();
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!opts.dataDir.startsWith('memory://')) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.pgliteWorker
    ? await (await import('./pglite-worker.js')).PGliteWorkerClient.create(opts.dataDir)
    : await PGlite.create(opts.dataDir);
  // the worker's client has exactly the part of PGlite's surface drizzle's PGlite driver calls
  const db = drizzle(client as PGliteClient, { schema });
  try {
    await migrate(db, { migrationsFolder: folder });
  } catch (e) {
    await client.close();
    throw e;
  }
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/**
 * Opens the database of join-api's validated environment (src/env.ts) with {@link openDatabase}: Postgres at
 * `DATABASE_URL` (a pool of at most `DATABASE_POOL_MAX` connections), otherwise PGlite in `DATA_DIR` (in a worker
 * thread when `PGLITE_WORKER`); migrations applied. `overrides` replace those settings for a one-shot command (the
 * erase command: one connection, PGlite on its thread). Rejects as openDatabase does (server unreachable, a failed
 * migration, a PGlite folder another process holds).
 */
export function openEnvDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_MAX' | 'PGLITE_WORKER'>,
  overrides: { poolMax?: number; pgliteWorker?: boolean } = {},
): Promise<Database> {
  return openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
    pgliteWorker: env.PGLITE_WORKER,
    ...overrides,
  });
}

/** `now()` on the database clock, for comparisons shared across instances. */
export const dbNow = sql`now()`;
