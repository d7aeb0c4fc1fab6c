import { describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema.js';
import { purgeExpired } from '../src/housekeeping.js';
import { RATE_LIMITS } from '../src/lib/rate-limit.js';
import { openApiDocument } from '../src/openapi.js';
import { loadEnv } from '../src/env.js';
import { clientAddress, compileTrust, parseTrustedProxies } from '../src/lib/client-ip.js';
import { SIGNUP, markPaid, signup, testApp } from './helpers.js';

/*
 * Who a rate limit counts (SECURITY.md ASVS 15.3.4: the client address from trusted fields only) and the limits on
 * account writes that send e-mail or hash passwords (ASVS 2.4.1), kept for their hour by housekeeping and documented
 * in the OpenAPI document (ASVS 2.1.3).
 */
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
