import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BILLING, DATABASES, signup, startFakeSandbox, testApp, type FakeSandbox, type TestApp } from './helpers.js';
import { users } from '../src/db/schema.js';
import { person, postSignup } from './perf-signups.js';

/*
 * The one-statement sign-up and the order's reads after the parent's lock (docs/performance/join-api.md "The order's
 * 10") keep their semantics under concurrent attempts, on both databases.
 */

/** The one-statement signup keeps the Idempotency-Key's semantics on both databases (a twin waits, then replays). */
describe.each(DATABASES)('a signup twin with one Idempotency-Key (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ kind });
  });
  afterAll(() => t.close());
  const post = (body: unknown, key?: string) => postSignup(t, body, key);

  it('the same Idempotency-Key twice at once makes one parent; both answers name it (the second replays)', async () => {
    const body = person('twin');
    const [a, b] = await Promise.all([post(body, 'signup-twin-0001'), post(body, 'signup-twin-0001')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const [x, y] = (await Promise.all([a.json(), b.json()])) as { userId: number; signupId: string }[];
    expect(y!.userId).toBe(x!.userId);
    expect(y!.signupId).toBe(x!.signupId);
    expect([a.headers.get('idempotent-replayed'), b.headers.get('idempotent-replayed')].sort()).toEqual([null, 'true']);
    expect(await t.db.select().from(users).where(eq(users.email, 'twin@example.com'))).toHaveLength(1);
    // with another body the key is refused, and nothing is created
    const other = await post(person('twin-other'), 'signup-twin-0001');
    expect(other.status).toBe(422);
    expect(await t.db.select().from(users).where(eq(users.email, 'twin-other@example.com'))).toHaveLength(0);
  });
});

/**
 * The order's reads after the parent's lock keep their snapshot semantics on both databases: two payment attempts of
 * one parent with different Idempotency-Keys at once (two tabs) make one order and one charge; the other attempt sees
 * the pending order its twin committed and answers 409 (docs/PAYMENTS.md: one charge per parent's attempt in doubt), never a
 * 500 from `orders_one_pending_per_user_idx`.
 */
describe.each(DATABASES)('two payment attempts of one parent at once (%s)', (kind) => {
  let sandbox: FakeSandbox;
  let t: TestApp;
  beforeAll(async () => {
    sandbox = await startFakeSandbox();
    t = await testApp({ kind, sandboxUrl: sandbox.url });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('docs/PAYMENTS.md "Money safety": different keys at once → one 201, the others 409, one charge', async () => {
    const { authToken, userId } = await signup(t);
    sandbox.state.delayMs = 300;
    const before = sandbox.state.charges;
    let unlock: () => void = () => undefined;
    // Postgres: the parent's row held locked while the attempts arrive, so that all of them wait on the lock at once
    // and each then meets the pending order the one before it committed (PGlite has one connection: its transactions
    // run one after the other anyway)
    const held =
      kind === 'postgres'
        ? t.db.transaction(async (tx) => {
            await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
            await new Promise<void>((r) => (unlock = r));
          })
        : Promise.resolve();
    try {
      const attempts = Promise.all(
        ['tab-one-key-01', 'tab-two-key-02', 'tab-three-key-3'].map((key) =>
          t.call('orders', {
            method: 'POST',
            token: authToken,
            headers: { 'idempotency-key': key },
            json: {
              packageId: 2053,
              paymentMethodNonce: 'fake-valid-nonce',
              billingAddress: BILLING,
              expectedCharge: { amount: '216.00', currencyCode: 'USD' }, // §9 Premium, 1 year
            },
          }),
        ),
      );
      if (kind === 'postgres') await new Promise((r) => setTimeout(r, 1500));
      unlock();
      await held;
      const answers = await attempts;
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, 409, 409]);
    } finally {
      unlock();
      sandbox.state.delayMs = 0;
    }
    expect(sandbox.state.charges - before).toBe(1);
  });
});
