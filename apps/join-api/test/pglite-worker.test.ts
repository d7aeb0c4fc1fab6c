// PGlite in a worker thread (src/db/pglite-worker.ts): the same answers, errors and transaction semantics as PGlite on
// the calling thread, which is what drizzle-orm's PGlite driver (drizzle-orm/pglite/session.js) and join-api rely on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { openDatabase, type Database } from '../src/db/client.js';
import { EnvError, loadEnv } from '../src/env.js';
import { PGliteWorkerClient, withoutPreloads } from '../src/db/pglite-worker.js';
import { users } from '../src/db/schema.js';
import { order, signup, startFakeSandbox, testApp, type FakeSandbox, type TestApp } from './helpers.js';

const settle = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PGlite worker client', () => {
  let local!: PGlite;
  let worker!: PGliteWorkerClient;
  beforeAll(async () => {
    local = await PGlite.create('memory://');
    worker = await PGliteWorkerClient.create('memory://');
    for (const c of [local, worker]) await c.query('create table kv (k text primary key, v int not null)');
  });
  afterAll(async () => {
    await local.close();
    await worker.close();
  });

  it('answers what PGlite on this thread answers, through drizzle (timestamps, dates and intervals stay Postgres text as drizzle expects; json, booleans, bytea, numbers parsed)', async () => {
    const query = sql`select timestamptz '2026-11-27 01:02:03.456+00' as at, timestamp '2026-11-27 01:02:03' as ts,
      date '2026-11-27' as d, interval '1 day 2 hours' as i, array[timestamptz '2026-01-01 00:00:00+00'] as ats,
      '{"a":[1,true,null]}'::jsonb as j, true as b, false as f, '\\x00ff'::bytea as bin, 12.50::numeric as n,
      42::int4 as i4, null::text as nothing`;
    const [a, b] = await Promise.all([
      drizzle(local).execute(query),
      drizzle(worker as unknown as PGlite).execute(query),
    ]);
    expect(b.rows).toEqual(a.rows);
    expect(b.fields).toEqual(a.fields);
    // drizzle's identity parsers applied in the worker: the timestamp is the raw string, not a Date
    expect(b.rows[0]).toMatchObject({
      at: '2026-11-27 01:02:03.456+00',
      d: '2026-11-27',
      i: '1 day 02:00:00',
      b: true,
    });
    expect(b.rows[0]!.bin).toBeInstanceOf(Uint8Array);
    // array mode, as drizzle's selects with fields run
    const opts = { rowMode: 'array' as const, parsers: { 1184: (v: string) => v } };
    const text = 'select $1::int + 1 as n, now() as at';
    expect((await worker.query(text, [41], opts)).rows[0]).toEqual([42, expect.stringMatching(/^\d{4}-\d\d-\d\d /)]);
  });

  it('refuses a parser that is not the identity: a function cannot run in the worker', async () => {
    await expect(worker.query('select 1', [], { parsers: { 23: (v: string) => Number(v) * 2 } })).rejects.toThrow(
      /not the identity/,
    );
  });

  it('a unique violation arrives with its Postgres fields (code 23505, table, constraint, detail), as join-api reads them', async () => {
    await worker.query(`insert into kv values ('dup', 1)`);
    await local.query(`insert into kv values ('dup', 1)`);
    const fromWorker = await worker.query(`insert into kv values ('dup', 2)`).catch((e: unknown) => e);
    const fromLocal = await local.query(`insert into kv values ('dup', 2)`).catch((e: unknown) => e);
    const fields = ['message', 'code', 'table', 'constraint', 'detail', 'schema', 'severity'] as const;
    const pick = (e: unknown) => Object.fromEntries(fields.map((f) => [f, (e as Record<string, unknown>)[f]]));
    expect(fromWorker).toBeInstanceOf(Error);
    expect(pick(fromWorker)).toEqual(pick(fromLocal));
    expect(pick(fromWorker)).toMatchObject({ code: '23505', table: 'kv', constraint: 'kv_pkey' });
  });

  it('one connection: a query from outside waits until the transaction ends, and never runs inside it (a throwing callback rolls back)', async () => {
    const order: string[] = [];
    let outside!: Promise<{ ok: boolean; value?: { rows: { n: number }[] } }>;
    const tx = settle(
      worker.transaction(async (t) => {
        await t.query(`insert into kv values ('tx', 1)`);
        outside = settle(worker.query<{ n: number }>(`select count(*)::int as n from kv where k = 'tx'`)).then((r) => {
          order.push('outside');
          return r;
        });
        await tick(100);
        // the outside query has not run although the worker was idle for 100 ms
        expect(order).toEqual([]);
        await t.query(`update kv set v = 2 where k = 'tx'`);
        order.push('callback threw');
        throw new Error('callback failed');
      }),
    );
    const r = await tx;
    expect(r.ok).toBe(false);
    const seen = await outside;
    expect(order).toEqual(['callback threw', 'outside']);
    // had it run inside the transaction it would have seen the uncommitted row
    expect(seen.value!.rows[0]!.n).toBe(0);
    expect((await worker.query(`select * from kv where k = 'tx'`)).rows).toEqual([]);
  });

  it('a transaction that returns is committed and its value returned', async () => {
    const value = await worker.transaction(async (t) => {
      await t.query(`insert into kv values ('kept', 7)`);
      return (await t.query<{ v: number }>(`select v from kv where k = 'kept'`)).rows[0]!.v;
    });
    expect(value).toBe(7);
    expect((await worker.query(`select v from kv where k = 'kept'`)).rows).toEqual([{ v: 7 }]);
  });

  it('a dead worker rejects the queries pending and the ones after it (no hang)', async () => {
    const doomed = await PGliteWorkerClient.create('memory://');
    const pending = settle(doomed.query('select pg_sleep(3)'));
    await tick(50);
    await doomed.terminateForTest();
    const r = await pending;
    expect(r.ok).toBe(false);
    await expect(doomed.query('select 1')).rejects.toThrow(/exited/);
  });

  it('close() ends the worker thread: later queries are refused', async () => {
    const c = await PGliteWorkerClient.create('memory://');
    await c.query('select 1');
    await c.close();
    expect(c.running).toBe(false);
    await expect(c.query('select 1')).rejects.toThrow(/closed|exited/);
  });
});

