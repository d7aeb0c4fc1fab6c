import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DAY_MS, getPackage, purchaseFlow, quote, vatForPrice } from '@ofw/domain';
import { OrderResponseSchema, PackagesResponseSchema, type PackagesResponse } from '@ofw/api-client';
import { issueToken } from '../src/accounts.js';
import { coupons, orders, subscriptions } from '../src/db/schema.js';
import { DATABASES, order, signup, withFakeSandboxApp, type FakeSandbox, type TestApp } from './helpers.js';

const START = new Date('2030-01-01T00:00:00Z');
const YEAR = 365 * DAY_MS;
const at = (ms: number) => new Date(START.getTime() + ms);

describe.each(DATABASES)('upgrade flow over HTTP (%s)', (kind) => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  const clock = { now: START };
  let n = 0;
  withFakeSandboxApp(kind, { now: () => clock.now }, (s, a) => {
    sandbox = s;
    t = a;
  });

  /** A parent who bought Premium 1 year (216.00) at START. */
  async function subscribedParent() {
    clock.now = START;
    n++;
    const p = await signup(t, {
      address: { country: 'US' },
      parent: { firstName: 'Uma', lastName: `Up${n}`, email: `uma${n}@example.com`, phoneNumber: '2025550122' },
    });
    const res = await order(t, p.authToken, `first-order-${n}-x`, { packageId: 2053 });
    expect(res.status).toBe(201);
    expect(OrderResponseSchema.parse(await res.json()).purchaseFlow).toBe('purchase');
    return p;
  }
  /** A live auth token at the clock's time (auth tokens last 2 h). */
  const tokenFor = (userId: number) => issueToken(t.db, 'auth', { userId, now: clock.now });
  async function packages(token?: string): Promise<PackagesResponse> {
    const res = await t.call('packages?currency=USD&flow=join', token ? { token } : {});
    expect(res.status).toBe(200);
    return PackagesResponseSchema.parse(await res.json());
  }

  it('a build-your-own upgrade with a coupon charges exactly the quote the page makes from GET /packages', async () => {
    await t.db
      .insert(coupons)
      .values({ code: `BYO10-${n}`, packageId: 2050, discountMinor: 1000, audience: 'join', autoApply: true });
    try {
      const p = await subscribedParent(); // Premium 1 year, 216.00
      clock.now = at(40 * DAY_MS + 3_600_000);
      const token = await tokenFor(p.userId);
      const data = await packages(token);
      expect(data.currentTerm).toMatchObject({ packageId: 2053, currency: 'USD', years: 1, valueMinor: 21600 });
      expect(data.quotedAt?.toISOString()).toBe(clock.now.toISOString());
      const availability = await (
        await t.call('coupons?registrationKey=' + p.registrationKey + '&signupId=' + p.signupId, { token })
      ).json();
      // the page's quote: build-your-own 2 years with MyFiles 10GB and Tonemeter, as an upgrade of the current term
      const alaCarte = { subscription: 'SUB2YEAR' as const, myfiles: 'MYFILES_10GB', tonemeter: true };
      const shown = quote(
        { packageId: 2050, alaCarte },
        {
          currency: 'USD',
          flow: 'join',
          pricingGroup: data.pricingGroup,
          coupons: availability as never,
          currentTerm: data.currentTerm,
          now: data.quotedAt ?? null,
        },
      );
      expect(shown.discount).toBe(10);
      expect(shown.prorated).not.toBeNull();
      expect(shown.charged).toBeLessThan(shown.list - shown.discount);
      // what the page shows and sends: its own quote (@ofw/domain `quote`), not the server's
      const res = await order(t, token, `byo-upgrade-${n}`, {
        ...shown.payload,
        expectedCharge: { amount: shown.charged.toFixed(2), currencyCode: 'USD' },
      });
      expect(res.status).toBe(201);
      const { receipt, purchaseFlow: flow } = OrderResponseSchema.parse(await res.json());
      expect(flow).toBe('upgrade');
      expect(receipt.amount).toBe(shown.charged);
      expect(receipt.discountAmount).toBe(shown.discount);
      expect(sandbox.txs.at(-1)!.amount).toBe(shown.charged.toFixed(2));
    } finally {
      await t.db.delete(coupons).where(eq(coupons.code, `BYO10-${n}`));
    }
  });

  it('§4 Purchase flow: no upgrade options without a current subscription (anonymous or not yet paid)', async () => {
    const anonymous = await packages();
    expect(anonymous.upgradeOptions).toBeNull();
    clock.now = START;
    const p = await signup(t, {
      address: { country: 'US' },
      parent: { firstName: 'No', lastName: 'Sub', email: 'nosub@example.com', phoneNumber: '2025550123' },
    });
    const body = await packages(p.authToken);
    expect(body.upgradeOptions).toBeNull();
    expect(body.packages.some((x) => x.proratedPriceInfo)).toBe(false);
    expect(purchaseFlow({ upgradeOptions: body.upgradeOptions })).toBe('purchase');
  });

  it('§3 Upgrade options: a subscribed parent gets the map of upgrades with prorated prices; downgrades are not offered', async () => {
    const p = await subscribedParent();
    clock.now = at(100 * DAY_MS + 3_600_000);
    const body = await packages(await tokenFor(p.userId));
    const map = body.upgradeOptions!.subscriptionUpgradeOptions;
    // credit = 21600 × 264 / 365 = 15623.01 → 15623 minor; Max 2y carries the seeded 25.00 auto coupon (526.76).
    expect(map).toEqual({
      '2052': { packageId: 2052, price: 119.77, priceFormatted: '$119.77' },
      '2054': { packageId: 2054, price: 239.77, priceFormatted: '$239.77' },
      '2055': { packageId: 2055, price: 143.65, priceFormatted: '$143.65' },
      '2056': { packageId: 2056, price: 370.53, priceFormatted: '$370.53' },
    });
    const byId = new Map(body.packages.map((x) => [x.id, x]));
    expect(byId.get(2055)!.proratedPriceInfo).toEqual({ proratedPrice: 143.65, proratedPriceFormatted: '$143.65' });
    expect(byId.get(2051)!.proratedPriceInfo).toBeUndefined(); // Essentials 1y: a downgrade
    expect(byId.get(2053)!.proratedPriceInfo).toBeUndefined(); // the current package
    expect(purchaseFlow({ upgradeOptions: body.upgradeOptions })).toBe('upgrade');
  });

  it('§4 upgrade: POST /orders charges exactly the prorated price once, ends the old subscription and answers purchaseFlow "upgrade"', async () => {
    const p = await subscribedParent();
    clock.now = at(100 * DAY_MS + 3_600_000);
    const token = await tokenFor(p.userId);
    const offered = (await packages(token)).upgradeOptions!.subscriptionUpgradeOptions['2055']!;
    const charges = sandbox.state.charges;
    // spec §9 Max 1 year 299.88 − credit round(216.00 × 264 / 365) = 156.23
    const prorated = { packageId: 2055, expectedCharge: { amount: '143.65', currencyCode: 'USD' } };
    const res = await order(t, token, `upgrade-key-${n}`, prorated);
    expect(res.status).toBe(201);
    const body = OrderResponseSchema.parse(await res.json());
    expect(body.purchaseFlow).toBe('upgrade');
    expect(body.receipt).toMatchObject({
      amount: offered.price,
      proratedPriceInfo: { proratedPrice: 143.65, proratedPriceFormatted: '$143.65' },
      creditAmount: 156.23,
    });
    expect(body.subscription).toMatchObject({
      status: 'current',
      packageId: 2055,
      startsAt: clock.now.toISOString(),
      expiresAt: new Date(clock.now.getTime() + YEAR).toISOString(),
    });
    expect(sandbox.state.charges - charges).toBe(1);
    expect(sandbox.txs.at(-1)!.amount).toBe('143.65');

    // Replaying the key answers the same without a second charge.
    const replay = await order(t, token, `upgrade-key-${n}`, prorated);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(body);
    expect(sandbox.state.charges - charges).toBe(1);

    // Atomic replacement: the old subscription ended at the upgrade, the new one is the only current one.
    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId));
    expect(subs.map((s) => [s.packageId, s.status]).sort()).toEqual([
      [2053, 'ended'],
      [2055, 'current'],
    ]);
    expect(subs.find((s) => s.packageId === 2053)!.endedAt!.toISOString()).toBe(clock.now.toISOString());
    const [upgradeOrder] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, p.userId), eq(orders.packageId, 2055)));
    expect(upgradeOrder).toMatchObject({ amountMinor: 14365, creditMinor: 15623, status: 'paid' });

    // From Max 1y the ladder moves on: only the packages above it remain upgrades.
    const after = await packages(token);
    expect(Object.keys(after.upgradeOptions!.subscriptionUpgradeOptions).sort()).toEqual(['2054', '2056']);
    const parent = await t.call(`parents/${p.userId}`, { token });
    expect(await parent.json()).toMatchObject({ subscriptionStatus: 'current', isSubscriptionCurrent: true });
  });

  it('§3 §9 GBP upgrade: the receipt VAT is the VAT included in the prorated amount charged, not the list price VAT', async () => {
    clock.now = START;
    const p = await signup(t, {
      address: { country: 'GB' },
      parent: {
        firstName: 'Gwen',
        lastName: 'Vat',
        email: 'gwen.vat@example.com',
        phoneCountryCode: '+44',
        phoneNumber: '7400123456',
      },
    });
    const first = await order(t, p.authToken, 'gb-first-order-1', { packageId: 2061 }); // Essentials £107.99
    expect(first.status).toBe(201);
    expect(OrderResponseSchema.parse(await first.json()).receipt.vatAmount).toBe(18); // §9: £107.99 → 18
    clock.now = at(100 * DAY_MS);
    // spec §9 Max £215.99 − credit round(£107.99 × 265 / 365) = £78.40
    const res = await order(t, await tokenFor(p.userId), 'gb-upgrade-order-1', {
      packageId: 2063,
      expectedCharge: { amount: '137.59', currencyCode: 'GBP' },
    });
    expect(res.status).toBe(201);
    const { receipt, purchaseFlow: flow } = OrderResponseSchema.parse(await res.json());
    expect(flow).toBe('upgrade');
    expect(receipt.amount).toBe(137.59);
    expect(receipt.vatAmount).toBe(vatForPrice(receipt.amount, 'GBP'));
    expect(receipt.vatAmount).not.toBe(getPackage(2063)!.vatAmount);
    expect(sandbox.txs.at(-1)!.amount).toBe(receipt.amount.toFixed(2));
  });

  it('§4 a downgrade answers 409 not_an_upgrade (refused); the package already held answers 409 order_already_paid; nothing charged', async () => {
    const p = await subscribedParent();
    const charges = sandbox.state.charges;
    const down = await order(t, p.authToken, `downgrade-key-${n}`, { packageId: 2051 });
    expect(down.status).toBe(409);
    expect(await down.json()).toMatchObject({ code: 'not_an_upgrade' });
    const same = await order(t, p.authToken, `same-key-${n}-x`, { packageId: 2053 });
    expect(same.status).toBe(409);
    expect(await same.json()).toMatchObject({ code: 'order_already_paid' });
    expect(sandbox.state.charges).toBe(charges);
  });

  it('§4: on the last day of the term an upgrade costs the full price; after expiry a new purchase is a plain purchase', async () => {
    const p = await subscribedParent();
    clock.now = at(YEAR - 3_600_000);
    let token = await tokenFor(p.userId);
    expect((await packages(token)).upgradeOptions!.subscriptionUpgradeOptions['2055']!.price).toBe(299.88);
    clock.now = at(YEAR + DAY_MS);
    token = await tokenFor(p.userId);
    expect((await packages(token)).upgradeOptions).toBeNull();
    const res = await order(t, token, `renew-key-${n}-x`, { packageId: 2051 });
    expect(res.status).toBe(201);
    const body = OrderResponseSchema.parse(await res.json());
    expect(body.purchaseFlow).toBe('purchase');
    expect(body.receipt.amount).toBe(149.99);
    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId));
    expect(subs.map((s) => [s.packageId, s.status]).sort()).toEqual([
      [2051, 'current'],
      [2053, 'expired'],
    ]);
  });

  it('§4 Discount + proration: when the credit covers the couponed price, the upgrade costs 0 and no charge is made', async () => {
    await t.db
      .insert(coupons)
      .values({ code: 'BIGMAX250', packageId: 2055, discountMinor: 25000, audience: 'join', autoApply: false });
    const p = await subscribedParent();
    const charges = sandbox.state.charges;
    const res = await order(t, p.authToken, `free-upgrade-${n}`, {
      packageId: 2055,
      couponCode: 'BIGMAX250',
      expectedCharge: { amount: '0.00', currencyCode: 'USD' }, // the credit covers Max's couponed price
    });
    expect(res.status).toBe(201);
    const body = OrderResponseSchema.parse(await res.json());
    expect(body).toMatchObject({ purchaseFlow: 'upgrade', subscription: { status: 'current', packageId: 2055 } });
    expect(body.receipt).toMatchObject({
      amount: 0,
      discountAmount: 250,
      creditAmount: 216,
      proratedPriceInfo: { proratedPrice: 0 },
    });
    expect(sandbox.state.charges).toBe(charges);
  });

  it('concurrent upgrade orders with one key charge once', async () => {
    const p = await subscribedParent();
    clock.now = at(10 * DAY_MS);
    const token = await tokenFor(p.userId);
    const charges = sandbox.state.charges;
    sandbox.state.delayMs = 100;
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          order(t, token, `upgrade-race-${n}`, {
            packageId: 2056,
            // spec §9 Max 2 years 551.76 − the seeded 25.00 coupon − credit round(216.00 × 355 / 365) = 210.08
            expectedCharge: { amount: '316.68', currencyCode: 'USD' },
          }),
        ),
      );
      expect(answers.map((a) => a.status).every((s) => s === 201 || s === 409)).toBe(true);
    } finally {
      sandbox.state.delayMs = 0;
    }
    expect(sandbox.state.charges - charges).toBe(1);
    expect(sandbox.txs.at(-1)!.amount).toBe('316.68');
    const current = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, p.userId), eq(subscriptions.status, 'current')));
    expect(current.map((s) => s.packageId)).toEqual([2056]);
  });
});
