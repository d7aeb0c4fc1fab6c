import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';

/** Which databases the suite runs on: PGlite always, Postgres too when TEST_DATABASE_URL is set. */
export const DATABASES: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh database: in-memory PGlite (on this thread, or in a worker thread with `pgliteWorker`), or a new throw-away
 * database on TEST_DATABASE_URL's server.
 */
export async function freshDatabase(
  kind: 'pglite' | 'postgres',
  pgliteWorker = false,
): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://', pgliteWorker });
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `join_api_test_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  return {
    ...db,
    // another instance's pool on the same database (several app instances behind one load balancer)
    url: url.toString(),
    async close() {
      await db.close();
      const a = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
