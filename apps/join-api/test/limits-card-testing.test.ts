import { describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema.js';
import { RATE_LIMITS, type RateLimitRule } from '../src/lib/rate-limit.js';
import { SIGNUP, markProven, order, signup, withFakeSandboxApp, type FakeSandbox, type TestApp } from './helpers.js';

/*
 * Card testing (SECURITY.md ASVS 2.4.1; docs/ARCHITECTURE.md "Rate limits"): POST /orders and GET /payments/config
 * are limited per parent and per client address, before any charge, without refusing parents who share an address.
 */
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
