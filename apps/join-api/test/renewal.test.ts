import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { orders, outbox, subscriptions } from '../src/db/schema.js';
import type { Services } from '../src/context.js';
import { runRenewals } from '../src/services/renewal/runner.js';
import { renderEmail } from '../src/emails/render.js';
import type { RenewalNoticePayload } from '../src/emails/renewal.js';
import { DATABASES, SIGNUP, counterValue, order, signup, testApp, type TestApp } from './helpers.js';
import { fakeVaultGateway } from './fake-vault.js';
import { issueToken } from '../src/accounts.js';

/*
 * The renewal runner (docs/RENEWAL.md) over a scripted vault: reminders at day 335 and 358 of a yearly term, the renewal
 * on the term's last day exactly once (two runners racing), declines retried 1, 3 and 7 days later then the end, and a
 * term that does not renew expiring with a come-back e-mail. The clock is the app's `now`.
 */

const DAY = 24 * 60 * 60 * 1000;

describe.each(DATABASES)('renewal runner (%s)', (kind) => {
  const fake = fakeVaultGateway();
  let t: TestApp;
  let s: Services;
  let clock = Date.parse('2026-03-01T15:00:00Z');
  const start = clock;
  let n = 0;

  beforeAll(async () => {
    t = await testApp({ kind, gateway: fake.gateway, now: () => new Date(clock) });
    s = { ...t.deps, now: () => new Date(clock), inviteRotateAfterMs: 0 };
  });
  afterAll(() => t.close());

  /** A parent who paid a yearly Premium (2053) now, with or without renewal. */
  async function paidParent(autoRenew: boolean | undefined) {
    const email = `renew${++n}-${kind}@example.com`;
    const p = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email } });
    const res = await order(t, p.authToken, `renew-key-${n}`, autoRenew === undefined ? {} : { autoRenew });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { subscription: { autoRenew: boolean } };
    return { ...p, email, body };
  }

  /** GET /parents/{userId} at the moved clock (a fresh auth token: the signup's lasts 2 h). */
  const parentState = async (_token: string, userId: number) =>
    (await (
      await t.call(`parents/${userId}`, {
        token: await issueToken(t.db, 'auth', { userId, now: new Date(clock) }),
      })
    ).json()) as {
      subscriptionStatus: string;
      subscription: {
        status: string;
        autoRenew: boolean;
        paymentMethod: unknown;
        renewal: { state: string; formattedAmount: string; nextAttemptAt: string | null } | null;
      } | null;
    };

  const notices = async (email: string) =>
    (
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'renewal_notice')))
    )
      .map((r) => r.dedupeKey.split(':').at(-1))
      .sort();

  it('autoRenew is stored and answered: the token and summary on the subscription, the customer on the parent', async () => {
    clock = start;
    const p = await paidParent(true);
    expect(p.body.subscription.autoRenew).toBe(true);
    const state = await parentState(p.authToken, p.userId);
    expect(state.subscription).toMatchObject({
      status: 'current',
      autoRenew: true,
      paymentMethod: { type: 'card', brand: 'Visa', last4: '1111' },
      renewal: { state: 'scheduled', formattedAmount: '$216.00', nextAttemptAt: expect.any(String) },
    });
    const absent = await paidParent(undefined);
    expect(absent.body.subscription.autoRenew).toBe(false);
    // the home page words the term as the terms step words the choice, dated in the parent's zone (spec §3)
    const home = async (userId: number) =>
      (
        await t.call('/ofw/home.form', {
          headers: { cookie: `__Host-ofw_session=${await issueToken(t.db, 'auth', { userId, now: new Date(clock) })}` },
        })
      ).text();
    expect(await home(p.userId)).toMatch(/renews automatically on 2027-03-01/);
    expect(await home(absent.userId)).toMatch(/expires on 2027-03-01/);
    expect((await parentState(absent.authToken, absent.userId)).subscription).toMatchObject({
      autoRenew: false,
      paymentMethod: null,
      renewal: null,
    });
  });

  it('an upgrade that saves no method keeps the one of the subscription it replaces (renewal off until turned on)', async () => {
    clock = start;
    const email = `upgrade-${kind}@example.com`;
    const p = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email } });
    expect((await order(t, p.authToken, 'upgrade-1', { packageId: 2051, autoRenew: true })).status).toBe(201);
    const [before] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId));
    clock = start + 30 * DAY;
    const token = await issueToken(t.db, 'auth', { userId: p.userId, now: new Date(clock) });
    // spec §9 Premium 216.00 − credit round(149.99 × 335 / 365) = 137.66
    const up = await order(t, token, 'upgrade-2', {
      packageId: 2053,
      expectedCharge: { amount: '78.34', currencyCode: 'USD' },
    });
    expect(up.status).toBe(201);
    const [after] = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, p.userId), eq(subscriptions.status, 'current')));
    expect(after).toMatchObject({
      packageId: 2053,
      autoRenew: false,
      paymentMethodToken: before!.paymentMethodToken,
      paymentMethod: before!.paymentMethod,
    });
    const on = await t.call(`parents/${p.userId}/auto-renew`, { method: 'PUT', token, json: { autoRenew: true } });
    expect(on.status).toBe(200);
  });

  it('PUT auto-renew: off and on again; 409 no_saved_payment_method and no_subscription', async () => {
    clock = start;
    const p = await paidParent(true);
    const put = (userId: number, token: string, autoRenew: boolean) =>
      t.call(`parents/${userId}/auto-renew`, { method: 'PUT', token, json: { autoRenew } });
    let res = await put(p.userId, p.authToken, false);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { subscription: { autoRenew: boolean } }).subscription.autoRenew).toBe(false);
    res = await put(p.userId, p.authToken, true);
    expect(((await res.json()) as { subscription: { autoRenew: boolean } }).subscription.autoRenew).toBe(true);
    const none = await paidParent(false);
    res = await put(none.userId, none.authToken, true);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('no_saved_payment_method');
    const fresh = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: `nosub-${kind}@example.com` } });
    res = await put(fresh.userId, fresh.authToken, true);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('no_subscription');
  });

  it('reminds at day 335 and 358, renews once on the last day under two racing runners, receipt e-mailed', async () => {
    clock = start;
    const p = await paidParent(true);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId));
    clock = start + 334 * DAY;
    await runRenewals(s);
    expect(await notices(p.email)).toEqual([]);
    clock = start + 335 * DAY;
    await runRenewals(s);
    expect(await notices(p.email)).toEqual(['reminder_30']);
    clock = start + 358 * DAY;
    await runRenewals(s);
    await runRenewals(s);
    expect(await notices(p.email)).toEqual(['reminder_30', 'reminder_7']);
    expect(await counterValue(t.deps.metrics.renewalRemindersTotal, { kind: 'reminder_7' })).toBeGreaterThanOrEqual(1);
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `renewal:${sub!.id}:reminder_7`));
    const mail = await renderEmail('renewal_notice', row!.payload as RenewalNoticePayload);
    expect(mail.text).toContain('Visa ending 1111');
    expect(mail.text).toContain('$216.00');
    expect(mail.text).toContain('February 28, 2027');
    expect(mail.text).toMatch(/\/renewal\/[A-Za-z0-9_-]{43}/);
    const calls = fake.state.vaultedCalls.length;
    clock = start + 364 * DAY + 60_000;
    await Promise.all([runRenewals(s), runRenewals({ ...s }), runRenewals(s)]);
    await runRenewals(s);
    const mine = fake.state.vaultedCalls.slice(calls).filter((c) => c.customer.email === p.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: '216.00', currencyCode: 'USD', paymentMethodToken: expect.any(String) });
    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId));
    const current = subs.filter((x) => x.status === 'current');
    expect(current).toHaveLength(1);
    expect(current[0]!.startsAt.toISOString()).toBe(sub!.expiresAt.toISOString());
    expect(current[0]!.autoRenew).toBe(true);
    const renewals = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, p.userId), like(orders.idempotencyKey, 'renewal:%')));
    expect(renewals.map((o) => [o.kind, o.status])).toEqual([['renewal', 'paid']]);
    const receipts = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `receipt:${renewals[0]!.id}`));
    expect(receipts).toHaveLength(1);
    // counted once per renewal, whichever runner charged it (every parent renewing today renewed in this pass)
    const paidRenewals = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.kind, 'renewal'), eq(orders.status, 'paid')));
    expect(await counterValue(t.deps.metrics.renewalsTotal, { outcome: 'renewed' })).toBe(paidRenewals.length);
  });

  it('a declined renewal is retried 1, 3 and 7 days later, stays current meanwhile, then ends with e-mails', async () => {
    clock = start;
    const p = await paidParent(true);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId));
    fake.state.outcomesFor.set(p.email, ['declined', 'declined', 'declined', 'declined']);
    const first = sub!.expiresAt.getTime() - DAY + 1000;
    clock = first;
    await runRenewals(s);
    expect(await notices(p.email)).toContain('declined_1');
    for (const [days, expected] of [
      [1, 'declined_2'],
      [3, 'declined_3'],
    ] as const) {
      clock = first + days * DAY;
      await runRenewals(s);
      expect(await notices(p.email)).toContain(expected);
      const state = await parentState(p.authToken, p.userId);
      expect(state.subscriptionStatus).toBe('current');
      expect(state.subscription?.renewal?.state).toBe('retrying');
    }
    clock = first + 7 * DAY;
    await runRenewals(s);
    const [ended] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(ended).toMatchObject({ status: 'expired', endReason: 'renewal_declined' });
    expect(await notices(p.email)).toContain('ended');
    const state = await parentState(p.authToken, p.userId);
    expect(state.subscriptionStatus).toBe('expired');
    const [last] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `renewal:${sub!.id}:ended`));
    expect((last!.payload as RenewalNoticePayload).link).toMatch(/\/renewal\//);
    const tries = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, p.userId), like(orders.idempotencyKey, 'renewal:%')));
    expect(tries.map((o) => o.status)).toEqual(['declined', 'declined', 'declined', 'declined']);
  });

  it('renewal off: no sale, expiring notices at 30 and 7 days, and at the end a come-back e-mail', async () => {
    clock = start;
    const p = await paidParent(false);
    const calls = fake.state.vaultedCalls.length;
    for (const day of [335, 358, 366]) {
      clock = start + day * DAY;
      await runRenewals(s);
    }
    expect(fake.state.vaultedCalls.length).toBe(calls);
    expect(await notices(p.email)).toEqual(['ended', 'expiring_30', 'expiring_7']);
    const state = await parentState(p.authToken, p.userId);
    expect(state.subscriptionStatus).toBe('expired');
    expect(state.subscription?.status).toBe('expired');
  });

  it('a driver error leaves the renewal pending for a later pass and the pass goes on', async () => {
    clock = start;
    const p = await paidParent(true);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, p.userId));
    fake.state.outcomesFor.set(p.email, ['down']);
    clock = sub!.expiresAt.getTime() - DAY + 1000;
    await expect(runRenewals(s)).resolves.toBeDefined();
    const [still] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(still!.status).toBe('current');
    const [pending] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, p.userId), like(orders.idempotencyKey, 'renewal:%')));
    expect(pending!.status).toBe('pending');
  });
});
