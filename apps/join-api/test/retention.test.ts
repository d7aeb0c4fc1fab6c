import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { emailCodes, orders, renewalLinks, signups, tokens, users } from '../src/db/schema.js';
import { TOKEN_TTL_MS, issueToken } from '../src/accounts.js';
import {
  clearPaymentDetails,
  purgeAbandonedJoins,
  purgeExpiredCredentials,
  purgeUnclaimedInvitations,
} from '../src/housekeeping-retention.js';
import { startHousekeeping } from '../src/housekeeping.js';
import {
  ABANDONED_JOIN_RETENTION_MS,
  EXPIRED_CREDENTIAL_RETENTION_MS,
  PAYMENT_DETAILS_RETENTION_MS,
} from '../src/retention.js';
import { createLogger } from '../src/lib/logger.js';
import { createMetrics } from '../src/lib/metrics.js';
import { DATABASES, LogSink, counterValue, markPaid, signup, testApp, type TestApp } from './helpers.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DATABASES)('retention of personal data, enforced by housekeeping (%s)', (kind) => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await testApp({ kind });
  });
  afterAll(async () => t?.close());

  const parent = async (tag: string) =>
    signup(t, {
      flow: 'join',
      languageLocale: 'en-US',
      address: { country: 'US' },
      parent: { firstName: 'Ret', lastName: tag, email: `${tag}.${kind}@example.com`, phoneNumber: '2025550143' },
    });
  const exists = async (ids: number[]) =>
    (await t.db.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((u) => u.id).sort();
  const age = (id: number, ms: number) =>
    t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(users.id, id));

  it('abandoned joins: a registering account without money is deleted after 30 days with its dependants; paid, recent and reconciling ones stay', async () => {
    const [gone, paid, recent, declined] = await Promise.all(['gone', 'paid', 'recent', 'declined'].map(parent));
    const ids = [gone!.userId, paid!.userId, recent!.userId, declined!.userId];
    for (const id of [gone!.userId, paid!.userId, declined!.userId]) await age(id, ABANDONED_JOIN_RETENTION_MS + DAY);
    await markPaid(t.db, paid!.userId);
    // a declined order the reconciler may still look at (updated within its window)
    await t.db.insert(orders).values({
      id: `ord_declined_${kind}`,
      userId: declined!.userId,
      idempotencyKey: 'k-declined',
      packageId: 2051,
      currency: 'USD',
      amountMinor: 100,
      status: 'declined',
      gateway: 'sandbox',
    });
    const now = new Date();
    expect(await purgeAbandonedJoins(t.db, now, { batchSize: 10, reconcileWindowMs: 30 * DAY })).toBe(1);
    expect(await exists(ids)).toEqual([paid!.userId, recent!.userId, declined!.userId].sort());
    expect(await t.db.select().from(tokens).where(eq(tokens.userId, gone!.userId))).toEqual([]);
    expect(await t.db.select().from(signups).where(eq(signups.userId, gone!.userId))).toEqual([]);
    // once the order has left the reconciler's window, the declined join goes too, with its order
    const later = new Date(now.getTime() + 31 * DAY);
    expect(await purgeAbandonedJoins(t.db, later, { reconcileWindowMs: 30 * DAY })).toBeGreaterThanOrEqual(1);
    // (the recent join is 31 days old by then: abandoned too)
    expect(await exists(ids)).toEqual([paid!.userId]);
    expect(await t.db.select().from(orders).where(eq(orders.userId, declined!.userId))).toEqual([]);
    // idempotent: nothing more to do
    expect(await purgeAbandonedJoins(t.db, now, { reconcileWindowMs: 30 * DAY })).toBe(0);
  });

  it('unclaimed invitations: a placeholder past the invitation lifetime without a live token is deleted; the inviter’s answer loses the address', async () => {
    const inviter = await parent('inviter');
    const [row] = await t.db.select().from(users).where(eq(users.id, inviter.userId));
    await t.db.update(users).set({ accountState: 'active' }).where(eq(users.id, inviter.userId));
    const placeholder = async (email: string, ttlMs: number) => {
      const [p] = await t.db
        .insert(users)
        .values({
          familyId: row!.familyId,
          firstName: '',
          lastName: '',
          email,
          country: 'US',
          accountState: 'invited',
          createdAt: new Date(Date.now() - TOKEN_TTL_MS.invite - DAY),
        })
        .returning();
      await issueToken(t.db, 'invite', { userId: p!.id, familyId: row!.familyId, now: new Date(), ttlMs });
      return p!.id;
    };
    const expired = await placeholder(`third.${kind}@example.com`, -DAY);
    await t.db
      .update(users)
      .set({ coParentEmail: `third.${kind}@example.com` })
      .where(eq(users.id, inviter.userId));
    expect(await purgeUnclaimedInvitations(t.db, new Date())).toBe(1);
    expect(await exists([expired])).toEqual([]);
    const [after] = await t.db.select().from(users).where(eq(users.id, inviter.userId));
    expect(after!.coParentEmail).toBeNull();
    // a placeholder whose (re-sent) invitation is live stays
    const live = await placeholder(`fourth.${kind}@example.com`, DAY);
    expect(await purgeUnclaimedInvitations(t.db, new Date())).toBe(0);
    expect(await exists([live])).toEqual([live]);
  });

  it('expired credentials: tokens, registration keys and renewal links go 7 days after expiry, in bounded batches', async () => {
    const p = await parent('creds');
    const now = new Date(Date.now() + TOKEN_TTL_MS.pro_referral + EXPIRED_CREDENTIAL_RETENTION_MS + DAY);
    await t.db.insert(renewalLinks).values({
      hash: `rl-${kind}`,
      purpose: 'come_back',
      userId: p.userId,
      subscriptionId: 1,
      expiresAt: new Date(Date.now() - DAY),
    });
    await issueToken(t.db, 'auth', { userId: p.userId, now, ttlMs: DAY }); // live at `now`: stays
    let total = 0;
    for (let i = 0; i < 100; i++) {
      const n = await purgeExpiredCredentials(t.db, now, { batchSize: 1 });
      expect(n).toBeLessThanOrEqual(4); // one of each kind per batch
      total += n;
      if (n === 0) break;
    }
    expect(total).toBeGreaterThanOrEqual(3);
    const left = await t.db.select().from(tokens).where(eq(tokens.userId, p.userId));
    expect(left).toHaveLength(1);
    expect(await t.db.select().from(signups).where(eq(signups.userId, p.userId))).toEqual([]);
    expect(await t.db.select().from(renewalLinks).where(eq(renewalLinks.userId, p.userId))).toEqual([]);
  });

  it('one-time codes: an expired code and the address it was sent to go at once, a live one stays (docs/IDENTITY.md)', async () => {
    const [dead, live] = [await parent('code-dead'), await parent('code-live')];
    const now = new Date();
    const code = (userId: number, expiresAt: Date) => ({
      userId,
      email: `code.${userId}@example.com`,
      codeHash: 'salt.mac',
      triesLeft: 5,
      sentAt: new Date(expiresAt.getTime() - 10 * 60_000),
      expiresAt,
    });
    await t.db
      .insert(emailCodes)
      .values([code(dead.userId, new Date(now.getTime() - 1000)), code(live.userId, new Date(now.getTime() + 60_000))]);
    await purgeExpiredCredentials(t.db, now);
    const left = await t.db
      .select({ u: emailCodes.userId })
      .from(emailCodes)
      .where(inArray(emailCodes.userId, [dead.userId, live.userId]));
    expect(left).toEqual([{ u: live.userId }]);
  });

  it('payment details: the wallet account and last four are cleared after 540 days; amount, currency, date and brand stay', async () => {
    const p = await parent('payment');
    const row = (id: string, createdAt: Date) => ({
      id,
      userId: p.userId,
      idempotencyKey: id,
      packageId: 2051,
      currency: 'USD' as const,
      amountMinor: 14999,
      status: 'paid' as const,
      gateway: 'sandbox',
      paymentMethodType: 'paypal',
      paymentAccount: 'payer@example.com',
      cardBrand: 'Visa',
      cardLast4: '1111',
      createdAt,
    });
    const old = new Date(Date.now() - PAYMENT_DETAILS_RETENTION_MS - DAY);
    await t.db.insert(orders).values([row(`ord_old_${kind}`, old), row(`ord_new_${kind}`, new Date())]);
    expect(await clearPaymentDetails(t.db, new Date())).toBe(1);
    expect(await clearPaymentDetails(t.db, new Date())).toBe(0);
    const [o] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, `ord_old_${kind}`));
    expect(o).toMatchObject({
      paymentAccount: null,
      cardLast4: null,
      cardBrand: 'Visa',
      amountMinor: 14999,
      currency: 'USD',
      createdAt: old,
    });
    const [n] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, `ord_new_${kind}`));
    expect(n).toMatchObject({ paymentAccount: 'payer@example.com', cardLast4: '1111' });
  });

  it('the housekeeping job runs the retention passes and counts them in join_api_housekeeping_purged_rows_total{kind}', async () => {
    const p = await parent('job');
    await age(p.userId, ABANDONED_JOIN_RETENTION_MS + DAY);
    const metrics = createMetrics();
    const hk = startHousekeeping({
      db: t.db,
      logger: createLogger('info', new LogSink()),
      metrics,
      intervalMs: 60_000,
      now: () => new Date(Date.now() + EXPIRED_CREDENTIAL_RETENTION_MS + 2 * DAY),
    });
    const r = await hk.runOnce();
    await hk.stop();
    expect(r.abandonedJoins).toBeGreaterThanOrEqual(1);
    expect(await exists([p.userId])).toEqual([]);
    expect(await counterValue(metrics.housekeepingPurgedRowsTotal, { kind: 'abandoned_joins' })).toBe(r.abandonedJoins);
    expect(await counterValue(metrics.housekeepingPurgedRowsTotal, { kind: 'expired_credentials' })).toBe(
      r.expiredCredentials,
    );
  });
});
