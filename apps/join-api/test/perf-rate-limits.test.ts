import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema.js';
import { RATE_LIMITS, releaseRateLimits, reserveRateLimits, type RateLimitStep } from '../src/lib/rate-limit.js';
import { HttpProblem } from '../src/lib/problem.js';
import type { Db } from '../src/db/client.js';
import { DATABASES, testApp, type TestApp } from './helpers.js';

const NOW = new Date('2030-01-01T12:00:00Z');
const HOUR = 60 * 60_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

/** The order route's steps (routes/orders.ts) but the client's failed charges, for parent 7 from 203.0.113.9. */
const ORDER_STEPS: RateLimitStep[] = [
  { rule: RATE_LIMITS.orderDeclines, subject: 'parent:7' },
  { rule: RATE_LIMITS.orderAttempts, subject: 'parent:7' },
  { rule: RATE_LIMITS.orderAttemptsClient, subject: '203.0.113.9' },
];

/** A Db whose statements are counted (every query builder or execute call on it). */
function counting(db: Db) {
  const counter = { statements: 0 };
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value === 'function' && ['execute', 'select', 'insert', 'update', 'delete'].includes(String(prop))) {
        return (...args: unknown[]) => {
          counter.statements++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return value;
    },
  });
  return { db: proxy, counter };
}

async function refusal(p: Promise<unknown>): Promise<HttpProblem | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    if (e instanceof HttpProblem) return e;
    throw e;
  }
}

describe.each(DATABASES)('the order rate limits in one statement (%s)', (kind) => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await testApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(rateLimits);
  });
  const counts = async () =>
    Object.fromEntries((await t.db.select().from(rateLimits)).map((r) => [r.bucket, r.count] as const));

  it('one statement reserves the decline and both attempts', async () => {
    const { db, counter } = counting(t.db);
    await reserveRateLimits(db, ORDER_STEPS, NOW);
    expect(counter.statements).toBe(1);
    await reserveRateLimits(db, ORDER_STEPS, at(1000));
    expect(await counts()).toEqual({
      'order-declines:parent:7': 2,
      'order-attempts:parent:7': 2,
      'order-attempts-client:203.0.113.9': 2,
    });
  });

  it('a parent at its declines is refused (Retry-After from that window) and nothing is counted', async () => {
    await t.db.insert(rateLimits).values({
      bucket: 'order-declines:parent:7',
      windowStart: at(-HOUR / 2),
      count: RATE_LIMITS.orderDeclines.limit,
    });
    const e = await refusal(reserveRateLimits(t.db, ORDER_STEPS, NOW));
    expect(e?.status).toBe(429);
    expect(e?.headers['retry-after']).toBe(String(HOUR / 2 / 1000));
    expect(await counts()).toEqual({ 'order-declines:parent:7': RATE_LIMITS.orderDeclines.limit });
    // a decline window that has passed refuses nothing: it starts again from this reservation
    await reserveRateLimits(t.db, ORDER_STEPS, at(HOUR / 2));
    expect(await counts()).toMatchObject({ 'order-declines:parent:7': 1, 'order-attempts:parent:7': 1 });
  });

  it('past the parent limit the call is refused and takes nothing: the decline it reserved first is given back', async () => {
    const steps = ORDER_STEPS.slice(1);
    for (let i = 0; i < RATE_LIMITS.orderAttempts.limit; i++) await reserveRateLimits(t.db, steps, at(i));
    await reserveRateLimits(t.db, ORDER_STEPS.slice(0, 1), at(50));
    const e = await refusal(reserveRateLimits(t.db, ORDER_STEPS, at(100)));
    expect(e?.status).toBe(429);
    expect(e?.headers['retry-after']).toBe(String(HOUR / 1000));
    expect(await counts()).toEqual({
      'order-declines:parent:7': 1,
      'order-attempts:parent:7': RATE_LIMITS.orderAttempts.limit,
      'order-attempts-client:203.0.113.9': RATE_LIMITS.orderAttempts.limit,
    });
    // a new window starts the count again
    await reserveRateLimits(t.db, ORDER_STEPS, at(HOUR));
    expect((await counts())['order-attempts:parent:7']).toBe(1);
  });

  it('past the client limit (many parents from one address) the call is refused; RATE_LIMIT_FACTOR scales it', async () => {
    const client = RATE_LIMITS.orderAttemptsClient.limit;
    const steps = (n: number): RateLimitStep[] => [
      { rule: RATE_LIMITS.orderDeclines, subject: `parent:${n}` },
      { rule: RATE_LIMITS.orderAttempts, subject: `parent:${n}` },
      { rule: RATE_LIMITS.orderAttemptsClient, subject: '203.0.113.9' },
    ];
    for (let n = 0; n < client; n++) await reserveRateLimits(t.db, steps(n), NOW);
    expect((await refusal(reserveRateLimits(t.db, steps(client), NOW)))?.status).toBe(429);
    // twice the limit with factor 2
    await t.db.delete(rateLimits);
    for (let n = 0; n < 2 * client; n++) await reserveRateLimits(t.db, steps(n), NOW, 2);
    expect((await refusal(reserveRateLimits(t.db, steps(2 * client), NOW, 2)))?.status).toBe(429);
  });

  it('concurrent attempts of many parents from one address count every hit exactly once', async () => {
    const steps = (n: number): RateLimitStep[] => [
      { rule: RATE_LIMITS.orderAttempts, subject: `parent:${n}` },
      { rule: RATE_LIMITS.orderAttemptsClient, subject: '198.51.100.1' },
    ];
    await Promise.all(Array.from({ length: 25 }, (_, n) => reserveRateLimits(t.db, steps(n), NOW)));
    expect((await counts())['order-attempts-client:198.51.100.1']).toBe(25);
  });

  it('60 concurrent reservations of a 20-an-hour limit: exactly 20 are taken, the rest refused, none counted past it', async () => {
    const step = (n: number): RateLimitStep[] => [
      { rule: RATE_LIMITS.orderDeclines, subject: `parent:${n}` },
      { rule: RATE_LIMITS.orderFailuresClient, subject: '198.51.100.2' },
    ];
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, n) => reserveRateLimits(t.db, step(n), NOW)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(RATE_LIMITS.orderFailuresClient.limit);
    expect((await counts())['order-failures-client:198.51.100.2']).toBe(RATE_LIMITS.orderFailuresClient.limit);
    // the refused ones gave their parent's decline back
    const declines = Object.entries(await counts()).filter(([b, n]) => b.startsWith('order-declines:') && n > 0);
    expect(declines).toHaveLength(RATE_LIMITS.orderFailuresClient.limit);
  });

  it('a slot given back frees room in its own window only, in one statement', async () => {
    const steps = ORDER_STEPS.slice(0, 1);
    for (let i = 0; i < RATE_LIMITS.orderDeclines.limit - 1; i++) await reserveRateLimits(t.db, steps, at(i));
    const last = await reserveRateLimits(t.db, steps, at(10));
    expect((await refusal(reserveRateLimits(t.db, steps, at(20))))?.status).toBe(429);
    const { db, counter } = counting(t.db);
    await releaseRateLimits(db, last);
    expect(counter.statements).toBe(1);
    await reserveRateLimits(t.db, steps, at(30));
    // given back after its window rolled over: the new window is left alone
    const old = await reserveRateLimits(t.db, steps, at(HOUR + 1));
    await releaseRateLimits(t.db, [{ ...old[0]!, windowStart: NOW }]);
    expect((await counts())['order-declines:parent:7']).toBe(1);
  });
});
