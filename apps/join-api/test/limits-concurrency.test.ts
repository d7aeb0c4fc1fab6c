import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { createMetrics } from '../src/lib/metrics.js';
import { RATE_LIMITS } from '../src/lib/rate-limit.js';
import { startServer, type RunningServer } from '../src/server.js';
import {
  BILLING,
  DATABASES,
  STRONGER_PASSWORD,
  STRONG_PASSWORD,
  parentFromOwnAddress,
  sendJson,
  startFakeSandbox,
  testApp,
  type FakeSandbox,
  type TestApp,
} from './helpers.js';

/**
 * Rate limits reserved before the work they guard (docs/ARCHITECTURE.md "Rate limits"), fired in parallel over real
 * sockets: listening servers and concurrent `fetch`es from one client address (127.0.0.1). On Postgres, three app
 * instances — each its own pool — share the one database, as instances behind a load balancer do.
 */
describe.each(DATABASES)('limits hold under concurrency over real sockets (%s)', (kind) => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  const servers: RunningServer[] = [];
  const pools: Database[] = [];
  let seq = 0;

  beforeAll(async () => {
    sandbox = await startFakeSandbox();
    t = await testApp({ kind, sandboxUrl: sandbox.url, env: { RATE_LIMIT_FACTOR: '1' } });
    servers.push(await startServer(t.deps, { port: 0, hostname: '127.0.0.1' }));
    for (let i = 1; i < (kind === 'postgres' ? 3 : 1); i++) {
      const pool = await openDatabase({ databaseUrl: t.database.url, dataDir: '' });
      pools.push(pool);
      const deps = { ...t.deps, db: pool.db, metrics: createMetrics({ db: pool.db }) };
      servers.push(await startServer(deps, { port: 0, hostname: '127.0.0.1' }));
    }
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const p of pools) await p.close();
    await t?.close();
    await sandbox?.close();
  });

  /** A new parent, signed up in-process from an address of its own (the sign-up limit is per client address). */
  const parent = () => parentFromOwnAddress(t, ++seq, { net: '10.1', emailPrefix: 'limits' });

  /** `fetch` over the socket of the `i`-th server (round-robin over the instances). */
  const send = (i: number, path: string, token: string, init: { method: string; body: unknown; key?: string }) =>
    sendJson(servers[i % servers.length]!.url, path, token, init);

  it('60 declined orders at once from one address across 60 parents: at most 20 reach the gateway, the rest 429', async () => {
    const parents = await Promise.all(Array.from({ length: 60 }, () => parent()));
    const before = sandbox.txs.length;
    const answers = await Promise.all(
      parents.map((p, i) =>
        send(i, 'orders', p.authToken, {
          method: 'POST',
          key: `decline-${kind}-${i}-0001`,
          body: {
            packageId: 2053,
            paymentMethodNonce: 'fake-processor-declined-visa-nonce',
            billingAddress: BILLING,
            expectedCharge: { amount: '216.00', currencyCode: 'USD' }, // §9 Premium, 1 year
          },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    const processed = sandbox.txs.length - before;
    const limit = RATE_LIMITS.orderFailuresClient.limit;
    console.log(`${kind}: ${processed} of 60 declined orders reached the gateway (limit ${limit})`);
    expect(processed).toBeLessThanOrEqual(limit);
    expect(processed).toBe(limit);
    expect(statuses.filter((s) => s === 402)).toHaveLength(processed);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - processed);
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  }, 120_000);

  it('30 wrong current passwords at once for one parent: at most 5 are verified (403), the rest 429', async () => {
    const p = await parent();
    const set = await t.call(`parents/${p.userId}/credentials`, {
      method: 'PUT',
      token: p.authToken,
      json: { username: `limits-${kind}-${p.userId}`, password: STRONG_PASSWORD },
    });
    expect(set.status).toBe(200);
    const { authToken } = (await set.json()) as { authToken: string };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        send(i, `parents/${p.userId}/credentials`, authToken, {
          method: 'PUT',
          body: { username: `thief-${kind}-${i}`, password: STRONGER_PASSWORD, currentPassword: `guess-number-${i}` },
        }),
      ),
    );
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { code?: string }[];
    const verified = bodies.filter((b) => b.code === 'current_password_incorrect').length;
    console.log(`${kind}: ${verified} of 30 concurrent wrong current passwords were verified (limit 5)`);
    expect(verified).toBeLessThanOrEqual(RATE_LIMITS.currentPassword.limit);
    expect(verified).toBe(RATE_LIMITS.currentPassword.limit);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(30 - verified);
  }, 120_000);
});
