import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startSandbox, type RunningSandbox } from 'payments-sandbox';
import { loadEnv } from '../src/env.js';
import { createGateway } from '../src/gateway/index.js';
import { createSandboxGateway } from '../src/gateway/sandbox.js';
import type { PaymentGateway } from '../src/gateway/types.js';
import { outbox, subscriptions } from '../src/db/schema.js';
import type { Services } from '../src/context.js';
import { runRenewals } from '../src/services/renewal/runner.js';
import { createTestClock, type TestClock } from '../src/lib/test-clock.js';
import type { RenewalNoticePayload } from '../src/emails/renewal.js';
import { createLogger } from '../src/lib/logger.js';
import { THREE_DS_OK, VISA } from './sandbox-cards.js';
import { SIGNUP, braintreeDevEnv, order, signup, testApp, type TestApp } from './helpers.js';

/*
 * A subscription that lasts, end to end on both drivers (docs/RENEWAL.md): the first sale saves the card in the
 * sandbox's vault, the sandbox's test clock moves (`POST /sandbox/clock`, as Stripe's test clocks do) and join-api
 * follows it (lib/test-clock.ts); the renewal runner reminds at day 335 and 358 and renews on the term's last day with
 * one merchant-initiated recurring sale on the saved card; a reminder's link turns renewal off (no sale, a come-back
 * e-mail at the end); a declined renewal e-mails an update-card link whose new card pays it — one sale in all.
 */

const SOLD = new Set(['authorized', 'submitted_for_settlement', 'settling', 'settled']);

