import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import braintree from 'braintree';
import { outcomeForAmount, startSandbox, type RunningSandbox, type Transaction } from 'payments-sandbox';
import { loadEnv } from '../src/env.js';
import { createGateway } from '../src/gateway/index.js';
import { createSandboxGateway } from '../src/gateway/sandbox.js';
import type { PaymentGateway } from '../src/gateway/types.js';
import { orders, outbox, subscriptions } from '../src/db/schema.js';
import { chargeLeaseMs, reconcileOrders } from '../src/services/orders.js';
import { LEASE_MARGIN_MS } from '../src/services/orders/charge-lease.js';
import { MIN_SALE_TIMEOUT_MS } from '../src/gateway/deadline.js';
import { THREE_DS_OK, VISA } from './sandbox-cards.js';
import { braintreeDevEnv, order, sameDatabaseApp, signup, testApp, type TestApp } from './helpers.js';

/*
 * join-api's order path against apps/payments-sandbox in-process — the `braintree` driver on the REAL npm
 * braintree SDK speaking the sandbox's Braintree gateway API (Environment built from GATEWAY_HOST/PORT), and the
 * `sandbox` driver on the sandbox's own API. Faults come from the sandbox's fault control (POST /sandbox/faults),
 * matched on the parent's e-mail so the tests never take each other's. Every paid parent ends with exactly one approved,
 * unvoided transaction (counted by customer e-mail, as support would) and a current subscription.
 */

const TIMEOUT_MS = 600;
const SUCCESS = new Set(['authorized', 'submitted_for_settlement', 'settling', 'settled']);

/** The SDK's TransactionGateway prototype (braintree_node transaction_gateway.js), where `transaction.sale` lives. */
const saleGateway = Object.getPrototypeOf(
  new braintree.BraintreeGateway({
    environment: braintree.Environment.Sandbox,
    merchantId: 'm',
    publicKey: 'p',
    privateKey: 'k',
  }).transaction,
) as { sale(o: object): Promise<unknown> };

