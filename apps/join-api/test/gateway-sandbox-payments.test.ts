import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outcomeForAmount, type RunningSandbox } from 'payments-sandbox';
import { orders, outbox } from '../src/db/schema.js';
import { reconcileOrders } from '../src/services/orders.js';
import { THREE_DS_OK, VISA } from './sandbox-cards.js';
import { order, type TestApp } from './helpers.js';
import { DRIVERS, sandboxOrders } from './gateway-sandbox-harness.js';

/*
 * join-api's order path against apps/payments-sandbox (gateway-sandbox-harness.ts), without faults: what is charged,
 * in which merchant account and currency (spec §9), what the receipt names (spec §3), refunds and declines
 * (spec §8, Braintree "Refunds" and its sandbox test amounts).
 */

describe.each(DRIVERS)('orders through apps/payments-sandbox (%s driver)', (driver) => {
  const harness = sandboxOrders(driver);
  const { parent, cardNonce, approvedFor } = harness;
  let t: TestApp;
  let sandbox: RunningSandbox;
  beforeAll(() => {
    ({ t, sandbox } = harness);
  });

  it('a 3DS-authenticated card is charged once, in the merchant account of its currency, with orderId and e-mail', async () => {
    const p = await parent();
    const res = await order(t, p.authToken, `${driver}-us-0001`, { paymentMethodNonce: cardNonce() });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { orderId: string; receipt: { amount: number } };
    const [tx] = approvedFor(p.email);
    expect(approvedFor(p.email)).toHaveLength(1);
    expect(tx).toMatchObject({ orderId: body.orderId, amount: body.receipt.amount.toFixed(2), currencyCode: 'USD' });
    if (driver === 'braintree') expect(tx!.merchantAccountId).toBe('ofw_usd');
  });

  it.each([
    ['a card', () => cardNonce(), { type: 'card', brand: 'Visa', last4: '0002' }, null],
    [
      'PayPal',
      () => 'fake-paypal-one-time-nonce',
      { type: 'paypal', payerEmail: 'jane.doe@example.com' },
      'jane.doe@example.com',
    ],
    ['Venmo', () => 'fake-venmo-account-nonce', { type: 'venmo', username: '@venmojoe' }, '@venmojoe'],
    ['Apple Pay', () => 'fake-apple-pay-visa-nonce', { type: 'apple_pay', brand: 'Visa', last4: '1881' }, null],
  ])(
    'the receipt names what paid — %s (§3: Venmo username with a leading @; docs/CONTRACTS.md "HTTP API": nothing more is kept)',
    async (_, nonce, paymentMethod, account) => {
      const p = await parent();
      const res = await order(t, p.authToken, `${driver}-pm-${paymentMethod.type}`, { paymentMethodNonce: nonce() });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { orderId: string; receipt: Record<string, unknown> };
      expect(body.receipt.paymentMethod).toEqual(paymentMethod);
      // what the page's confirmation shows beside it: the term (Essentials 2051: 1 year) and where the receipt went
      expect(body.receipt).toMatchObject({ years: 1, receiptEmail: p.email });
      const card = 'last4' in paymentMethod ? paymentMethod : undefined;
      expect(body.receipt).toMatchObject({ cardBrand: card?.brand ?? null, last4: card?.last4 ?? null });
      const [row] = await t.db.select().from(orders).where(eq(orders.id, body.orderId));
      expect(row).toMatchObject({
        paymentMethodType: paymentMethod.type,
        paymentAccount: account,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
      });
      const [mail] = await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `receipt:${body.orderId}`));
      expect(mail!.payload).toMatchObject({ paymentMethod });
    },
  );

  it('§9: a GB parent pays £107.99 in GBP (braintree: in ofw_gbp, never the USD account)', async () => {
    const p = await parent('GB');
    const res = await order(t, p.authToken, `${driver}-gb-0001`, { packageId: 2061, paymentMethodNonce: cardNonce() });
    expect(res.status).toBe(201);
    // §3 Package.vatAmount (GBP only), §9 "Essentials £107.99 (VAT 18)": the answer the confirmation page reads
    expect(((await res.json()) as { receipt: unknown }).receipt).toMatchObject({
      amount: 107.99,
      currencyCode: 'GBP',
      vatAmount: 18,
      years: 1,
      receiptEmail: p.email,
    });
    const [tx] = approvedFor(p.email);
    expect(tx).toMatchObject({ amount: '107.99', currencyCode: 'GBP' });
    if (driver === 'braintree') expect(tx!.merchantAccountId).toBe('ofw_gbp');
  });

  it('a used nonce answers 422 payment_method_expired, and nothing more is charged', async () => {
    const nonce = cardNonce();
    const a = await parent();
    expect((await order(t, a.authToken, `${driver}-reuse-01`, { paymentMethodNonce: nonce })).status).toBe(201);
    const b = await parent();
    const again = await order(t, b.authToken, `${driver}-reuse-02`, { paymentMethodNonce: nonce });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ code: 'payment_method_expired' });
    expect(approvedFor(b.email)).toHaveLength(0);
  });

  it('Braintree "Refunds": a settled sale is refunded (not voided), and reconciliation never takes the refund for a second approval', async () => {
    const p = await parent();
    const res = await order(t, p.authToken, `${driver}-refund-01`, { paymentMethodNonce: cardNonce() });
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    const [sale] = approvedFor(p.email);
    sandbox.store.setStatus(sale!, 'settled');
    expect(await t.deps.gateway.reverse(sale!.id)).toBe('refunded');
    const refund = () => sandbox.store.allTransactions().find((x) => x.type === 'credit' && x.orderId === orderId);
    expect(refund()).toMatchObject({ refundedTransactionId: sale!.id, status: 'submitted_for_settlement' });
    const r = await reconcileOrders({ ...t.deps, now: harness.now, inviteRotateAfterMs: 1 });
    expect(r.reversed).toBe(0);
    expect(refund()!.status).toBe('submitted_for_settlement');
    expect(await t.deps.gateway.reverse(sale!.id)).toBe('already');
  });

  it.each([
    [2001, 'insufficient_funds'],
    [2004, 'expired_card'],
    [2010, 'authentication_failed'],
    [2000, 'card_declined'],
  ])(
    'Braintree sandbox test amount %s.00 (processor response %s) reaches the parent as declineCategory %s through this driver',
    async (code, category) => {
      const p = await parent();
      const nonce = sandbox.store.createNonce({ ...VISA, forced: outcomeForAmount(code * 100) });
      sandbox.store.setThreeDSecure(nonce, THREE_DS_OK);
      const res = await order(t, p.authToken, `${driver}-cat-${code}`, { paymentMethodNonce: nonce });
      expect(res.status).toBe(402);
      const problem = (await res.json()) as Record<string, unknown>;
      expect(problem).toMatchObject({ code: 'processor_declined', declineCategory: category });
      expect(JSON.stringify(problem)).not.toContain(String(code)); // the category only, never the processor's code
      expect(approvedFor(p.email)).toHaveLength(0);
    },
  );

  it('§8: a declined card answers 402 processor_declined; the parent then pays with another card — one approval', async () => {
    const p = await parent();
    const declined = await order(t, p.authToken, `${driver}-decl-01`, {
      paymentMethodNonce: cardNonce({ declined: true }),
    });
    expect(declined.status).toBe(402);
    const body = (await declined.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'processor_declined', declineCategory: 'card_declined' });
    expect(body).not.toHaveProperty('processorResponseCode');
    expect((await order(t, p.authToken, `${driver}-decl-02`, { paymentMethodNonce: cardNonce() })).status).toBe(201);
    expect(approvedFor(p.email)).toHaveLength(1);
  });

  if (driver === 'braintree') {
    it('GET /payments/config?currency=GBP issues a client token of ofw_gbp (3D Secure runs in GBP); Development answers the sandbox fields', async () => {
      const p = await parent('GB');
      for (const [currency, account] of [
        ['GBP', 'ofw_gbp'],
        ['USD', 'ofw_usd'],
      ] as const) {
        const res = await t.call(`payments/config?currency=${currency}`, { token: p.authToken });
        expect(res.status).toBe(200);
        const body = (await res.json()) as { driver: string; authorization: string; sandboxUrl?: string };
        expect(body).toMatchObject({ driver: 'sandbox', sandboxUrl: new URL(sandbox.url).origin });
        const token = JSON.parse(Buffer.from(body.authorization, 'base64').toString()) as {
          merchantAccountId?: string;
        };
        expect(token.merchantAccountId).toBe(account);
      }
      expect((await t.call('payments/config?currency=EUR', { token: p.authToken })).status).toBe(400);
    });

    it('a card nonce without 3D Secure is refused (402 three_d_secure) and never charged', async () => {
      const p = await parent();
      const res = await order(t, p.authToken, 'bt-no3ds-0001', { paymentMethodNonce: cardNonce({ threeDS: false }) });
      expect(res.status).toBe(402);
      // the card was not authenticated: a category the page explains, not Braintree's rejection reason
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ code: 'gateway_rejected', declineCategory: 'authentication_failed' });
      expect(body).not.toHaveProperty('gatewayRejectionReason');
      expect(sandbox.store.allTransactions().filter((x) => x.customer.email === p.email)).toHaveLength(0);
    });

    it('a one-time PayPal nonce and a Venmo nonce are sold directly (never vaulted: no 82902)', async () => {
      for (const nonce of ['fake-paypal-one-time-nonce', 'fake-venmo-account-nonce']) {
        const p = await parent();
        const res = await order(t, p.authToken, `bt-wallet-${nonce.slice(5, 11)}`, { paymentMethodNonce: nonce });
        expect(res.status).toBe(201);
        expect(approvedFor(p.email)).toHaveLength(1);
      }
    });
  }
});
