import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/lib/rate-limit.js';
import {
  BILLING,
  STRONGER_PASSWORD,
  STRONG_PASSWORD,
  parentFromOwnAddress,
  sendJson,
  startFakeSandbox,
  testApp,
  type FakeSandbox,
  type TestApp,
} from './helpers.js';
import { startJoinApiProcess, type JoinApiProcess } from './join-api-process.js';

const PROCESSES = 4;
const NO_POSTGRES = !process.env.TEST_DATABASE_URL;
if (NO_POSTGRES)
  console.warn(
    'limits-processes: skipped — TEST_DATABASE_URL is unset (four join-api processes need one Postgres server; ' +
      'scripts/test.sh starts one in CI, or run with OFW_TEST_POSTGRES=1)',
  );

/**
 * Rate limits reserved before the work they guard (docs/ARCHITECTURE.md "Rate limits"; lib/rate-limit.ts
 * `reserveRateLimits`) across PROCESSES: four join-api processes (src/main.ts, each its own pool and event loop) on
 * one Postgres database, as instances behind a load balancer run, with every request from one client address
 * (127.0.0.1). test/limits-concurrency.test.ts covers one process (PGlite) and several pools in one process.
 */
describe.skipIf(NO_POSTGRES)(
  `limits hold across ${PROCESSES} join-api processes on one Postgres (skipped without TEST_DATABASE_URL)`,
  () => {
    let sandbox!: FakeSandbox;
    let t!: TestApp;
    const apis: JoinApiProcess[] = [];
    let seq = 0;

    beforeAll(async () => {
      sandbox = await startFakeSandbox();
      // the database created, migrated and seeded once here; the processes find it ready
      t = await testApp({ kind: 'postgres', sandboxUrl: sandbox.url, env: { RATE_LIMIT_FACTOR: '1' } });
      const started = await Promise.allSettled(
        Array.from({ length: PROCESSES }, () =>
          startJoinApiProcess({
            sandboxUrl: sandbox.url,
            databaseUrl: t.database.url!,
            env: { RATE_LIMIT_FACTOR: '1', LOG_LEVEL: 'warn', DATABASE_POOL_MAX: '10' },
          }),
        ),
      );
      for (const s of started) if (s.status === 'fulfilled') apis.push(s.value);
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
    }, 180_000);
    afterAll(async () => {
      await Promise.all(apis.map((a) => a.stop()));
      await t?.close();
      await sandbox?.close();
    });

    /** A new parent, signed up in-process from an address of its own (the sign-up limit is per client address). */
    const parent = () => parentFromOwnAddress(t, ++seq, { net: '10.2', emailPrefix: 'processes' });

    /** A request to the `i`-th process (round-robin, as a load balancer spreads them), from 127.0.0.1. */
    const send = (i: number, path: string, token: string, init: { method: string; body: unknown; key?: string }) =>
      sendJson(apis[i % apis.length]!.url, path, token, init);

    it('60 declined orders at once from one address across 60 parents and 4 processes: 20 reach the gateway, the rest 429', async () => {
      const parents = await Promise.all(Array.from({ length: 60 }, () => parent()));
      const before = sandbox.txs.length;
      const answers = await Promise.all(
        parents.map((p, i) =>
          send(i, 'orders', p.authToken, {
            method: 'POST',
            key: `processes-decline-${i}-0001`,
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
      await Promise.all(answers.map((r) => r.arrayBuffer()));
      const processed = sandbox.txs.length - before;
      const limit = RATE_LIMITS.orderFailuresClient.limit;
      expect(processed).toBeLessThanOrEqual(limit);
      expect(processed).toBe(limit);
      expect(statuses.filter((s) => s === 402)).toHaveLength(processed);
      expect(statuses.filter((s) => s === 429)).toHaveLength(60 - processed);
    }, 180_000);

    it('20 wrong current passwords at once for one parent across 4 processes: 5 are verified (argon2, 403), the rest 429', async () => {
      const p = await parent();
      const set = await t.call(`parents/${p.userId}/credentials`, {
        method: 'PUT',
        token: p.authToken,
        json: { username: `processes-${p.userId}`, password: STRONG_PASSWORD },
      });
      expect(set.status).toBe(200);
      const { authToken } = (await set.json()) as { authToken: string };
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          send(i, `parents/${p.userId}/credentials`, authToken, {
            method: 'PUT',
            body: {
              username: `thief-processes-${i}`,
              password: STRONGER_PASSWORD,
              currentPassword: `guess-number-${i}`,
            },
          }),
        ),
      );
      const bodies = (await Promise.all(answers.map((r) => r.json()))) as { code?: string }[];
      const verified = bodies.filter((b) => b.code === 'current_password_incorrect').length;
      expect(verified).toBeLessThanOrEqual(RATE_LIMITS.currentPassword.limit);
      expect(verified).toBe(RATE_LIMITS.currentPassword.limit);
      expect(bodies.filter((b) => b.code === 'rate_limited')).toHaveLength(20 - verified);
    }, 180_000);
  },
);
