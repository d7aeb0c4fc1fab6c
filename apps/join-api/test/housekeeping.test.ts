import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { idempotencyKeys, outbox, rateLimits, type IdempotencyState, type OutboxStatus } from '../src/db/schema.js';
import {
  IDEMPOTENCY_RETENTION_MS,
  OUTBOX_RETENTION_MS,
  purgeExpired,
  purgeOutbox,
  startHousekeeping,
} from '../src/housekeeping.js';
import { createLogger } from '../src/lib/logger.js';
import { DATABASES, LogSink, order, signup, withFakeSandboxApp, type FakeSandbox, type TestApp } from './helpers.js';

const NOW = new Date('2030-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe.each(DATABASES)('housekeeping of rate_limits and idempotency_keys (%s)', (kind) => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  withFakeSandboxApp(kind, {}, (s, a) => {
    sandbox = s;
    t = a;
  });

  async function seedRows(prefix: string) {
    await t.db.insert(rateLimits).values([
      { bucket: `${prefix}:old1`, windowStart: ago(5 * MIN), count: 3 },
      { bucket: `${prefix}:old2`, windowStart: ago(2 * MIN), count: 1 },
      { bucket: `${prefix}:live`, windowStart: ago(10_000), count: 1 },
    ]);
    const key = (k: string, state: IdempotencyState, createdAt: Date, lockedUntil: Date | null = null) => ({
      userId: 999_999,
      key: `${prefix}-${k}`,
      requestHash: 'h',
      state,
      lockedUntil,
      createdAt,
      ...(state === 'completed' ? { responseStatus: 201, responseBody: {} } : {}),
    });
    await t.db
      .insert(idempotencyKeys)
      .values([
        key('old-completed', 'completed', ago(25 * HOUR)),
        key('old-retryable', 'retryable', ago(30 * HOUR)),
        key('old-stale-lock', 'in_flight', ago(26 * HOUR), ago(HOUR)),
        key('old-live-lock', 'in_flight', ago(26 * HOUR), new Date(NOW.getTime() + MIN)),
        key('fresh-completed', 'completed', ago(HOUR)),
      ]);
  }
  const buckets = async (prefix: string) =>
    (await t.db.select().from(rateLimits))
      .map((r) => r.bucket)
      .filter((b) => b.startsWith(prefix))
      .sort();
  const keys = async (prefix: string) =>
    (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, 999_999)))
      .map((r) => r.key)
      .filter((k) => k.startsWith(prefix))
      .sort();

  it('housekeeping: expired rows are deleted; live windows, fresh keys and live in-flight locks stay', async () => {
    await seedRows('a');
    expect(await purgeExpired(t.db, NOW)).toEqual({ rateLimits: 2, idempotencyKeys: 3 });
    expect(await buckets('a')).toEqual(['a:live']);
    expect(await keys('a')).toEqual(['a-fresh-completed', 'a-old-live-lock']);
    expect(await purgeExpired(t.db, NOW)).toEqual({ rateLimits: 0, idempotencyKeys: 0 });
    await t.db.delete(rateLimits);
    await t.db.delete(idempotencyKeys);
  });

  it('each run is bounded by batchSize; the next runs continue', async () => {
    await seedRows('b');
    expect(await purgeExpired(t.db, NOW, { batchSize: 1 })).toEqual({ rateLimits: 1, idempotencyKeys: 1 });
    expect(await purgeExpired(t.db, NOW, { batchSize: 1 })).toEqual({ rateLimits: 1, idempotencyKeys: 1 });
    expect(await purgeExpired(t.db, NOW, { batchSize: 1 })).toEqual({ rateLimits: 0, idempotencyKeys: 1 });
    expect(await purgeExpired(t.db, NOW, { batchSize: 1 })).toEqual({ rateLimits: 0, idempotencyKeys: 0 });
    await t.db.delete(rateLimits);
    await t.db.delete(idempotencyKeys);
  });

  it('the interval purges on its own and stops on shutdown (no run after stop)', async () => {
    await seedRows('c');
    const logs = new LogSink();
    const hk = startHousekeeping({ db: t.db, logger: createLogger('info', logs), now: () => NOW, intervalMs: 25 });
    await expect
      .poll(() => keys('c'), { timeout: 5000, interval: 25 })
      .toEqual(['c-fresh-completed', 'c-old-live-lock']);
    expect(await buckets('c')).toEqual(['c:live']);
    // the pass logs once its purge has returned: the rows can be seen gone a moment before the line is written
    await expect
      .poll(() => logs.lines.some((l) => l.msg === 'housekeeping purged expired rows'), { timeout: 5000, interval: 25 })
      .toBe(true);
    await hk.stop();
    await seedRows('d');
    await new Promise((r) => setTimeout(r, 150));
    expect(await buckets('d')).toEqual(['d:live', 'd:old1', 'd:old2']);
    await t.db.delete(rateLimits);
    await t.db.delete(idempotencyKeys);
  });

  it('docs/CONTRACTS.md "HTTP API": a key reused after its record was purged still cannot charge twice (the order keeps its key)', async () => {
    const p = await signup(t, {
      address: { country: 'US' },
      parent: { firstName: 'H', lastName: 'K', email: 'hk@example.com', phoneNumber: '2025550177' },
    });
    const first = await order(t, p.authToken, 'purged-key-0001');
    expect(first.status).toBe(201);
    const charges = sandbox.state.charges;
    const later = new Date(Date.now() + IDEMPOTENCY_RETENTION_MS + HOUR);
    expect((await purgeExpired(t.db, later)).idempotencyKeys).toBeGreaterThanOrEqual(1);
    const again = await order(t, p.authToken, 'purged-key-0001');
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(sandbox.state.charges).toBe(charges);
  });
});

describe.each(DATABASES)('housekeeping of the e-mail outbox (%s)', (kind) => {
  let t!: TestApp;
  withFakeSandboxApp(kind, {}, (_s, a) => {
    t = a;
  });

  it('finished e-mails (sent, cancelled, failed) are deleted with their recipient after 30 days; pending ones never', async () => {
    const row = (id: string, status: OutboxStatus, createdAt: Date) => ({
      kind: 'receipt',
      recipient: `${id}@example.com`,
      payload: { orderId: id },
      dedupeKey: `hk-test:${id}`,
      status,
      createdAt,
    });
    const DAY = 24 * HOUR;
    await t.db
      .insert(outbox)
      .values([
        row('old-sent', 'sent', ago(OUTBOX_RETENTION_MS + DAY)),
        row('old-cancelled', 'cancelled', ago(OUTBOX_RETENTION_MS + DAY)),
        row('old-failed', 'failed', ago(OUTBOX_RETENTION_MS + 2 * DAY)),
        row('old-pending', 'pending', ago(OUTBOX_RETENTION_MS + 3 * DAY)),
        row('recent-sent', 'sent', ago(OUTBOX_RETENTION_MS - DAY)),
      ]);
    const left = async () =>
      (await t.db.select({ r: outbox.recipient }).from(outbox))
        .map((x) => x.r)
        .filter((r) => r.endsWith('@example.com'))
        .sort();
    expect(await purgeOutbox(t.db, NOW, { batchSize: 2 })).toBe(2);
    expect(await purgeOutbox(t.db, NOW)).toBe(1);
    expect(await purgeOutbox(t.db, NOW)).toBe(0);
    expect(await left()).toEqual(['old-pending@example.com', 'recent-sent@example.com']);
    await t.db.delete(outbox);
  });
});
