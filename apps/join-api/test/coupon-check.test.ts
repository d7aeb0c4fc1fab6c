import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { quote, decimalAmount, type CouponAvailability } from '@ofw/domain';
import { users } from '../src/db/schema.js';
import { loadEnv } from '../src/env.js';
import { BILLING, DATABASES, SIGNUP, signup, withFakeSandboxApp, type FakeSandbox, type TestApp } from './helpers.js';

/** A parent of their own (unique e-mail), signed up from `address`. */
async function parent(t: TestApp, n: string) {
  return signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: `promo-${n}@example.com` } });
}

const check = (t: TestApp, token: string, couponCode: string, address = '198.51.100.7') =>
  t.call('coupons/check', { method: 'POST', token, address, json: { couponCode } });

describe.each(DATABASES)('POST /coupons/check, a promotion code typed on the plans step (%s)', (kind) => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  // the real limits (RATE_LIMIT_FACTOR 1): 10 wrong codes per parent, 30 per client address, per hour
  withFakeSandboxApp(kind, { env: { RATE_LIMIT_FACTOR: '1' } }, (s, a) => {
    sandbox = s;
    t = a;
  });

  it('§3 a code answers its availability entry, and POST /orders with it charges the quote that entry gives (§4 "Discount")', async () => {
    const p = await parent(t, 'valid');
    const res = await check(t, p.authToken, ' welcome10 ');
    expect(res.status).toBe(200);
    const entry = (await res.json()) as CouponAvailability & { code: string };
    // seeded: WELCOME10 is $10.00 off Premium 1 year (2053, $216.00)
    expect(entry).toEqual({ code: 'WELCOME10', packageId: 2053, status: 'available', discountAmount: 10 });

    // the page quotes with the entry first among its coupons, as the server prices the order's couponCode
    const shown = quote({ packageId: 2053 }, { currency: 'USD', flow: 'join', pricingGroup: 'P3', coupons: [entry] });
    expect([shown.list, shown.discount, shown.charged]).toEqual([216, 10, 206]);
    const ordered = await t.call('orders', {
      method: 'POST',
      token: p.authToken,
      headers: { 'idempotency-key': 'promo-order-0001' },
      json: {
        packageId: 2053,
        couponCode: 'welcome10',
        paymentMethodNonce: 'fake-valid-nonce',
        billingAddress: BILLING,
        expectedCharge: { amount: decimalAmount(shown.charged), currencyCode: 'USD' },
      },
    });
    expect(ordered.status).toBe(201);
    const { orderId } = (await ordered.json()) as { orderId: string };
    expect(sandbox.txs.find((x) => x.orderId === orderId)?.amount).toBe('206.00');
  });

  it('§4 "Discount" an unknown, a switched-off and another package\'s or audience\'s code each say why (422 problem+json)', async () => {
    const p = await parent(t, 'refused');
    const cases = [
      ['NOSUCHCODE', 'coupon_unknown'],
      // seeded inactive: an ended promotion
      ['SPRING15', 'coupon_expired'],
      // a GBP package: not offered to a US parent
      ['WELCOMEUK10', 'coupon_not_applicable'],
      // §3 audience 'invite': invited co-parents only
      ['COPARENT20', 'coupon_not_applicable'],
    ] as const;
    for (const [code, problem] of cases) {
      const res = await check(t, p.authToken, code, `203.0.113.${cases.findIndex((c) => c[0] === code) + 1}`);
      expect(res.status, code).toBe(422);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(await res.json(), code).toMatchObject({ code: problem, errors: [{ field: 'couponCode' }] });
    }
  });

  it("§3 an invited co-parent's own audience code applies to them", async () => {
    const p = await parent(t, 'invited');
    await t.db.update(users).set({ isInvited: true }).where(eq(users.id, p.userId));
    const res = await check(t, p.authToken, 'COPARENT20', '203.0.113.50');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 'COPARENT20', packageId: 2053, discountAmount: 20 });
  });

  it('against guessing: past 10 wrong codes a parent waits (429 with Retry-After), a right code too; another parent does not', async () => {
    const p = await parent(t, 'guesser');
    const address = '192.0.2.10';
    for (let i = 0; i < 10; i++) expect((await check(t, p.authToken, `GUESS${i}`, address)).status).toBe(422);
    const limited = await check(t, p.authToken, 'WELCOME10', address);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
    const other = await parent(t, 'neighbour');
    expect((await check(t, other.authToken, 'WELCOME10', address)).status).toBe(200);
  });

  it('against guessing: 30 wrong codes from one address across parents stop every parent there (429)', async () => {
    const address = '192.0.2.20';
    for (let n = 0; n < 3; n++) {
      const p = await parent(t, `address-${n}`);
      for (let i = 0; i < 10; i++) expect((await check(t, p.authToken, `TRY${n}X${i}`, address)).status).toBe(422);
    }
    const next = await parent(t, 'address-next');
    const res = await check(t, next.authToken, 'WELCOME10', address);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    // the same parent from elsewhere is not held back by that address
    expect((await check(t, next.authToken, 'WELCOME10', '192.0.2.21')).status).toBe(200);
  });

  it("§2 the terms list's Terms of Service and Privacy Policy come with GET /payments/config, per UI locale", async () => {
    const p = await parent(t, 'legal');
    const res = await t.call('payments/config', { token: p.authToken });
    expect(res.status).toBe(200);
    const { legal } = (await res.json()) as {
      legal: Record<string, { termsOfService: string; privacyPolicy: string }>;
    };
    expect(Object.keys(legal).sort()).toEqual(['en-GB', 'en-US', 'es-MX', 'es-US']);
    expect(legal['es-MX']).toEqual({
      termsOfService: 'https://www.ourfamilywizard.com/terms-of-service?locale=es-MX',
      privacyPolicy: 'https://www.ourfamilywizard.com/privacy-policy?locale=es-MX',
    });
  });
});

describe("the legal documents' settings (src/env.ts)", () => {
  it('§2 TERMS_OF_SERVICE_URL and PRIVACY_POLICY_URL must be http(s) URLs; {locale} stands for the UI locale', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', TERMS_OF_SERVICE_URL: 'not a url' })).toThrow(/TERMS_OF_SERVICE_URL/);
    expect(() => loadEnv({ NODE_ENV: 'test', PRIVACY_POLICY_URL: 'javascript:alert(1)' })).toThrow(
      /PRIVACY_POLICY_URL/,
    );
    const env = loadEnv({ NODE_ENV: 'test', TERMS_OF_SERVICE_URL: 'https://legal.example/{locale}/terms' });
    expect(env.TERMS_OF_SERVICE_URL).toBe('https://legal.example/{locale}/terms');
  });
});
