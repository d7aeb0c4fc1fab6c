import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  BILLING,
  DATABASES,
  SIGNUP,
  signup,
  startFakeSandbox,
  markProven,
  testApp,
  type FakeSandbox,
  type TestApp,
} from './helpers.js';
import type { OrderResponse } from '@ofw/api-client';
import { families, idempotencyKeys, orders, outbox, signups, subscriptions, tokens, users } from '../src/db/schema.js';

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
  const person = (n: string) => ({ ...SIGNUP, parent: { ...SIGNUP.parent, email: `${n}@example.com` } });
  const post = (body: unknown, key?: string) =>
    t.call('signups', { method: 'POST', json: body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

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

/** The one-statement signup keeps the Idempotency-Key's semantics on both databases (a twin waits, then replays). */
describe.each(DATABASES)('a signup twin with one Idempotency-Key (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ kind });
  });
  afterAll(() => t.close());
  const person = (n: string) => ({ ...SIGNUP, parent: { ...SIGNUP.parent, email: `${n}@example.com` } });
  const post = (body: unknown, key?: string) =>
    t.call('signups', { method: 'POST', json: body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

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

  it('DESIGN §5: different keys at once → one 201, the others 409, one charge', async () => {
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

/**
 * README "Performance": drizzle's query building (`PgDialect.sqlToQuery` over every chunk of a statement) was a fifth
 * of join-api's CPU per parent; the sign-up's statement, the session read and the order's paying statement are built
 * once and then only run with their values (drizzle "Prepared statements", `sql.placeholder`). They must still write
 * exactly what the request says, on both databases.
 */
describe.each(DATABASES)('the hot statements are built once (%s)', (kind) => {
  let sandbox: FakeSandbox;
  let t: TestApp;
  const built: string[] = [];
  let restore: () => void;
  beforeAll(async () => {
    sandbox = await startFakeSandbox();
    t = await testApp({ kind, sandboxUrl: sandbox.url });
    const original = PgDialect.prototype.sqlToQuery;
    PgDialect.prototype.sqlToQuery = function (this: PgDialect, ...a: Parameters<PgDialect['sqlToQuery']>) {
      const query = original.apply(this, a);
      built.push(query.sql);
      return query;
    };
    restore = () => (PgDialect.prototype.sqlToQuery = original);
  });
  afterAll(async () => {
    restore();
    await t.close();
    await sandbox.close();
  });
  const join = async (n: string, extra: Record<string, unknown> = {}) => {
    const res = await t.call('signups', {
      method: 'POST',
      json: { ...SIGNUP, ...extra, parent: { ...SIGNUP.parent, email: `${n}@example.com` } },
      headers: { 'idempotency-key': `built-once-${n}` },
    });
    expect(res.status).toBe(201);
    const { authToken, userId } = (await res.json()) as { authToken: string; userId: number };
    await markProven(t.db, userId);
    const order = await t.call('orders', {
      method: 'POST',
      token: authToken,
      headers: { 'idempotency-key': `built-once-order-${n}` },
      json: {
        packageId: 2053,
        paymentMethodNonce: 'fake-valid-nonce',
        billingAddress: { ...BILLING, extendedAddress: 'Suite 4' },
        expectedCharge: { amount: '216.00', currencyCode: 'USD' }, // §9 Premium, 1 year
      },
    });
    expect(order.status).toBe(201);
    return { userId, body: (await order.json()) as OrderResponse };
  };

  it('a second parent’s sign-up and paid order build none of the three again, and write what the request said', async () => {
    await join('first');
    built.length = 0;
    const referral = { selection: 'Court order', other: 'County family court' };
    const { userId, body } = await join('second', {
      flow: 'pro',
      proFirstName: 'Dana',
      proLastName: 'Lawyer',
      referral,
      address: { country: 'US', line1: '9 Elm St' },
    });
    const rebuilt = built.filter((q) => /^with fam as|^with paid as|from "tokens" inner join "users"/.test(q.trim()));
    expect(rebuilt).toEqual([]);
    // the sign-up's row: every column from the request (JSON as JSON, nulls as NULL), the signup and token live
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      email: 'second@example.com',
      firstName: SIGNUP.parent.firstName,
      timeZone: 'America/Chicago',
      addressLine1: '9 Elm St',
      // flow 'pro' without a professional's referral token is the regular join (spec §1, §9)
      flow: 'join',
      proFirstName: null,
      proLastName: null,
      referral,
      accountState: 'registering',
      billingAddress: { ...BILLING, extendedAddress: 'Suite 4' },
    });
    const [signupRow] = await t.db.select().from(signups).where(eq(signups.userId, userId));
    expect(signupRow!.expiresAt.getTime() - signupRow!.createdAt.getTime()).toBe(14 * 24 * 60 * 60 * 1000);
    const [token] = await t.db.select().from(tokens).where(eq(tokens.userId, userId));
    expect(token).toMatchObject({ kind: 'auth', data: null, usedAt: null, familyId: null });
    // the order's statement: paid with the card's columns, the subscription from now for one year
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(paid).toMatchObject({
      status: 'paid',
      paymentMethodType: 'card',
      cardLast4: expect.stringMatching(/^\d{4}$/),
      leaseUntil: null,
    });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(sub!.expiresAt.getTime() - sub!.startsAt.getTime()).toBe(365 * 24 * 60 * 60 * 1000);
    expect(body.receipt.receiptEmail).toBe('second@example.com');
  });
});
