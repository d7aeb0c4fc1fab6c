import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import braintree from 'braintree';
import { and, eq } from 'drizzle-orm';
import { orders, outbox, paymentEvents, subscriptions } from '../src/db/schema.js';
import type { Services } from '../src/context.js';
import type { ChangedSale, FoundTransaction, PaymentGateway, SaleMoney } from '../src/gateway/types.js';
import { processPaymentEvents } from '../src/services/payment-events.js';
import { reconcileOrders } from '../src/services/orders.js';
import { renderEmail } from '../src/emails/render.js';
import { createSandboxGateway } from '../src/gateway/sandbox.js';
import { DATABASES, SIGNUP, counterValue, signup, testApp, type TestApp } from './helpers.js';

/*
 * Money after the sale: Braintree's webhooks (Braintree "Webhooks": form-encoded bt_signature / bt_payload, parsed by
 * the SDK's webhookNotification.parse) and refunds/voids found by search end a subscription whose money is gone and
 * tell the parent; a dispute opened tells the operator. Notifications here are signed by the real SDK's
 * webhookTesting.sampleNotification with the sandbox merchant's keys.
 */

const keys = { merchantId: 'ofw_sandbox', publicKey: 'sandbox_public_key', privateKey: 'sandbox_private_key' };
const signer = new braintree.BraintreeGateway({ environment: braintree.Environment.Sandbox, ...keys });
const forger = new braintree.BraintreeGateway({
  environment: braintree.Environment.Sandbox,
  ...keys,
  privateKey: 'someone_elses_private_key',
});

/** A notification as Braintree posts it, signed by `gw`'s keys (the SDK's webhookTesting.sampleNotification). */
async function sample(
  gw: braintree.BraintreeGateway,
  kind: string,
  id: string,
): Promise<{ bt_signature: string; bt_payload: string }> {
  const n = await gw.webhookTesting.sampleNotification(kind as braintree.WebhookNotificationKind, id);
  return { bt_signature: n.bt_signature, bt_payload: n.bt_payload };
}

/** The sales the fake gateway reports, by id; what the search for refunds and voids finds. */
const sales = new Map<string, SaleMoney>();
let changed: ChangedSale[] = [];
let gatewayDown = false;
/** What the order search finds, by order id, and which orders were searched. */
const found = new Map<string, FoundTransaction[]>();
const searched: string[] = [];

function sale(id: string, over: Partial<SaleMoney> = {}): SaleMoney {
  return {
    transactionId: id,
    orderId: null,
    status: 'submitted_for_settlement',
    amount: '149.99',
    currencyCode: 'USD',
    refunds: [],
    disputes: [],
    ...over,
  };
}

const gateway: PaymentGateway = {
  ...createSandboxGateway({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 }),
  async saleMoney(id) {
    if (gatewayDown) throw new (await import('../src/gateway/types.js')).GatewayUnavailableError('down');
    return sales.get(id);
  },
  changedSales: () => Promise.resolve(changed),
  findByOrderId(orderId) {
    searched.push(orderId);
    return Promise.resolve(found.get(orderId) ?? []);
  },
};

