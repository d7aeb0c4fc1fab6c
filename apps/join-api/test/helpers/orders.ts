import { randomBytes } from 'node:crypto';
import { termEnd } from '@ofw/domain';
import type { Db } from '../../src/db/client.js';
import { orders, subscriptions } from '../../src/db/schema.js';
import { specCharge } from '../spec-prices.js';
import type { TestApp } from './app.js';
import { BILLING } from './parents.js';

/**
 * POST /orders as the page sends it: unless `body` names its own `expectedCharge`, it carries the literal spec §9 price
 * of its package (test/spec-prices.ts: what a page showed for a first purchase, docs/PAYMENTS.md "Shown = charged") — never
 * the server's own quote. A package the table does not price gets a placeholder, and the server's own refusal (an
 * unknown package) or 409 price_changed: a test of a coupon, an upgrade or build-your-own options states its charge.
 */
export async function order(
  t: TestApp,
  token: string,
  key: string,
  body: Record<string, unknown> = {},
  address?: string,
) {
  const json: Record<string, unknown> = {
    packageId: 2053,
    paymentMethodNonce: 'fake-valid-nonce',
    billingAddress: BILLING,
    ...body,
  };
  if (!('expectedCharge' in body)) {
    if ('couponCode' in body)
      throw new Error('order(): a coupon changes the charge (spec §4 "Discount"): state expectedCharge');
    json.expectedCharge = specCharge(json.packageId) ?? { amount: '0.00', currencyCode: 'USD' };
  }
  return t.call('orders', {
    method: 'POST',
    token,
    ...(address ? { address } : {}),
    headers: { 'idempotency-key': key },
    json,
  });
}

/**
 * Records a paid order and its current subscription for `userId` straight in the database: for tests of steps that
 * need a paid parent (the co-parent answer) but not the payment itself.
 */
export async function markPaid(db: Db, userId: number, now = new Date()): Promise<void> {
  const id = `ord_test_${userId}_${randomBytes(4).toString('hex')}`;
  await db.insert(orders).values({
    id,
    userId,
    idempotencyKey: `test-paid-${id}`,
    packageId: 2051,
    currency: 'USD',
    amountMinor: 14999,
    status: 'paid',
    gateway: 'sandbox',
  });
  const expiresAt = termEnd(now, 1, 'America/Chicago'); // SIGNUP's zone
  await db
    .insert(subscriptions)
    .values({ userId, orderId: id, packageId: 2051, status: 'current', startsAt: now, expiresAt });
}
