import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fromMinor, priceCatalogue, type CouponAvailability } from '@ofw/domain';
import { PackagesResponseSchema } from '@ofw/api-client';
import { coupons } from '../src/db/schema.js';
import { COUPONS } from '../src/reference-data.js';
import { CatalogueCache, ifNoneMatch } from '../src/lib/catalogue-cache.js';
import { DATABASES, signup, testApp, type TestApp } from './helpers.js';

const START = new Date('2030-01-01T00:00:00Z');

/** The seeded auto-applied coupons of an audience, as `availabilityFor` reads them. */
const seeded = (audience: 'join' | 'invite'): CouponAvailability[] =>
  COUPONS.filter((c) => c.audience === audience && c.autoApply).map((c) => ({
    packageId: c.packageId,
    status: 'available',
    discountAmount: fromMinor(c.discountMinor),
  }));

describe.each(DATABASES)('GET /packages from memory (%s)', (kind) => {
  let t!: TestApp;
  const clock = { now: START };
  beforeAll(async () => {
    t = await testApp({ kind, now: () => clock.now, env: { CATALOGUE_CACHE_MS: '10000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the anonymous answer is the same body as before — priceCatalogue of P3 with the audience coupons', async () => {
    for (const currency of ['USD', 'GBP', 'CAD', 'AUD', 'NZD'] as const) {
      for (const flow of ['join', 'ctj', 'pro'] as const) {
        const res = await t.call(`packages?currency=${currency}&flow=${flow}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.headers.get('cache-control')).toBe('private, max-age=60');
        const body = (await res.json()) as Record<string, unknown>;
        const priced = priceCatalogue({
          currency,
          flow,
          pricingGroup: 'P3',
          coupons: seeded(flow === 'ctj' ? 'invite' : 'join'),
          currentTerm: null,
          now: clock.now,
        });
        expect(body).toEqual(
          JSON.parse(
            JSON.stringify({
              packages: priced.packages,
              byo: priced.byo,
              upgradeOptions: null,
              pricingGroup: 'P3',
              currentTerm: null,
              quotedAt: body.quotedAt,
            }),
          ),
        );
        expect(() => PackagesResponseSchema.parse(body)).not.toThrow();
      }
    }
  });

  it('a strong ETag; If-None-Match with it (or W/ of it, in a list, or *) answers 304 without a body', async () => {
    const first = await t.call('packages?currency=USD&flow=join');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const text = await first.text();
    // the same request again: byte-identical body and the same tag
    const again = await t.call('packages?currency=USD&flow=join');
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe(text);
    for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const res = await t.call('packages?currency=USD&flow=join', { headers: { 'if-none-match': header } });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe('private, max-age=60');
      expect(await res.text()).toBe('');
    }
    const other = await t.call('packages?currency=USD&flow=join', { headers: { 'if-none-match': '"stale"' } });
    expect(other.status).toBe(200);
    // another currency or flow is another representation
    const gbp = await t.call('packages?currency=GBP&flow=join', { headers: { 'if-none-match': etag } });
    expect(gbp.status).toBe(200);
    expect(gbp.headers.get('etag')).not.toBe(etag);
  });

  it('a coupon switched off is priced out once the coupons are read again (CATALOGUE_CACHE_MS), with a new ETag', async () => {
    clock.now = START;
    const before = await t.call('packages?currency=USD&flow=join');
    const etag = before.headers.get('etag')!;
    const discounted = (b: { packages: { id: number; discount?: unknown }[] }) =>
      b.packages.filter((p) => p.discount).map((p) => p.id);
    expect(discounted((await before.json()) as never)).toEqual([2056]); // TWOYEARMAX25
    await t.db.update(coupons).set({ active: false }).where(eq(coupons.code, 'TWOYEARMAX25'));
    try {
      // within the cache time the answer stays (browsers were told max-age=60 anyway)
      clock.now = new Date(START.getTime() + 9_000);
      expect((await t.call('packages?currency=USD&flow=join')).headers.get('etag')).toBe(etag);
      clock.now = new Date(START.getTime() + 10_000);
      const after = await t.call('packages?currency=USD&flow=join', { headers: { 'if-none-match': etag } });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(etag);
      expect(discounted((await after.json()) as never)).toEqual([]);
    } finally {
      await t.db.update(coupons).set({ active: true }).where(eq(coupons.code, 'TWOYEARMAX25'));
    }
    clock.now = new Date(START.getTime() + 20_000);
    const back = await t.call('packages?currency=USD&flow=join');
    expect(back.headers.get('etag')).toBe(etag); // the same coupon set prices the same body again
  });

  it("a parent's answer is still read per request (coupons at once, no-store, quotedAt = now, no ETag)", async () => {
    clock.now = new Date(START.getTime() + 30_000);
    const p = await signup(t, {
      address: { country: 'US' },
      parent: { firstName: 'Cara', lastName: 'Cache', email: 'cara.cache@example.com', phoneNumber: '2025550111' },
    });
    await t.call('packages?currency=USD&flow=join'); // warm the anonymous cache
    await t.db
      .insert(coupons)
      .values({ code: 'CACHE5', packageId: 2053, discountMinor: 500, audience: 'join', autoApply: true });
    try {
      const res = await t.call('packages?currency=USD&flow=join', { token: p.authToken });
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('etag')).toBeNull();
      const body = PackagesResponseSchema.parse(await res.json());
      expect(body.quotedAt?.toISOString()).toBe(clock.now.toISOString());
      expect(body.packages.find((x) => x.id === 2053)?.discount).toMatchObject({ discountAmount: 5 });
      expect(body.packages).toEqual(
        priceCatalogue({
          currency: 'USD',
          flow: 'join',
          pricingGroup: body.pricingGroup,
          coupons: [...seeded('join'), { packageId: 2053, status: 'available', discountAmount: 5 }],
          currentTerm: null,
          now: clock.now,
        }).packages,
      );
    } finally {
      await t.db.delete(coupons).where(eq(coupons.code, 'CACHE5'));
    }
  });
});

describe('CatalogueCache', () => {
  const at = (ms: number) => new Date(START.getTime() + ms);

  it('reads the coupons once for concurrent requests and again only after ttlMs (or when the clock goes back)', async () => {
    let reads = 0;
    const cache = new CatalogueCache(async () => {
      reads++;
      await new Promise((r) => setTimeout(r, 5));
      return seeded('join');
    }, 1000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.anonymous('USD', 'join', at(0))));
    expect(reads).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    await cache.anonymous('USD', 'join', at(999));
    expect(reads).toBe(1);
    await cache.anonymous('USD', 'join', at(1000));
    expect(reads).toBe(2);
    await cache.anonymous('USD', 'join', at(500)); // clock moved back: read again
    expect(reads).toBe(3);
    // an unchanged coupon set keeps the serialized answer (and so its ETag and quotedAt)
    expect((await cache.anonymous('USD', 'join', at(5000))).etag).toBe(answers[0]!.etag);
  });

  it('ifNoneMatch uses the weak comparison of RFC 9110', () => {
    expect(ifNoneMatch('"a"', '"a"')).toBe(true);
    expect(ifNoneMatch('W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatch('"b", W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatch('*', '"a"')).toBe(true);
    expect(ifNoneMatch('"b"', '"a"')).toBe(false);
    expect(ifNoneMatch('a', '"a"')).toBe(false);
    expect(ifNoneMatch(undefined, '"a"')).toBe(false);
  });
});
