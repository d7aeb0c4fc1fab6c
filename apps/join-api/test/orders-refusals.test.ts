import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, users } from '../src/db/schema.js';
import { issueToken } from '../src/accounts.js';
import {
  BILLING,
  DATABASES,
  newParent,
  order,
  signup,
  withFakeSandboxApp,
  type FakeSandbox,
  type TestApp,
} from './helpers.js';

/*
 * POST /orders refuses what it must not charge: no Idempotency-Key, no or another shown charge than the quote (docs/PAYMENTS.md
 * "Shown = charged"), a billing address the country does not have, a package not offered to the parent's flow; and
 * it charges the server's own price (a coupon it applies). Idempotency and failures of the charge itself:
 * orders-idempotency.test.ts.
 */
describe.each(DATABASES)('POST /orders idempotency and failures (%s)', (kind) => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  let n = 0;
  withFakeSandboxApp(kind, {}, (s, a) => {
    sandbox = s;
    t = a;
  });

  it('docs/CONTRACTS.md "HTTP API": Idempotency-Key is required', async () => {
    const p = await newParent(t);
    const res = await t.call('orders', {
      method: 'POST',
      token: p.authToken,
      json: { packageId: 2053, paymentMethodNonce: 'fake-valid-nonce' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'idempotency_key_required' });
  });

  it('docs/PAYMENTS.md "Shown = charged": an order without expectedCharge is 400, nothing charged', async () => {
    const p = await newParent(t);
    const before = sandbox.state.charges;
    const res = await t.call('orders', {
      method: 'POST',
      token: p.authToken,
      headers: { 'idempotency-key': 'no-expected-0001' },
      json: { packageId: 2053, paymentMethodNonce: 'fake-valid-nonce', billingAddress: BILLING },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [expect.objectContaining({ field: 'expectedCharge' })] });
    expect(sandbox.state.charges).toBe(before);
  });

  it('docs/PAYMENTS.md "Shown = charged": another amount or currency than the quote is 409 price_changed with the new quote; nothing is charged or ordered, and the key may be sent again with the confirmed amount', async () => {
    const p = await newParent(t);
    const before = sandbox.state.charges;
    // §9 Premium (US, 1 year) is 216: the page showed an older price
    for (const shown of [
      { amount: '199.00', currencyCode: 'USD' },
      { amount: '216.00', currencyCode: 'CAD' },
    ]) {
      const res = await order(t, p.authToken, 'shown-key-0001', { expectedCharge: shown });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        code: 'price_changed',
        quote: { amount: '216.00', currencyCode: 'USD' },
      });
    }
    expect(sandbox.state.charges).toBe(before);
    expect(await t.db.select().from(orders).where(eq(orders.userId, p.userId))).toEqual([]);
    const confirmed = await order(t, p.authToken, 'shown-key-0001', {
      expectedCharge: { amount: '216.00', currencyCode: 'USD' },
    });
    expect(confirmed.status).toBe(201);
    expect(await confirmed.json()).toMatchObject({ receipt: { amount: 216, currencyCode: 'USD' } });
    expect(sandbox.state.charges - before).toBe(1);
  });

  it('billing address (@ofw/domain checkBillingAddress, the form’s rule): a ZIP the US does not have or no state is 422 naming billingAddress.<field>; nothing is charged or ordered', async () => {
    const p = await newParent(t);
    const before = sandbox.state.charges;
    const res = await order(t, p.authToken, 'bad-zip-key-01', {
      billingAddress: { ...BILLING, region: ' ', postalCode: 'SW1A 1AA' },
    });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'billingAddress.region' }, { field: 'billingAddress.postalCode' }],
    });
    expect(sandbox.state.charges).toBe(before);
    expect(await t.db.select().from(orders).where(eq(orders.userId, p.userId))).toEqual([]);
  });

  it('billing address: a paid order stores address line 2 (Braintree extendedAddress) and the address written canonically', async () => {
    const p = await newParent(t);
    const res = await order(t, p.authToken, 'line-two-key-01', {
      billingAddress: { ...BILLING, extendedAddress: ' Apt 4B ', region: 'texas', postalCode: '787011234' },
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.select({ billingAddress: users.billingAddress }).from(users).where(eq(users.id, p.userId));
    expect(row!.billingAddress).toEqual({
      ...BILLING,
      extendedAddress: 'Apt 4B',
      region: 'TX',
      postalCode: '78701-1234',
    });
  });

  it('docs/CONTRACTS.md "HTTP API": a package not offered, or build-your-own services not offered, answer 422 package_unavailable', async () => {
    const p = await newParent(t);
    const pro = await order(t, p.authToken, 'bad-package-01', { packageId: 2 });
    expect(pro.status).toBe(422);
    expect(await pro.json()).toMatchObject({ code: 'package_unavailable' });
    const byo = await order(t, p.authToken, 'bad-package-02', {
      packageId: 2050,
      productId: 20501,
      services: [{ code: 'MYFILES', option: 'NOPE' }],
    });
    expect(byo.status).toBe(422);
  });

  it('§9: pro package A (119.97) is sold in the pro-referred flow only; the regular flow gets 422', async () => {
    // the pro-referred join (§1) needs a professional's referral token; without one it is the regular join
    const referral = await issueToken(t.db, 'pro_referral', {
      data: { proFirstName: 'Jo', proLastName: 'Counsel' },
      now: new Date(),
    });
    const pro = await signup(t, {
      flow: 'pro',
      proReferralToken: referral,
      address: { country: 'US' },
      parent: { firstName: 'Pia', lastName: `Pro${++n}`, email: `pia${n}@example.com`, phoneNumber: '2025550101' },
    });
    const offered = (await (await t.call('packages?currency=USD&flow=pro', { token: pro.authToken })).json()) as {
      packages: { id: number; totalPrice: number }[];
    };
    expect(offered.packages[0]).toMatchObject({ id: 2, totalPrice: 119.97 });
    const paid = await order(t, pro.authToken, 'pro-package-a-01', { packageId: 2 });
    expect(paid.status).toBe(201);
    expect(await paid.json()).toMatchObject({ receipt: { amount: 119.97, currencyCode: 'USD' } });
    const regular = await newParent(t);
    const refused = await order(t, regular.authToken, 'regular-package-a-1', { packageId: 2 });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'package_unavailable' });
  });

  it('§4 Discount: an auto-applied coupon lowers the charged amount the server computes', async () => {
    const p = await newParent(t);
    // spec §9 Max 2 years 551.76 − the seeded join coupon's 25.00
    const res = await order(t, p.authToken, 'coupon-key-001', {
      packageId: 2056,
      expectedCharge: { amount: '526.76', currencyCode: 'USD' },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { receipt: { amount: number; discountAmount: number } };
    expect(body.receipt).toMatchObject({ amount: 526.76, discountAmount: 25 });
    expect(sandbox.txs.at(-1)!.amount).toBe('526.76');
  });
});