describe.each(['braintree', 'sandbox'] as const)('orders through apps/payments-sandbox (%s driver)', (driver) => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let skew = 0;
  let n = 0;
  /**
   * Parents whose next sale Braintree's duplicate checking rejects (the sandbox has no such switch): the sale is not
   * carried out; a `gateway_rejected` `duplicate` transaction of the order is recorded (searchable, as on Braintree)
   * and answered as each API answers a rejected sale.
   */
  const duplicateFor = new Set<string>();
  const realSale = saleGateway.sale;

  /** Records the rejected duplicate of the order's first sale in the sandbox; undefined when the parent is not armed. */
  const rejectAsDuplicate = (email: string | undefined, orderId: string): Transaction | undefined => {
    if (!email || !duplicateFor.delete(email)) return undefined;
    const [first] = sandbox.store.transactionsFor(orderId);
    const now = new Date().toISOString();
    const rejected: Transaction = {
      ...first!,
      id: `dup${Date.now().toString(36)}`,
      status: 'gateway_rejected',
      gatewayRejectionReason: 'duplicate',
      processorResponseCode: '',
      processorResponseText: 'Unknown',
      statusHistory: [{ status: 'gateway_rejected', timestamp: now, amount: first!.amount }],
      createdAt: now,
      updatedAt: now,
    };
    sandbox.store.addTransaction(rejected);
    return rejected;
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
    const env = { ...braintreeDevEnv(sandbox.port, driver), GATEWAY_TIMEOUT_MS: String(TIMEOUT_MS) };
    saleGateway.sale = function (this: unknown, o: object) {
      const r = o as { orderId: string; customer?: { email?: string } };
      const rejected = rejectAsDuplicate(r.customer?.email, r.orderId);
      if (!rejected) return realSale.call(this, o);
      // the SDK's answer to a rejected sale: a failed result carrying the transaction
      return Promise.resolve({ success: false, message: 'Gateway Rejected: duplicate', transaction: rejected });
    };
    /** The sandbox API's answer to a rejected sale: 200 with the transaction (docs/CONTRACTS.md "Sandbox server API"). */
    const sandboxFetch: typeof fetch = async (input, init) => {
      if (init?.method === 'POST' && typeof input === 'string' && input.endsWith('/v1/transactions')) {
        const r = JSON.parse(init.body as string) as { orderId: string; customer?: { email?: string } };
        const rejected = rejectAsDuplicate(r.customer?.email, r.orderId);
        if (rejected) return Response.json({ transaction: { ...rejected, instrument: undefined } });
      }
      return fetch(input, init);
    };
    const gateway: PaymentGateway =
      driver === 'braintree'
        ? await createGateway(loadEnv({ ...env, SANDBOX_URL: sandbox.url }))
        : createSandboxGateway({ baseUrl: sandbox.url, timeoutMs: TIMEOUT_MS, fetch: sandboxFetch });
    t = await testApp({ sandboxUrl: sandbox.url, gateway, env, now: () => new Date(Date.now() + skew) });
  });
  afterAll(async () => {
    saleGateway.sale = realSale;
    await t.close();
    await sandbox.close();
  });

  const parent = (country: 'US' | 'GB' = 'US', app: TestApp = t) => {
    const email = `${driver}.${++n}.${Date.now()}@example.com`;
    return signup(app, {
      address: { country },
      parent:
        country === 'GB'
          ? { firstName: 'Gwen', lastName: `P${n}`, email, phoneCountryCode: '+44', phoneNumber: '7400123456' }
          : { firstName: 'Ida', lastName: `P${n}`, email, phoneNumber: '2025550101' },
    }).then((p) => ({ ...p, email }));
  };
  /** A single-use card nonce as the hosted fields + a frictionless 3D Secure lookup leave it. */
  const cardNonce = (o: { declined?: boolean; threeDS?: boolean } = {}) => {
    const nonce = sandbox.store.createNonce({ ...VISA, ...(o.declined ? { forced: outcomeForAmount(200_000) } : {}) });
    if (o.threeDS !== false) sandbox.store.setThreeDSecure(nonce, THREE_DS_OK);
    return nonce;
  };
  const approvedFor = (email: string) =>
    sandbox.store
      .allTransactions()
      .filter((x) => x.type === 'sale' && x.customer.email === email && SUCCESS.has(x.status));
  /**
   * The sandbox's test control: `POST /sandbox/faults` queues a fault, `PUT /sandbox/simulation` sets the search lag.
   * Sent again once when a kept-alive connection was reset: the server closed it idle (after a slow beforeAll), before
   * reading the request.
   */
  const control = async (method: 'POST' | 'PUT', path: 'faults' | 'simulation', body: object) => {
    const send = () =>
      fetch(`${sandbox.url}/sandbox/${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const reset = (e: Error) => {
      if ((e.cause as { code?: string } | undefined)?.code === 'ECONNRESET') return send();
      throw e;
    };
    expect((await send().catch(reset)).status).toBeLessThan(300);
  };
  const fault = (body: object) => control('POST', 'faults', body);
  /** What is left out of the simulation is turned off. */
  const simulate = (body: object) => control('PUT', 'simulation', body);
  const subscribed = async (userId: number) =>
    (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).filter(
      (s) => s.status === 'current',
    );
  const pastLease = () => {
    skew += chargeLeaseMs(t.deps) + 1_000;
  };

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
    const r = await reconcileOrders({ ...t.deps, now: () => new Date(Date.now() + skew), inviteRotateAfterMs: 1 });
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

  describe('faults, each followed by a reload (a retry with a NEW Idempotency-Key)', () => {
    const expectOnePaid = async (p: { email: string; userId: number }) => {
      await reconcileOrders({ ...t.deps, now: () => new Date(Date.now() + skew), inviteRotateAfterMs: 1 });
      expect(approvedFor(p.email)).toHaveLength(1);
      expect(await subscribed(p.userId)).toHaveLength(1);
      const rows = await t.db.select().from(orders).where(eq(orders.userId, p.userId));
      expect(rows.filter((r) => r.status === 'paid')).toHaveLength(1);
      expect(rows.filter((r) => r.status === 'pending')).toHaveLength(0);
    };

    it('the answer delayed past the gateway timeout → 503; the reload waits out the lease and gets the charge that landed', async () => {
      const p = await parent();
      await fault({ delayMs: 3 * TIMEOUT_MS, match: { customerEmail: p.email } });
      const first = await order(t, p.authToken, `${driver}-delay-01`, { paymentMethodNonce: cardNonce() });
      expect(first.status).toBe(503);
      // the reload's request, re-sent as is after a 409 (the browser keeps an in-doubt attempt)
      const again = { paymentMethodNonce: cardNonce() };
      const early = await order(t, p.authToken, `${driver}-delay-02`, again);
      expect(early.status).toBe(409);
      expect(await early.json()).toMatchObject({ code: 'idempotency_in_flight' });
      pastLease();
      const reload = await order(t, p.authToken, `${driver}-delay-02`, again);
      expect(reload.status).toBe(201);
      await expectOnePaid(p);
    });

    it('the answer dropped after the charge → 503; the reload after the lease gets that charge, no second one', async () => {
      const p = await parent();
      await fault({ dropResponseAfterCharge: true, match: { customerEmail: p.email } });
      expect((await order(t, p.authToken, `${driver}-drop-01`, { paymentMethodNonce: cardNonce() })).status).toBe(503);
      pastLease();
      const reload = await order(t, p.authToken, `${driver}-drop-02`, { paymentMethodNonce: cardNonce() });
      expect(reload.status).toBe(201);
      await expectOnePaid(p);
    });

    it('Braintree "Duplicate Transaction Checking" rejects a retried sale of the order at once while its earlier sale (not yet found by search) holds the money: 503 in doubt, never a 402 decline; the order is paid from that sale, once', async () => {
      const p = await parent();
      const attempt = { paymentMethodNonce: cardNonce() };
      await fault({ dropResponseAfterCharge: true, match: { customerEmail: p.email } });
      expect((await order(t, p.authToken, `${driver}-dup-01`, attempt)).status).toBe(503);
      const rows = () => t.db.select().from(orders).where(eq(orders.userId, p.userId));
      // the search index lags behind the sale: past the lease, the retry finds nothing and sells again
      await simulate({ searchLagMs: 600_000 });
      try {
        duplicateFor.add(p.email);
        pastLease();
        const retry = await order(t, p.authToken, `${driver}-dup-01`, attempt);
        expect(duplicateFor.has(p.email)).toBe(false); // Braintree answered the duplicate
        expect(retry.status).toBe(503);
        expect(await retry.json()).toMatchObject({ code: 'payment_gateway_unavailable' });
        expect((await rows()).map((r) => r.status)).toEqual(['pending']);
      } finally {
        await simulate({ searchLagMs: 0 });
      }
      // once the search shows the order's sales, the approved one pays it; the rejected duplicate decides nothing
      pastLease();
      await expectOnePaid(p);
      const again = await order(t, p.authToken, `${driver}-dup-01`, attempt);
      expect(again.status).toBe(201);
      expect(sandbox.store.allTransactions().filter((x) => x.customer.email === p.email)).toHaveLength(2);
    });

    it('a 503 from the gateway carried nothing out → the reload pays at once, once', async () => {
      const p = await parent();
      await fault({ status: 503, match: { customerEmail: p.email } });
      expect((await order(t, p.authToken, `${driver}-503-01`, { paymentMethodNonce: cardNonce() })).status).toBe(503);
      const reload = await order(t, p.authToken, `${driver}-503-02`, { paymentMethodNonce: cardNonce() });
      expect(reload.status).toBe(201);
      await expectOnePaid(p);
    });
  });

  describe('the deadlines of the defaults (GATEWAY_TIMEOUT_MS unset)', () => {
    let slow: TestApp;
    let later = 0;
    beforeAll(async () => {
      // this suite's settings with GATEWAY_TIMEOUT_MS at its default
      const env = { ...t.env, GATEWAY_TIMEOUT_MS: loadEnv({}).GATEWAY_TIMEOUT_MS };
      slow = sameDatabaseApp(t, { env, gateway: await createGateway(env), now: () => new Date(Date.now() + later) });
    });
    /** Every sale of the parent that took money, voided or refunded since included. */
    const charged = (email: string) =>
      sandbox.store
        .allTransactions()
        .filter((x) => x.type === 'sale' && x.customer.email === email && !/declined|rejected|failed/.test(x.status));

    it('braintree_node config.js gives a call 60 s: a sale gets that long before it is in doubt, and the charge lease (derived from the driver) outlives it', () => {
      expect(loadEnv({}).GATEWAY_TIMEOUT_MS).toBe(MIN_SALE_TIMEOUT_MS);
      expect(MIN_SALE_TIMEOUT_MS).toBe(60_000);
      // braintree: the nonce lookup and the sale, 60 s each; sandbox: the sale alone
      expect(slow.deps.gateway.maxChargeMs).toBe((driver === 'braintree' ? 2 : 1) * 60_000);
      expect(chargeLeaseMs(slow.deps)).toBe(slow.deps.gateway.maxChargeMs + LEASE_MARGIN_MS);
      expect(chargeLeaseMs(slow.deps)).toBeGreaterThan(MIN_SALE_TIMEOUT_MS);
    });

    it("a sale Braintree carries out 40 s after it was sent (past a 15 s timeout and its 35 s lease, within the SDK's 60 s) is not charged again by a reload with a new Idempotency-Key: the reload waits, then gets that sale", async () => {
      const p = await parent('US', slow);
      // the answer is lost at once; the sale itself lands 1.5 s later (40 s on join-api's clock below)
      await fault({ landAfterMs: 1_500, match: { customerEmail: p.email } });
      const first = await order(slow, p.authToken, `${driver}-late-01`, { paymentMethodNonce: cardNonce() });
      expect(first.status).toBe(503);
      later += 40_000;
      const again = { paymentMethodNonce: cardNonce() };
      const early = await order(slow, p.authToken, `${driver}-late-02`, again);
      expect(early.status).toBe(409);
      expect(await early.json()).toMatchObject({ code: 'idempotency_in_flight' });
      await vi.waitFor(() => expect(charged(p.email)).toHaveLength(1), { timeout: 10_000, interval: 100 });
      later += chargeLeaseMs(slow.deps);
      const reload = await order(slow, p.authToken, `${driver}-late-02`, again);
      expect(reload.status).toBe(201);
      const [paid] = await slow.db.select().from(orders).where(eq(orders.userId, p.userId));
      expect(paid).toMatchObject({ status: 'paid', transactionId: charged(p.email)[0]!.id });
      expect(charged(p.email)).toHaveLength(1);
    });
  });
});
