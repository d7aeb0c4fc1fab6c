import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { BILLING, SIGNUP, signup, startFakeSandbox, testApp, type FakeSandbox, type TestApp } from './helpers.js';
import type { OrderResponse } from '@ofw/api-client';
import { families, idempotencyKeys, orders, outbox, signups, subscriptions, tokens, users } from '../src/db/schema.js';
import { person, postSignup } from './perf-signups.js';

/**
 * Counts the statements the app's PGlite runs, as Postgres counts them (pg_stat_statements, the bench's count): each
 * query, and BEGIN and COMMIT around each transaction. Every statement of drizzle's PGlite driver goes through
 * `PGlite.query` or, in a transaction, the transaction's `query`.
 */
function statementCounter(db: TestApp['db']) {
  const client = (db as unknown as { $client: PGlite }).$client;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  let n = 0;
  client.query = ((...a: Parameters<PGlite['query']>) => (n++, query(...a))) as PGlite['query'];
  client.transaction = <T>(cb: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      n += 2; // BEGIN, COMMIT
      const txQuery = tx.query.bind(tx);
      tx.query = ((...a: Parameters<Transaction['query']>) => (n++, txQuery(...a))) as Transaction['query'];
      return cb(tx);
    });
  return {
    /** Statements run since the last call. */
    take() {
      const taken = n;
      n = 0;
      return taken;
    },
    restore() {
      client.query = query;
      client.transaction = transaction;
    },
  };
}

/**
 * Statements per parent ≤ 12 (docs/performance/join-api.md "Where the time goes": join-api's CPU per statement × 30 statements per parent
 * saturated its event loop): the join's hot calls run fewer statements, with the same answers.
 */
describe('statements per call of the join (PGlite)', () => {
  let sandbox: FakeSandbox;
  let t: TestApp;
  let counter: ReturnType<typeof statementCounter>;
  beforeAll(async () => {
    sandbox = await startFakeSandbox();
    t = await testApp({ sandboxUrl: sandbox.url });
    counter = statementCounter(t.db);
  });
  afterAll(async () => {
    counter.restore();
    await t.close();
    await sandbox.close();
  });
  const post = (body: unknown, key?: string) => postSignup(t, body, key);

  it('POST /signups is two statements, the rate limit and one that creates family, parent, signup, auth token (and completes the Idempotency-Key) — 7 and 9 before', async () => {
    counter.take();
    const plain = await post(person('plain'));
    expect(plain.status).toBe(201);
    expect(counter.take()).toBe(2);
    const keyed = await post(person('keyed'), 'signup-key-0001');
    expect(keyed.status).toBe(201);
    expect(counter.take()).toBe(2);
    // every row the signup makes, as before: the parent in its own family, the signup, a live auth token, the key
    const answer = (await keyed.json()) as { userId: number; signupId: string; authToken: string };
    const [user] = await t.db.select().from(users).where(eq(users.id, answer.userId));
    expect(user).toMatchObject({ email: 'keyed@example.com', accountState: 'registering', flow: 'join' });
    expect(await t.db.select().from(families).where(eq(families.id, user!.familyId))).toHaveLength(1);
    expect(await t.db.select().from(signups).where(eq(signups.id, answer.signupId))).toHaveLength(1);
    expect(await t.db.select().from(tokens).where(eq(tokens.userId, answer.userId))).toHaveLength(1);
    const [key] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'signup-key-0001'));
    expect(key).toMatchObject({ state: 'completed', responseStatus: 201 });
    expect(key!.responseBody).toEqual({ signupId: answer.signupId, userId: answer.userId });
    // the parent's token works
    expect((await t.call(`parents/${answer.userId}`, { token: answer.authToken })).status).toBe(200);
  });

  it('GET /payments/config counts both client-token limits in one statement (session, limits, flags: 3, was 4)', async () => {
    const { authToken } = await signup(t, person('config'));
    counter.take();
    expect((await t.call('payments/config', { token: authToken })).status).toBe(200);
    expect(counter.take()).toBe(3);
  });

  it('a paid POST /orders is 11 statements (was 23): session; the key with the pricing reads; the limits reserved; the claim; the order’s transaction (BEGIN, lock, this key’s and the pending order with the current term, insert, COMMIT); one statement that pays; the decline and failed-charge slots given back (docs/ARCHITECTURE.md "Rate limits")', async () => {
    const { authToken, userId } = await signup(t, person('payer'));
    const order = () =>
      t.call('orders', {
        method: 'POST',
        token: authToken,
        headers: { 'idempotency-key': 'order-key-0001' },
        json: {
          packageId: 2053,
          paymentMethodNonce: 'fake-valid-nonce',
          billingAddress: BILLING,
          expectedCharge: { amount: '216.00', currencyCode: 'USD' }, // §9 Premium, 1 year
        },
      });
    counter.take();
    const res = await order();
    expect(res.status).toBe(201);
    expect(counter.take()).toBe(11);
    // what the one statement wrote, as the transaction of eight did: the order paid, the subscription current, the
    // payer's billing address, the receipt in the outbox in the payer's name and locale, the key answered
    const body = (await res.json()) as OrderResponse;
    expect(body.receipt.receiptEmail).toBe('payer@example.com');
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(paid).toMatchObject({ status: 'paid', leaseUntil: null, cardLast4: expect.stringMatching(/^\d{4}$/) });
    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(subs).toMatchObject([{ orderId: body.orderId, status: 'current', packageId: 2053 }]);
    const [payer] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(payer!.billingAddress).toEqual(BILLING);
    const [receipt] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `receipt:${body.orderId}`));
    expect(receipt).toMatchObject({ kind: 'receipt', recipient: 'payer@example.com', status: 'pending' });
    expect(receipt!.payload).toMatchObject({
      orderId: body.orderId,
      firstName: SIGNUP.parent.firstName,
      languageLocale: SIGNUP.languageLocale,
      amountMinor: 21600,
      currency: 'USD',
    });
    // the replay answers from the key what the first answer said, in three statements (session, the read, nothing more)
    counter.take();
    const replay = await order();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(body);
    expect(counter.take()).toBe(2);
  });

  it('a declined POST /orders records the decline and the key’s answer in one statement, and writes nothing else', async () => {
    const { authToken, userId } = await signup(t, person('declined'));
    const res = await t.call('orders', {
      method: 'POST',
      token: authToken,
      headers: { 'idempotency-key': 'order-key-0002' },
      json: {
        packageId: 2053,
        paymentMethodNonce: 'fake-processor-declined-visa-nonce',
        billingAddress: BILLING,
        expectedCharge: { amount: '216.00', currencyCode: 'USD' },
      },
    });
    expect(res.status).toBe(402);
    const [declined] = await t.db.select().from(orders).where(eq(orders.userId, userId));
    expect(declined).toMatchObject({ status: 'declined', leaseUntil: null });
    const [key] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'order-key-0002'));
    expect(key).toMatchObject({ state: 'completed', responseStatus: 402 });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).toHaveLength(0);
    const [payer] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(payer!.billingAddress).toBeNull();
  });

  it('GET /packages for a signed-in parent reads the pricing group, coupons and current term in one statement (session + 1, was 5)', async () => {
    const { authToken } = await signup(t, person('shopper'));
    counter.take();
    expect((await t.call('packages', { token: authToken })).status).toBe(200);
    expect(counter.take()).toBe(2);
  });
});