describe('PGLITE_WORKER', () => {
  it('is off unless asked (no gain measured on a 2-core machine), can be turned on, and refuses anything but a boolean', () => {
    expect(loadEnv({}).PGLITE_WORKER).toBe(false);
    expect(loadEnv({ PGLITE_WORKER: 'true' }).PGLITE_WORKER).toBe(true);
    expect(loadEnv({ PGLITE_WORKER: 'false' }).PGLITE_WORKER).toBe(false);
    expect(loadEnv({ PGLITE_WORKER: '1' }).PGLITE_WORKER).toBe(true);
    expect(() => loadEnv({ PGLITE_WORKER: 'maybe' })).toThrow(EnvError);
  });
});

describe('the worker thread’s Node options', () => {
  it('keep profiling flags but not the parent’s preloads (Node docs: a Worker inherits execArgv; a preload would run again in the database thread)', () => {
    expect(
      withoutPreloads([
        '--cpu-prof',
        '--import',
        './watchdog.mjs',
        '--require=./x.cjs',
        '-r',
        'y',
        '--enable-source-maps',
      ]),
    ).toEqual(['--cpu-prof', '--enable-source-maps']);
  });
});

describe('openDatabase with the PGlite worker', () => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  beforeAll(async () => {
    sandbox = await startFakeSandbox();
    t = await testApp({ sandboxUrl: sandbox.url, pgliteWorker: true });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('applies the migrations and serves the join (§ sign-up, then a paid order) through the worker', async () => {
    expect(t.database.kind).toBe('pglite');
    expect((t.db as unknown as { $client: unknown }).$client).toBeInstanceOf(PGliteWorkerClient);
    const p = await signup(t);
    const before = sandbox.state.charges;
    const res = await order(t, p.authToken, 'worker-order-0001');
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ receipt: { currencyCode: 'USD' } });
    expect(sandbox.state.charges - before).toBe(1);
    const rows = await t.db.select({ id: users.id }).from(users);
    expect(rows.map((r) => r.id)).toContain(p.userId);
  });

  it('a closed database leaves no worker running', async () => {
    const d: Database = await openDatabase({ dataDir: 'memory://', pgliteWorker: true });
    const client = (d.db as unknown as { $client: PGliteWorkerClient }).$client;
    expect(client.running).toBe(true);
    await d.close();
    expect(client.running).toBe(false);
  });
});