describe.each(DATABASES)('payment events: webhooks and money after the sale (%s)', (kind) => {
  let t: TestApp;
  let s: Services;
  let clock = Date.now();

  beforeAll(async () => {
    t = await testApp({ kind, gateway, now: () => new Date(clock) });
    s = { ...t.deps, now: () => new Date(clock), inviteRotateAfterMs: 0 };
  });
  afterAll(() => t.close());
  beforeEach(() => {
    sales.clear();
    changed = [];
    gatewayDown = false;
    found.clear();
    searched.length = 0;
    clock += 60_000;
  });

  /** A parent (in `languageLocale`) whose order was paid by sale `transactionId`, with its subscription current. */
  async function paidParent(transactionId: string, languageLocale = 'en-US') {
    const { userId, authToken } = await signup(t, { ...SIGNUP, languageLocale });
    const id = `ord_${transactionId}`;
    await t.db.insert(orders).values({
      id,
      userId,
      idempotencyKey: `key-${id}`,
      packageId: 2051,
      currency: 'USD',
      amountMinor: 14999,
      status: 'paid',
      gateway: 'sandbox',
      transactionId,
      updatedAt: new Date(clock),
    });
    const startsAt = new Date(clock);
    await t.db.insert(subscriptions).values({
      userId,
      orderId: id,
      packageId: 2051,
      status: 'current',
      startsAt,
      expiresAt: new Date(clock + 365 * 86_400_000),
    });
    sales.set(transactionId, sale(transactionId, { orderId: id }));
    return { userId, orderId: id, authToken };
  }

  const post = (body: Record<string, string>, type = 'application/x-www-form-urlencoded') =>
    t.app.request('/api/v1/webhooks/braintree', {
      method: 'POST',
      headers: { 'content-type': type },
      body: new URLSearchParams(body).toString(),
    });

  const subscriptionOf = async (orderId: string) =>
    (await t.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId)))[0]!;
  /** What `GET /parents/{userId}` says of the subscription (§4 "Subscription status"). */
  const statusOf = async (userId: number, token: string) => {
    const res = await t.call(`parents/${userId}`, { token });
    return ((await res.json()) as { subscriptionStatus: string }).subscriptionStatus;
  };
  const mails = (dedupeKey: string) => t.db.select().from(outbox).where(eq(outbox.dedupeKey, dedupeKey));

  it("Braintree's own sample `check` notification, signed with the merchant's keys, is answered 200", async () => {
    const res = await post(await sample(signer, 'check', ''));
    expect(res.status).toBe(200);
    expect(await counterValue(t.deps.metrics.webhooksTotal, { outcome: 'check' })).toBeGreaterThan(0);
  });

  it('a forged, unsigned or tampered notification is refused (4xx) and records nothing', async () => {
    const before = (await t.db.select().from(paymentEvents)).length;
    const forged = await sample(forger, 'dispute_lost', 'tx_forged');
    expect((await post(forged)).status).toBe(403);
    const real = await sample(signer, 'dispute_lost', 'tx_forged');
    const tampered = (await sample(signer, 'dispute_won', 'tx_forged')).bt_payload;
    expect((await post({ bt_signature: real.bt_signature, bt_payload: tampered })).status).toBe(403);
    expect((await post({ bt_payload: real.bt_payload })).status).toBe(400);
    const json = await post(real, 'application/json');
    expect(json.status).toBe(415);
    expect(json.headers.get('content-type')).toContain('application/problem+json');
    expect((await t.db.select().from(paymentEvents)).length).toBe(before);
    expect(await counterValue(t.deps.metrics.webhooksTotal, { outcome: 'refused' })).toBeGreaterThanOrEqual(4);
  });

  it('a settlement decline ends the subscription (§4 status expired), e-mails the parent in their language, counts it; a redelivery changes nothing more', async () => {
    const { userId, orderId, authToken } = await paidParent('tx_decl', 'es-MX');
    expect(await statusOf(userId, authToken)).toBe('current');
    const n = await sample(signer, 'transaction_settlement_declined', 'tx_decl');
    expect((await post(n)).status).toBe(200);
    // recorded, not handled inline: the subscription is still current until the worker's pass
    expect((await subscriptionOf(orderId)).status).toBe('current');
    sales.set('tx_decl', sale('tx_decl', { orderId, status: 'settlement_declined' }));
    await processPaymentEvents(s);
    const sub = await subscriptionOf(orderId);
    expect(sub).toMatchObject({ status: 'expired', endReason: 'settlement_declined' });
    const [mail] = await mails(`subscription_ended:${orderId}`);
    expect(mail).toMatchObject({ kind: 'subscription_ended', recipient: SIGNUP.parent.email });
    const rendered = await renderEmail('subscription_ended', mail!.payload as never);
    expect(rendered.locale).toBe('es-MX');
    expect(rendered.text).toMatch(/rechazó el pago de \$149\.99/);
    expect(await counterValue(t.deps.metrics.subscriptionsEndedTotal, { reason: 'settlement_declined' })).toBe(1);
    expect(await statusOf(userId, authToken)).toBe('expired');

    // delivered again (same kind, subject and timestamp): one row, nothing more
    expect((await post(n)).status).toBe(200);
    await processPaymentEvents(s);
    expect(await mails(`subscription_ended:${orderId}`)).toHaveLength(1);
    expect(await counterValue(t.deps.metrics.subscriptionsEndedTotal, { reason: 'settlement_declined' })).toBe(1);
    expect(
      await t.db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.subjectId, 'tx_decl'), eq(paymentEvents.kind, 'transaction_settlement_declined'))),
    ).toHaveLength(1);
  });

  it('a dispute opened keeps the subscription current and e-mails OPS_EMAIL the order, amount, reason and respond-by date', async () => {
    const { orderId } = await paidParent('tx_disp');
    sales.set(
      'tx_disp',
      sale('tx_disp', {
        orderId,
        disputes: [
          {
            id: 'tx_disp',
            status: 'open',
            kind: 'chargeback',
            amount: '250.00',
            reason: 'fraud',
            replyByDate: '2014-03-21',
          },
        ],
      }),
    );
    expect((await post(await sample(signer, 'dispute_opened', 'tx_disp'))).status).toBe(200);
    await processPaymentEvents(s);
    expect((await subscriptionOf(orderId)).status).toBe('current');
    const [mail] = await mails('dispute_opened:tx_disp');
    expect(mail).toMatchObject({ kind: 'dispute_opened', recipient: t.env.OPS_EMAIL });
    expect(mail!.payload).toMatchObject({ orderId, amount: '250.00', reason: 'fraud', replyByDate: '2014-03-21' });
    const rendered = await renderEmail('dispute_opened', mail!.payload as never);
    expect(rendered.subject).toContain(orderId);
    expect(rendered.text).toContain('2014-03-21');
    expect(
      t.logs.lines.some((l) => l.level === 40 && l.msg === 'dispute opened: answer it before its reply-by date'),
    ).toBe(true);
  });

  it('a dispute lost ends the subscription; its dispute_won arriving first restored nothing and told nobody', async () => {
    const { orderId } = await paidParent('tx_lost');
    sales.set(
      'tx_lost',
      sale('tx_lost', {
        orderId,
        disputes: [
          { id: 'tx_lost', status: 'won', kind: 'chargeback', amount: '149.99', reason: 'fraud', replyByDate: null },
        ],
      }),
    );
    // reordered: won, then its opened — the gateway's state says won, so no operator e-mail and nothing ends
    await post(await sample(signer, 'dispute_won', 'tx_lost'));
    await post(await sample(signer, 'dispute_opened', 'tx_lost'));
    await processPaymentEvents(s);
    expect((await subscriptionOf(orderId)).status).toBe('current');
    expect(await mails('dispute_opened:tx_lost')).toHaveLength(0);

    const { orderId: lostOrder } = await paidParent('tx_lost2');
    sales.set(
      'tx_lost2',
      sale('tx_lost2', {
        orderId: lostOrder,
        disputes: [
          { id: 'tx_lost2', status: 'lost', kind: 'chargeback', amount: '149.99', reason: 'fraud', replyByDate: null },
        ],
      }),
    );
    await post(await sample(signer, 'dispute_lost', 'tx_lost2'));
    await processPaymentEvents(s);
    expect(await subscriptionOf(lostOrder)).toMatchObject({ status: 'expired', endReason: 'dispute_lost' });
    expect(await mails(`subscription_ended:${lostOrder}`)).toHaveLength(1);
  });

  it('refunds and voids made outside join-api are found by the reconciler: a full refund ends, a partial one keeps', async () => {
    const full = await paidParent('tx_full');
    const part = await paidParent('tx_part');
    const voided = await paidParent('tx_void');
    sales.set(
      'tx_full',
      sale('tx_full', {
        status: 'settled',
        refunds: [{ id: 'r1', amount: '149.99', status: 'submitted_for_settlement' }],
      }),
    );
    sales.set(
      'tx_part',
      sale('tx_part', { status: 'settled', refunds: [{ id: 'r2', amount: '50.00', status: 'settled' }] }),
    );
    sales.set('tx_void', sale('tx_void', { status: 'voided' }));
    const at = new Date(clock);
    changed = [
      { transactionId: 'tx_full', kind: 'refund', subjectId: 'r1', occurredAt: at },
      { transactionId: 'tx_part', kind: 'refund', subjectId: 'r2', occurredAt: at },
      { transactionId: 'tx_void', kind: 'void', subjectId: 'tx_void', occurredAt: at },
    ];
    const pass = await reconcileOrders(s);
    expect(pass.changes).toBe(3);
    // a second pass over the same span finds the same refunds: no new events
    expect((await reconcileOrders(s)).changes).toBe(0);
    await processPaymentEvents(s);
    expect(await subscriptionOf(full.orderId)).toMatchObject({ status: 'expired', endReason: 'refunded' });
    expect(await subscriptionOf(part.orderId)).toMatchObject({ status: 'current', endReason: null });
    expect(await subscriptionOf(voided.orderId)).toMatchObject({ status: 'expired', endReason: 'voided' });
  });

  it('a gateway that cannot answer leaves the event pending for a retry with back-off; it is handled once it answers', async () => {
    const { orderId } = await paidParent('tx_retry');
    await post(await sample(signer, 'transaction_settlement_declined', 'tx_retry'));
    sales.set('tx_retry', sale('tx_retry', { orderId, status: 'settlement_declined' }));
    gatewayDown = true;
    expect(await processPaymentEvents(s)).toMatchObject({ handled: 0, retried: 1 });
    expect((await subscriptionOf(orderId)).status).toBe('current');
    gatewayDown = false;
    expect((await processPaymentEvents(s)).handled).toBe(0); // not due yet: back-off
    clock += 60_000;
    expect((await processPaymentEvents(s)).handled).toBe(1);
    expect((await subscriptionOf(orderId)).status).toBe('expired');
  });

  it("the reconciler's late check of a paid order ends its subscription when the paying sale's money is gone", async () => {
    const { orderId } = await paidParent('tx_late');
    // due now: its lease (the next check's time) has passed
    await t.db
      .update(orders)
      .set({ leaseUntil: new Date(clock - 1000) })
      .where(eq(orders.id, orderId));
    found.set(orderId, [{ outcome: 'gateway_rejected', transactionId: 'tx_late', gatewayRejectionReason: 'refunded' }]);
    sales.set(
      'tx_late',
      sale('tx_late', { orderId, status: 'settled', refunds: [{ id: 'r9', amount: '149.99', status: 'settled' }] }),
    );
    await reconcileOrders(s);
    expect(searched).toContain(orderId);
    expect(await subscriptionOf(orderId)).toMatchObject({ status: 'expired', endReason: 'refunded' });
  });

  it('an order decided longer ago than RECONCILE_WINDOW_DAYS is left to notifications; the backlog counts what is due inside it', async () => {
    const old = await paidParent('tx_old');
    const recent = await paidParent('tx_recent');
    const windowMs = t.env.RECONCILE_WINDOW_DAYS * 86_400_000;
    await t.db
      .update(orders)
      .set({ updatedAt: new Date(clock - windowMs - 60_000), leaseUntil: new Date(clock - 1000) })
      .where(eq(orders.id, old.orderId));
    await t.db
      .update(orders)
      .set({ updatedAt: new Date(clock - windowMs + 3_600_000), leaseUntil: new Date(clock - 1000) })
      .where(eq(orders.id, recent.orderId));
    const pass = await reconcileOrders(s, { batchSize: 1000 });
    expect(searched).toContain(recent.orderId);
    expect(searched).not.toContain(old.orderId);
    expect(pass.backlog).toBe(0);
  });
});