describe.each(['braintree', 'sandbox'] as const)('renewal against apps/payments-sandbox (%s driver)', (driver) => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let s: Services;
  let clock: TestClock;
  let n = 0;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
    const env = braintreeDevEnv(sandbox.port, driver);
    const gateway: PaymentGateway =
      driver === 'braintree'
        ? await createGateway(loadEnv({ ...env, SANDBOX_URL: sandbox.url }))
        : createSandboxGateway({ baseUrl: sandbox.url, timeoutMs: 5_000 });
    clock = createTestClock({ url: `${sandbox.url}/sandbox/clock`, logger: createLogger('silent') });
    t = await testApp({ sandboxUrl: sandbox.url, gateway, env, now: () => clock.now() });
    s = { ...t.deps, now: () => clock.now(), inviteRotateAfterMs: 0 };
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const cardNonce = () => {
    const nonce = sandbox.store.createNonce({ ...VISA });
    sandbox.store.setThreeDSecure(nonce, THREE_DS_OK);
    return nonce;
  };
  /** Moves the sandbox's clock, join-api reads it, and one renewal pass runs (as the runner does when kicked). */
  const advanceTo = async (days: number) => {
    const offsetDays = Math.round(clock.offsetMs / 86_400_000);
    const res = await fetch(`${sandbox.url}/sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceDays: days - offsetDays }),
    });
    expect(res.status).toBe(200);
    await clock.sync();
    await runRenewals(s);
  };
  const salesOf = (email: string) =>
    sandbox.store.allTransactions().filter((x) => x.type === 'sale' && x.customer.email === email);
  const noticesOf = async (subscriptionId: number) =>
    (await t.db.select().from(outbox).where(eq(outbox.kind, 'renewal_notice')))
      .map((r) => ({ key: r.dedupeKey, payload: r.payload as RenewalNoticePayload }))
      .filter((r) => r.payload.subscriptionId === subscriptionId);
  const linkIn = async (subscriptionId: number, key: string) =>
    (await noticesOf(subscriptionId))
      .find((r) => r.key === `renewal:${subscriptionId}:${key}`)!
      .payload.link!.split('/renewal/')[1]!;
  const current = async (userId: number) =>
    (
      await t.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'current')))
    )[0];

  /** A parent who paid a yearly Premium (2053, $216.00) with a 3DS card, renewal on. */
  async function renewingParent() {
    const email = `${driver}.renew.${++n}.${Date.now()}@example.com`;
    const p = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email } });
    const res = await order(t, p.authToken, `renew-${driver}-${n}`, {
      autoRenew: true,
      paymentMethodNonce: cardNonce(),
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { subscription: { autoRenew: boolean } }).subscription.autoRenew).toBe(true);
    const sub = await current(p.userId);
    return { ...p, email, sub: sub! };
  }

  it("reminders on day 335 and 358, one recurring sale on the saved card on day 365, a term later; turned off from the link: no sale, and a come-back e-mail at the end; declined: the update-card link's new card pays — one sale", async () => {
    const renews = await renewingParent();
    const offByLink = await renewingParent();
    const declined = await renewingParent();
    const declinedToken = declined.sub.paymentMethodToken!;
    expect(
      (
        await fetch(`${sandbox.url}/sandbox/payment-methods/${declinedToken}/decline`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(200);

    await advanceTo(335);
    const reminder = (await noticesOf(renews.sub.id)).find((r) => r.key.endsWith(':reminder_30'));
    expect(reminder?.payload).toMatchObject({
      notice: 'reminder',
      amountMinor: 21600,
      currency: 'USD',
      paymentMethod: { type: 'card', last4: VISA.lastFour },
    });
    const off = await t.call(`renewal-links/${await linkIn(offByLink.sub.id, 'reminder_30')}/turn-off`, {
      method: 'POST',
    });
    expect(off.status).toBe(200);

    await advanceTo(358);
    expect((await noticesOf(renews.sub.id)).map((r) => r.key.split(':').at(-1))).toEqual(['reminder_30', 'reminder_7']);
    expect((await noticesOf(offByLink.sub.id)).map((r) => r.key.split(':').at(-1))).toEqual([
      'reminder_30',
      'expiring_7',
    ]);

    await advanceTo(365);
    const renewal = salesOf(renews.email);
    expect(renewal).toHaveLength(2);
    expect(renewal[1]).toMatchObject({
      transactionSource: 'recurring',
      amount: '216.00',
      paymentMethodToken: renews.sub.paymentMethodToken,
    });
    expect(SOLD.has(renewal[1]!.status)).toBe(true);
    const next = await current(renews.userId);
    expect(next!.startsAt.getTime()).toBe(renews.sub.expiresAt.getTime());
    expect(next!.expiresAt.getUTCFullYear()).toBe(renews.sub.expiresAt.getUTCFullYear() + 1);
    const receipts = (await t.db.select().from(outbox)).filter(
      (r) => r.recipient === renews.email && r.kind === 'receipt',
    );
    expect(receipts).toHaveLength(2);
    expect(salesOf(offByLink.email)).toHaveLength(1);

    // the declined renewal: an update-card link; the new card pays it at once, one renewal sale in all
    expect(salesOf(declined.email).filter((x) => SOLD.has(x.status))).toHaveLength(1);
    const update = await linkIn(declined.sub.id, 'declined_1');
    const saved = await t.call(`renewal-links/${update}/payment-method`, {
      method: 'POST',
      headers: { 'idempotency-key': `update-${driver}-1` },
      json: { paymentMethodNonce: cardNonce() },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      outcome: 'renewed',
      subscription: { status: 'current', autoRenew: true },
    });
    expect(salesOf(declined.email).filter((x) => SOLD.has(x.status))).toHaveLength(2);

    // past the end of the term that was not renewed: expired, with a come-back e-mail whose link signs in
    await advanceTo(367);
    expect(await current(offByLink.userId)).toBeUndefined();
    const back = await linkIn(offByLink.sub.id, 'ended');
    const session = await t.call(`renewal-links/${back}/session`, { method: 'POST' });
    expect(session.status).toBe(200);
    const { userId, authToken } = (await session.json()) as { userId: number; authToken: string };
    const state = (await (await t.call(`parents/${userId}`, { token: authToken })).json()) as {
      subscriptionStatus: string;
    };
    expect(state.subscriptionStatus).toBe('expired');
    // nothing more was charged to anyone
    expect(salesOf(renews.email).filter((x) => SOLD.has(x.status))).toHaveLength(2);
    expect(salesOf(offByLink.email)).toHaveLength(1);
  });

  it('a renewal whose answer is lost (the sale landed, the answer dropped) is found by its order id on a later pass: one renewal sale, the term extended once', async () => {
    const base = Math.round(clock.offsetMs / 86_400_000);
    const p = await renewingParent();
    const faults = await fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dropResponseAfterCharge: true, match: { customerEmail: p.email } }),
    });
    expect(faults.status).toBeLessThan(300);
    await advanceTo(base + 365);
    // the sale went through, its answer never came: the subscription is not extended yet, nothing is charged again
    expect(salesOf(p.email).filter((x) => SOLD.has(x.status))).toHaveLength(2);
    expect((await current(p.userId))!.id).toBe(p.sub.id);
    await advanceTo(base + 366);
    await advanceTo(base + 367);
    expect(salesOf(p.email).filter((x) => SOLD.has(x.status))).toHaveLength(2);
    const next = await current(p.userId);
    expect(next!.startsAt.getTime()).toBe(p.sub.expiresAt.getTime());
  });
});
