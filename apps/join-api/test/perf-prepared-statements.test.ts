import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  BILLING,
  DATABASES,
  SIGNUP,
  startFakeSandbox,
  markProven,
  testApp,
  type FakeSandbox,
  type TestApp,
} from './helpers.js';
import type { OrderResponse } from '@ofw/api-client';
import { orders, signups, subscriptions, tokens, users } from '../src/db/schema.js';

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
