import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CACHE_MAX, countryCacheSize, countryOptions, localeFrom } from '../src/reference-data.js';
import { eq, sql } from 'drizzle-orm';
import { coupons, rateLimits } from '../src/db/schema.js';
import { purgeExpired } from '../src/housekeeping.js';
import { passwordProblem } from '../src/lib/password.js';
import { RATE_LIMITS, type RateLimitRule } from '../src/lib/rate-limit.js';
import { openApiDocument } from '../src/openapi.js';
import { loadEnv } from '../src/env.js';
import { demoBanner, seedDemo } from '../src/seed.js';
import { createLogger } from '../src/lib/logger.js';
import { clientAddress, compileTrust, parseTrustedProxies } from '../src/lib/client-ip.js';
import {
  LogSink,
  SIGNUP,
  order,
  signup,
  testApp,
  withFakeSandboxApp,
  type FakeSandbox,
  type TestApp,
  PRODUCTION_ENV,
  markPaid,
  markProven,
} from './helpers.js';

describe('Accept-Language cannot grow the country-list cache', () => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await testApp({});
  });
  afterAll(() => t.close());

  it('private-use, extension and variant subtags are dropped before the locale reaches a cache', () => {
    expect(localeFrom('en-x-12345')).toBe('en');
    expect(localeFrom('es-MX-u-ca-buddhist-x-abc')).toBe('es-MX');
    expect(localeFrom('de-DE-1996')).toBe('de-DE');
    expect(localeFrom('x-whatever')).toBe('en-US');
    expect(localeFrom('en-GB;q=0.9, *')).toBe('en-GB');
  });

  it('5 000 distinct en-x-<n> and language-REGION tags keep the cache bounded', async () => {
    const codes = [{ code: 'US', priority: 1 }];
    for (let n = 0; n < 5_000; n++) countryOptions(codes, localeFrom(`en-x-${n}`));
    expect(countryCacheSize()).toBeLessThanOrEqual(COUNTRY_CACHE_MAX);
    const regions = ['US', 'GB', 'CA', 'AU', 'NZ', 'MX', 'ES', 'FR', 'DE', 'IT'];
    for (const lang of ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'sv', 'pl', 'ja'])
      for (const r of regions) countryOptions(codes, localeFrom(`${lang}-${r}`));
    expect(countryCacheSize()).toBeLessThanOrEqual(COUNTRY_CACHE_MAX);
    for (let n = 0; n < 200; n++) {
      const res = await t.call('countries', { headers: { 'accept-language': `en-x-${n}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-language')).toBe('en');
    }
    expect(countryCacheSize()).toBeLessThanOrEqual(COUNTRY_CACHE_MAX);
  });
});

describe('an order replay answers from its Idempotency-Key before pricing', () => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  withFakeSandboxApp('pglite', {}, (s, a) => {
    sandbox = s;
    t = a;
  });

  it('a replay after the coupon was switched off gets the stored 201, not 422', async () => {
    const p = await signup(t);
    const first = await order(t, p.authToken, 'coupon-replay-01', {
      couponCode: 'WELCOME10',
      expectedCharge: { amount: '206.00', currencyCode: 'USD' }, // §9 Premium $216.00, WELCOME10 $10.00 off
    });
    expect(first.status).toBe(201);
    const charges = sandbox.state.charges;
    await t.db.update(coupons).set({ active: false }).where(eq(coupons.code, 'WELCOME10'));
    const again = await order(t, p.authToken, 'coupon-replay-01', {
      couponCode: 'WELCOME10',
      expectedCharge: { amount: '206.00', currencyCode: 'USD' }, // §9 Premium $216.00, WELCOME10 $10.00 off
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(sandbox.state.charges).toBe(charges);
    // another body under the completed key is still refused
    const other = await order(t, p.authToken, 'coupon-replay-01', { packageId: 2055 });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: 'idempotency_key_reused' });
  });
});

describe('production defaults', () => {
  const prod = PRODUCTION_ENV;

  it('NODE_ENV=production turns demo seeding off and Secure cookies on unless set', () => {
    const e = loadEnv(prod);
    expect(e.SEED_DEMO).toBe('false');
    expect(e.COOKIE_SECURE).toBe(true);
    // (SEED_DEMO=true is refused in production: test/production-env.test.ts)
    // HSTS off is refused there (test/production-env.test.ts)
    expect(() => loadEnv({ ...prod, COOKIE_SECURE: 'false' })).toThrow(/COOKIE_SECURE: cannot be false/);
    expect(loadEnv({ NODE_ENV: 'development' })).toMatchObject({ SEED_DEMO: 'true', COOKIE_SECURE: false });
  });

  it('the start-up banner never prints the pro-referral link in production', () => {
    const links = {
      join: 'https://x/join',
      pro: 'https://x/join/pro?referral=SECRET',
      invite: 'https://x/invite/a',
      inviteEmptyFamily: 'https://x/invite/b',
    };
    expect(demoBanner(links, true)).not.toContain('SECRET');
    expect(demoBanner(links, false)).toContain('SECRET');
  });

  it('HSTS on every answer when cookies are Secure (production default), not on plain-http development', async () => {
    const secure = await testApp({ env: { COOKIE_SECURE: 'true' } });
    const plain = await testApp({});
    try {
      for (const path of ['countries', '/join']) {
        const res = await secure.call(path);
        expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
        expect((await plain.call(path)).headers.get('strict-transport-security')).toBeNull();
      }
    } finally {
      await secure.close();
      await plain.close();
    }
  });
});

describe('unhandled errors log no query parameters', () => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await testApp({});
  });
  afterAll(() => t.close());

  it('a failing insert (Drizzle query error) logs its class, SQLSTATE and request id, not the e-mail or phone', async () => {
    await t.db.execute(sql`alter table users add constraint refuse_all_inserts check (false) not valid`);
    const email = 'leak.check.12@example.com';
    const phone = '2025550177';
    const res = await t.call('signups', {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-token-12', cookie: '__Host-ofw_session=secret-cookie-12' },
      json: { ...SIGNUP, parent: { ...SIGNUP.parent, email, phoneNumber: phone } },
    });
    expect(res.status).toBe(500);
    const line = t.logs.lines.find((l) => l.msg === 'unhandled error');
    expect(line).toBeDefined();
    expect(line).toMatchObject({ err: { type: 'DrizzleQueryError', code: '23514' } });
    expect(typeof line!.reqId).toBe('string');
    expect(t.logs.raw).not.toContain(email);
    expect(t.logs.raw).not.toContain(phone);
    expect(t.logs.raw).not.toContain('secret-cookie-12');
    expect(t.logs.raw).not.toContain('not-a-token-12');
  });

  it('pino redacts authorization and cookie headers wherever they are logged', () => {
    const sink = new LogSink();
    const logger = createLogger('info', sink);
    logger.info({ headers: { authorization: 'Bearer abc123', cookie: 'a=b1' }, req: { headers: { cookie: 'c=d2' } } });
    expect(sink.raw).not.toMatch(/abc123|b1|d2/);
  });
});

describe('client address through trusted proxies, IPv6 by /64', () => {
  it('X-Forwarded-For is believed only from TRUSTED_PROXIES; IPv6 is grouped by /64', () => {
    const none = compileTrust([]);
    const lb = compileTrust(parseTrustedProxies('10.0.0.0/8, loopback'));
    expect(clientAddress('10.0.0.5', '203.0.113.9', none)).toBe('10.0.0.5');
    expect(clientAddress('10.0.0.5', '203.0.113.9', lb)).toBe('203.0.113.9');
    // a spoofed first hop is not believed: the nearest untrusted hop is the client
    expect(clientAddress('10.0.0.5', '1.2.3.4, 203.0.113.9', lb)).toBe('203.0.113.9');
    expect(clientAddress('198.51.100.7', '203.0.113.9', lb)).toBe('198.51.100.7');
    expect(clientAddress('2001:db8:1:2:aaaa::1', undefined, none)).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8:1:2:ffff:1:2:3', undefined, none)).toBe('2001:db8:1:2::/64');
    expect(clientAddress('::ffff:192.0.2.1', undefined, none)).toBe('192.0.2.1');
    expect(clientAddress(undefined, '203.0.113.9', lb)).toBe('local');
  });

  it('TRUSTED_PROXIES is validated at start-up', () => {
    expect(loadEnv({ TRUSTED_PROXIES: '10.0.0.0/8,::1,uniquelocal' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.0/8',
      '::1',
      'uniquelocal',
    ]);
    expect(() => loadEnv({ TRUSTED_PROXIES: '10.0.0.0/99' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadEnv({ TRUSTED_PROXIES: 'example.com' })).toThrow(/TRUSTED_PROXIES/);
  });

  it('behind a trusted load balancer each parent has their own bucket; rotating IPv6 in a /64 does not help', async () => {
    // RATE_LIMIT_FACTOR 0.05: the phone lookup allows 3 a minute per client
    const t = await testApp({ env: { TRUSTED_PROXIES: '10.0.0.0/8', RATE_LIMIT_FACTOR: '0.05' } });
    const hit = (socket: string, xff?: string) =>
      t.call('phone/canadian?phoneNumber=4165550100', {
        headers: xff ? { 'x-forwarded-for': xff } : {},
        address: socket,
      });
    try {
      for (let i = 0; i < 3; i++) expect((await hit('10.0.0.2', '203.0.113.1')).status).not.toBe(429);
      expect((await hit('10.0.0.3', '203.0.113.1')).status).toBe(429);
      expect((await hit('10.0.0.2', '203.0.113.2')).status).not.toBe(429);
      for (let i = 1; i <= 3; i++) expect((await hit(`2001:db8:7:7::${i}`)).status).not.toBe(429);
      const limited = await hit('2001:db8:7:7:dead:beef::9');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await t.close();
    }
  });

  it('PUT /parents/{userId}/security-questions is limited to 10 writes per parent per hour', async () => {
    const t = await testApp({ env: { RATE_LIMIT_FACTOR: '1' } });
    try {
      const p = await signup(t);
      const put = () =>
        t.call(`parents/${p.userId}/security-questions`, { method: 'PUT', token: p.authToken, json: { answers: [] } });
      for (let i = 0; i < 10; i++) expect((await put()).status).not.toBe(429);
      const limited = await put();
      expect(limited.status).toBe(429);
      expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    } finally {
      await t.close();
    }
  });
});

describe('co-parent invitations are no mail relay', () => {
  it('PUT /parents/{userId}/coparent-email is limited to 10 answers per parent per hour (each may e-mail an invitation)', async () => {
    const t = await testApp({ env: { RATE_LIMIT_FACTOR: '1' } });
    try {
      const p = await signup(t);
      await markPaid(t.db, p.userId);
      const put = (i: number) =>
        t.call(`parents/${p.userId}/coparent-email`, {
          method: 'PUT',
          token: p.authToken,
          json: { coParentEmail: `co.parent.${i}@example.com` },
        });
      for (let i = 0; i < 10; i++) expect((await put(i)).status).toBe(200);
      const limited = await put(10);
      expect(limited.status).toBe(429);
      expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    } finally {
      await t.close();
    }
  });
});

describe('co-parent invitations from one address across parents (no mail relay)', () => {
  it('more than 50 invitations from one client address in an hour → 429, whichever parents send them', async () => {
    const t = await testApp({ env: { RATE_LIMIT_FACTOR: '1' } });
    try {
      const address = '198.51.100.60';
      await t.db.insert(rateLimits).values({
        bucket: `${RATE_LIMITS.coParentEmailClient.name}:${address}`,
        windowStart: new Date(),
        count: RATE_LIMITS.coParentEmailClient.limit - 1,
      });
      const paidParent = async (i: number) => {
        const p = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: `inviter${i}@example.com` } });
        await markPaid(t.db, p.userId);
        return p;
      };
      const put = (p: { userId: number; authToken: string }, coParentEmail: string | null, from = address) =>
        t.call(`parents/${p.userId}/coparent-email`, {
          method: 'PUT',
          token: p.authToken,
          address: from,
          json: { coParentEmail },
        });
      expect((await put(await paidParent(1), 'co.one@example.com')).status).toBe(200);
      const second = await paidParent(2);
      const limited = await put(second, 'co.two@example.com');
      expect(limited.status).toBe(429);
      expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
      // "not now" sends nothing and is not limited; another address is not limited
      expect((await put(second, null)).status).toBe(200);
      expect((await put(second, 'co.two@example.com', '198.51.100.61')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('hourly rate-limit windows survive housekeeping', () => {
  /** The buckets left after one housekeeping run at `now` over `rows` (window starts given as ms before `now`). */
  async function bucketsLeft(rows: { bucket: string; agoMs: number; count: number }[]): Promise<string[]> {
    const t = await testApp({});
    try {
      const now = new Date('2030-06-01T12:00:00Z');
      await t.db
        .insert(rateLimits)
        .values(
          rows.map((r) => ({ bucket: r.bucket, windowStart: new Date(now.getTime() - r.agoMs), count: r.count })),
        );
      await purgeExpired(t.db, now);
      return (await t.db.select().from(rateLimits)).map((r) => r.bucket);
    } finally {
      await t.close();
    }
  }

  it('a current-password bucket (5 wrong passwords an hour) is kept for its hour, not purged after a minute', async () => {
    const left = await bucketsLeft([
      { bucket: 'current-password:parent:1', agoMs: 30 * 60_000, count: 5 },
      { bucket: 'current-password:parent:2', agoMs: 61 * 60_000, count: 5 },
    ]);
    expect(left).toEqual(['current-password:parent:1']);
  });

  it('every hourly limit survives housekeeping: a security-questions bucket is kept for its hour; a per-minute bucket is purged after its minute', async () => {
    const left = await bucketsLeft([
      { bucket: 'security-questions:parent:1', agoMs: 30 * 60_000, count: 10 },
      { bucket: 'security-questions:parent:2', agoMs: 61 * 60_000, count: 10 },
      { bucket: 'phone:1.2.3.4', agoMs: 2 * 60_000, count: 1 },
    ]);
    expect(left).toEqual(['security-questions:parent:1']);
  });
});

describe('card testing limits on POST /orders and GET /payments/config', () => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  // factor 1: the production defaults (10 attempts and 5 declines per parent per hour, 30 client tokens per parent)
  withFakeSandboxApp('pglite', { env: { RATE_LIMIT_FACTOR: '1' } }, (s, a) => {
    sandbox = s;
    t = a;
  });
  let n = 0;
  const parent = () =>
    signup(t, {
      ...SIGNUP,
      parent: { ...SIGNUP.parent, email: `card${++n}@example.com`, lastName: `Tester${n}` },
    });

  it('5 declines in an hour → the next attempt is 429 rate_limited with Retry-After, before any charge', async () => {
    const p = await parent();
    const declined = { paymentMethodNonce: 'fake-processor-declined-visa-nonce' };
    for (let i = 0; i < 5; i++) expect((await order(t, p.authToken, `decline-key-${i}00`, declined)).status).toBe(402);
    const before = sandbox.txs.length;
    const next = await order(t, p.authToken, 'decline-key-600');
    expect(next.status).toBe(429);
    expect(await next.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(sandbox.txs.length).toBe(before);
  });

  it('more than 10 order attempts per parent in an hour → 429', async () => {
    const p = await parent();
    for (let i = 0; i < 10; i++)
      expect((await order(t, p.authToken, `attempt-key-${i}00`, { packageId: 2 })).status).not.toBe(429);
    const next = await order(t, p.authToken, 'attempt-key-1100', { packageId: 2 });
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  /** A request from `address` (the socket's remote address: no proxy is trusted here). */
  const from = (address: string, path: string, token: string) => t.call(path, { token, address });
  const orderFrom = (address: string, token: string, key: string) => order(t, token, key, { packageId: 2 }, address);

  /** Fills `rule`'s bucket of `subject` to one below its limit, in the current window (as many earlier requests would). */
  const nearlyFull = (rule: RateLimitRule, subject: string) =>
    t.db
      .insert(rateLimits)
      .values({ bucket: `${rule.name}:${subject}`, windowStart: new Date(), count: rule.limit - 1 });

  it('more than 300 order attempts per client address in an hour → 429, whichever parents they come from', async () => {
    const address = '198.51.100.30';
    await nearlyFull(RATE_LIMITS.orderAttemptsClient, address);
    expect(RATE_LIMITS.orderAttemptsClient.limit).toBeGreaterThanOrEqual(300); // room for parents behind one address
    const first = await parent();
    expect((await orderFrom(address, first.authToken, 'client-attempt-0')).status).not.toBe(429);
    const second = await parent();
    const limited = await orderFrom(address, second.authToken, 'client-attempt-1');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    // the same parent from another client is not limited (the bucket is the client's)
    expect((await orderFrom('198.51.100.31', second.authToken, 'client-attempt-2')).status).not.toBe(429);
  });

  it('more than 300 client tokens per client address in an hour → 429, whichever parents ask', async () => {
    const address = '198.51.100.40';
    await nearlyFull(RATE_LIMITS.clientTokensClient, address);
    expect(RATE_LIMITS.clientTokensClient.limit).toBeGreaterThanOrEqual(300);
    const first = await parent();
    expect((await from(address, 'payments/config?currency=USD', first.authToken)).status).toBe(200);
    const second = await parent();
    const limited = await from(address, 'payments/config?currency=USD', second.authToken);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
    expect((await from('198.51.100.41', 'payments/config?currency=USD', second.authToken)).status).toBe(200);
  });

  it('a replay of a completed order answers its stored 201 even when the parent is past the attempt limit', async () => {
    const p = await parent();
    const paid = await order(t, p.authToken, 'replay-past-limit-0');
    expect(paid.status).toBe(201);
    const stored = await paid.json();
    // nine more attempts (an upgrade that is not one: 409), then the tenth-plus is limited
    for (let i = 1; i < 10; i++) expect((await order(t, p.authToken, `replay-past-limit-${i}`)).status).not.toBe(429);
    expect((await order(t, p.authToken, 'replay-past-limit-10')).status).toBe(429);
    const charges = sandbox.txs.length;
    const replay = await order(t, p.authToken, 'replay-past-limit-0');
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(stored);
    expect(sandbox.txs.length).toBe(charges);
  });

  it('more than 30 client tokens per parent in an hour → 429', async () => {
    const p = await parent();
    // from three addresses (10 each, under the client's limit), then a fourth: the parent's own bucket is full
    for (let i = 0; i < 30; i++)
      expect((await from(`198.51.100.${50 + (i % 3)}`, 'payments/config?currency=USD', p.authToken)).status).toBe(200);
    const next = await from('198.51.100.53', 'payments/config?currency=USD', p.authToken);
    expect(next.status).toBe(429);
    expect(await next.json()).toMatchObject({ code: 'rate_limited' });
  });
});

describe('per-address limits stop card testing, not parents behind one address (docs/PAYMENTS.md)', () => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  // the clock moves a minute per parent: 40 parents within the hour, under the per-minute signup limit
  let clock = Date.parse('2030-03-01T09:00:00Z');
  withFakeSandboxApp('pglite', { env: { RATE_LIMIT_FACTOR: '1' }, now: () => new Date(clock) }, (s, a) => {
    sandbox = s;
    t = a;
  });
  let n = 0;
  /** A new parent signing up from `address`, a minute after the previous one. */
  const parentFrom = async (address: string) => {
    clock += 60_000;
    const res = await t.call('signups', {
      method: 'POST',
      address,
      json: { ...SIGNUP, parent: { ...SIGNUP.parent, email: `shared${++n}@example.com`, lastName: `Shared${n}` } },
    });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { authToken: string; userId: number };
    await markProven(t.db, answer.userId);
    return answer;
  };

  it('40 parents behind one address each sign up, get a client token and pay within the hour → 40 paid', async () => {
    const address = '203.0.113.40';
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const p = await parentFrom(address);
      expect((await t.call('payments/config?currency=USD', { token: p.authToken, address })).status).toBe(200);
      statuses.push((await order(t, p.authToken, `shared-address-${i}`, {}, address)).status);
    }
    expect(statuses).toEqual(Array.from({ length: 40 }, () => 201));
  });

  it('declines from one address spread over new parents (one each) → 429 by the 21st attempt, before any charge', async () => {
    const address = '203.0.113.21';
    const declined = { paymentMethodNonce: 'fake-processor-declined-visa-nonce' };
    for (let i = 0; i < 20; i++) {
      const p = await parentFrom(address);
      expect((await order(t, p.authToken, `card-tester-${i}`, declined, address)).status).toBe(402);
    }
    const charges = sandbox.txs.length;
    const next = await parentFrom(address);
    const limited = await order(t, next.authToken, 'card-tester-20', declined, address);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(sandbox.txs.length).toBe(charges);
    // a parent elsewhere is not affected
    expect((await order(t, (await parentFrom('203.0.113.99')).authToken, 'elsewhere', {}, '203.0.113.99')).status).toBe(
      201,
    );
  });

  it('cards the gateway cannot charge (422, e.g. made-up nonces) count as failed attempts per address too', async () => {
    const address = '203.0.113.22';
    for (let i = 0; i < 20; i++) {
      const p = await parentFrom(address);
      const res = await order(
        t,
        p.authToken,
        `made-up-nonce-${i}`,
        { paymentMethodNonce: `tokencc_made_up_${i}` },
        address,
      );
      expect(res.status).toBe(422);
    }
    const limited = await order(t, (await parentFrom(address)).authToken, 'made-up-nonce-20', {}, address);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
  });
});

describe('passwords of 12 characters or more, no common ones', () => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await testApp({});
  });
  afterAll(() => t.close());

  it('a short or common password answers 422 with a password field error; a strong one is set', async () => {
    const p = await signup(t);
    const put = (password: string) =>
      t.call(`parents/${p.userId}/credentials`, {
        method: 'PUT',
        token: p.authToken,
        json: { username: 'pat.parent12', password },
      });
    // too short: the request schema's 400 (as every malformed body); common: 422
    for (const [weak, status] of [
      ['short-pw1', 400],
      ['password1234', 422],
      ['qwertyuiop123', 422],
      ['iloveyou12345', 422],
    ] as const) {
      const res = await put(weak);
      expect(res.status, weak).toBe(status);
      const problem = (await res.json()) as { code: string; errors: { field: string; message: string }[] };
      expect(problem.code).toBe('validation_failed');
      expect(problem.errors.map((e) => e.field)).toEqual(['password']);
    }
    expect(passwordProblem('pat.parent12-pat', ['pat.parent12'])).toBeDefined();
    expect((await put('correct horse battery staple 42')).status).toBe(200);
  });
});

describe('the OpenAPI document names the new answers', () => {
  it('429 on orders, client tokens and security-question writes; 422 for a weak password', () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(doc.paths['/orders']?.post?.responses['429']).toBeDefined();
    expect(doc.paths['/payments/config']?.get?.responses['429']).toBeDefined();
    expect(doc.paths['/parents/{userId}/security-questions']?.put?.responses['429']).toBeDefined();
    expect(doc.paths['/parents/{userId}/coparent-email']?.put?.responses['429']).toBeDefined();
    expect(doc.paths['/parents/{userId}/coparent-email']?.put?.responses['409']).toBeDefined(); // not_paid_yet
    expect(doc.paths['/parents/{userId}/credentials']?.put?.responses['422']).toBeDefined();
  });
});

describe("a package's currency is the parent's country's (§1 join countries)", () => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  withFakeSandboxApp('pglite', {}, (s, a) => {
    sandbox = s;
    t = a;
  });
  const GB = {
    ...SIGNUP,
    address: { country: 'GB' },
    parent: { ...SIGNUP.parent, email: 'gwen.gb@example.com', phoneCountryCode: '+44', phoneNumber: '7400123456' },
  };
  const GB_BILLING = {
    streetAddress: '1 High St',
    locality: 'London',
    region: 'London',
    postalCode: 'SW1A 1AA',
    countryCodeAlpha2: 'GB',
  };

  it('a GB parent buying a USD package and a US parent buying NZD get 422 currency_not_offered, nothing charged', async () => {
    const charges = sandbox.state.charges;
    const gb = await signup(t, GB);
    const usd = await order(t, gb.authToken, 'gb-buys-usd-01', { packageId: 2053, billingAddress: GB_BILLING });
    expect(usd.status).toBe(422);
    expect(await usd.json()).toMatchObject({ code: 'currency_not_offered', errors: [{ field: 'packageId' }] });
    const us = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: 'nz.prices@example.com' } });
    const nzd = await order(t, us.authToken, 'us-buys-nzd-01', { packageId: 2093 });
    expect(nzd.status).toBe(422);
    expect(await nzd.json()).toMatchObject({ code: 'currency_not_offered' });
    expect(sandbox.state.charges).toBe(charges);
    // the parent's own currency is sold (GB: GBP with VAT)
    const gbp = await order(t, gb.authToken, 'gb-buys-gbp-01', { packageId: 2062, billingAddress: GB_BILLING });
    expect(gbp.status).toBe(201);
    expect(sandbox.state.charges).toBe(charges + 1);
  });

  it("GET /packages offers a signed-in parent only their country's currency", async () => {
    const gb = await signup(t, { ...GB, parent: { ...GB.parent, email: 'gwen.packages@example.com' } });
    const other = await t.call('packages?currency=USD&flow=join', { token: gb.authToken });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: 'currency_not_offered', errors: [{ field: 'query.currency' }] });
    const own = await t.call('packages?flow=join', { token: gb.authToken });
    expect(own.status).toBe(200);
    const { packages } = (await own.json()) as { packages: { currencyCode: string }[] };
    expect(packages.length).toBeGreaterThan(0);
    expect(new Set(packages.map((p) => p.currencyCode))).toEqual(new Set(['GBP']));
    // anonymous callers (the page before signup) still pick the currency of the country they chose
    expect((await t.call('packages?currency=NZD&flow=join')).status).toBe(200);
  });
});

describe('malformed percent-encoding in a path is a 400, not a 500', () => {
  let t!: TestApp;
  let webDist!: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'join-web-dist-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body></body></html>');
    t = await testApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('GET /%ZZ and other malformed paths, web and /api, answer 400 problem+json', async () => {
    const paths = [
      '/%ZZ',
      '/%',
      '/%E0%A4%A',
      '/%C3%28',
      '/assets/%ZZ.js',
      '/join/%ZZ',
      '/invite/%ZZ',
      '/ofw/%ZZ',
      '/api/v1/%ZZ',
      '/api/v1/parents/%ZZ',
      '/api/v1/invites/%E0%A4%A',
    ];
    for (const p of paths) {
      for (const method of ['GET', 'POST']) {
        const res = await t.app.request(p, { method });
        expect([p, method, res.status]).toEqual([p, method, 400]);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
        expect(await res.json()).toMatchObject({ status: 400, code: 'validation_failed' });
      }
    }
    expect(t.logs.lines.some((l) => l.msg === 'unhandled error')).toBe(false);
    // well-formed encodings still work
    expect((await t.app.request('/join/%41bc')).status).toBe(200);
    expect((await t.app.request('/%25ZZ')).status).toBe(200);
    expect((await t.app.request('/api/v1/countries?q=%ZZ')).status).toBe(200);
  });
});

describe('reseeding the demo revokes the previous demo links', () => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await testApp({});
  });
  afterAll(() => t.close());

  it('after a reseed the earlier demo pro-referral and invite links are refused; the new ones work', async () => {
    const first = await seedDemo(t.db, 'http://join.test');
    const second = await seedDemo(t.db, 'http://join.test');
    const referral = (links: { pro: string }) => new URL(links.pro).searchParams.get('referral')!;
    const invite = (links: { invite: string }) => links.invite.split('/invite/')[1]!;
    const proSignup = (token: string, email: string) =>
      t.call('signups', {
        method: 'POST',
        json: { ...SIGNUP, flow: 'pro', proReferralToken: token, parent: { ...SIGNUP.parent, email } },
      });
    const stale = await proSignup(referral(first), 'old.referral@example.com');
    expect(stale.status).toBe(401);
    expect(await stale.json()).toMatchObject({ code: 'unauthorized' });
    expect((await t.call('invites/check', { token: invite(first) })).status).toBe(401);
    expect((await t.call('invites/check', { token: invite(second) })).status).toBe(204);
    expect((await proSignup(referral(second), 'new.referral@example.com')).status).toBe(201);
  });
});
