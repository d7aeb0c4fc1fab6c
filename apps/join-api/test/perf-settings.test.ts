import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/env.js';
import { DEFAULT_POOL_MAX, openDatabase } from '../src/db/client.js';

describe('performance settings', () => {
  it('DATABASE_POOL_MAX and CATALOGUE_CACHE_MS are validated, with their defaults', () => {
    const base = { NODE_ENV: 'test' };
    expect(loadEnv(base).DATABASE_POOL_MAX).toBeUndefined();
    expect(DEFAULT_POOL_MAX).toBe(20);
    expect(loadEnv(base).CATALOGUE_CACHE_MS).toBe(10_000);
    expect(loadEnv({ ...base, DATABASE_POOL_MAX: '50', CATALOGUE_CACHE_MS: '0' })).toMatchObject({
      DATABASE_POOL_MAX: 50,
      CATALOGUE_CACHE_MS: 0,
    });
    for (const bad of [{ DATABASE_POOL_MAX: '0' }, { DATABASE_POOL_MAX: 'ten' }, { CATALOGUE_CACHE_MS: '60001' }]) {
      expect(() => loadEnv({ ...base, ...bad })).toThrow(Object.keys(bad)[0]);
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'the Postgres pool opens at most poolMax connections (DATABASE_POOL_MAX)',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `join_api_pool_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const small = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolMax: 3 });
      try {
        const pids = await Promise.all(
          Array.from({ length: 12 }, async () => {
            const r = await small.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`);
            return (r as { rows: { pid: number }[] }).rows[0]!.pid;
          }),
        );
        expect(new Set(pids).size).toBe(3);
      } finally {
        await small.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
