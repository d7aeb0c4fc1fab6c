import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { freshDatabase } from './helpers.js';

describe.skipIf(!process.env.TEST_DATABASE_URL)('Postgres through DATABASE_URL', () => {
  it('an idle connection the server ends does not crash join-api; the next query opens a new one', async () => {
    const database = await freshDatabase('postgres');
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    try {
      // Db is typed over both drivers, so execute() results are `unknown`; on node-postgres they are a pg QueryResult.
      type Rows<T> = { rows: T[] };
      const current = (await database.db.execute(sql`select current_database() as name`)) as Rows<{ name: string }>;
      const name = current.rows[0]!.name;
      // The pool now holds an idle connection; end it from the server side, as a restart or failover would.
      await admin.connect();
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      expect(ended.rowCount).toBeGreaterThan(0);
      // Without the pool's error listener this 'error' is an uncaught exception that fails the run.
      await vi.waitFor(() => expect(warnings.join('\n')).toMatch(/idle connection closed by the server/), {
        timeout: 10_000,
      });
      const after = (await database.db.execute(sql`select 1 as one`)) as Rows<{ one: number }>;
      expect(after.rows[0]).toEqual({ one: 1 });
    } finally {
      process.off('warning', onWarning);
      await admin.end().catch(() => undefined);
      await database.close();
    }
  });
});
