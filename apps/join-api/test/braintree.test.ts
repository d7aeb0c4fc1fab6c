import { describe, expect, it } from 'vitest';
import {
  createBraintreeGateway,
  mapBraintreeFailure,
  mapBraintreeTransaction,
  type BraintreeLike,
  type BtPaymentMethodNonce,
  type BtResult,
  type BtTransaction,
} from '../src/gateway/braintree.js';
import { GatewayUnavailableError, type ChargeRequest } from '../src/gateway/types.js';
import { loadEnv, EnvError } from '../src/env.js';

/*
 * The braintree driver over a strict in-process fake of the SDK (shapes from braintree_node: Transaction.sale result,
 * PaymentMethodNonce.find, transaction.search stream). Like Braintree, the fake creates a new transaction on every
 * sale (no orderId deduplication), consumes tokenized nonces (91564 on reuse, 91565 / NotFound when unknown), takes
 * the currency from the merchant account and rejects a card nonce without 3DS when `threeDSecure.required` is set.
 * The same rules against the real SDK and apps/payments-sandbox: braintree-sdk.test.ts.
 */

const ACCOUNTS = { USD: 'ofw_usd', GBP: 'ofw_gbp', CAD: 'ofw_cad', AUD: 'ofw_aud', NZD: 'ofw_nzd' };
const CURRENCY_OF: Record<string, string> = Object.fromEntries(Object.entries(ACCOUNTS).map(([c, a]) => [a, c]));

const req = (o: Partial<ChargeRequest> = {}): ChargeRequest => ({
  orderId: 'ord_1',
  amount: '216.00',
  currencyCode: 'USD',
  paymentMethodNonce: 'tokencc_3ds_ok',
  customer: { firstName: 'A', lastName: 'B', email: 'a@b.example' },
  billingAddress: { streetAddress: '1', locality: 'x', region: 'TX', postalCode: '78701', countryCodeAlpha2: 'US' },
  ...o,
});

/** A Braintree search answer: like the SDK's `stream.Readable`, an async iterable of transactions. */
function searchStream(items: BtTransaction[]): AsyncIterable<BtTransaction> {
  return {
    async *[Symbol.asyncIterator]() {
      for (const t of items) yield await Promise.resolve(t);
    },
  };
}

const notFound = () => Object.assign(new Error('Not Found'), { name: 'notFoundError', type: 'notFoundError' });
const validation = (code: string, message: string): BtResult => ({
  success: false,
  message,
  errors: { deepErrors: () => [{ code, message, attribute: 'payment_method_nonce' }] },
});

function fakeSdk(o: { saleError?: Error; merchantCurrency?: Record<string, string> } = {}) {
  const nonces = new Map<string, BtPaymentMethodNonce & { used: boolean }>([
    [
      'tokencc_3ds_ok',
      {
        type: 'CreditCard',
        details: { cardType: 'Visa', lastFour: '1111' },
        threeDSecureInfo: { liabilityShifted: true, liabilityShiftPossible: true, status: 'authenticate_successful' },
        used: false,
      },
    ],
    [
      'tokencc_3ds_failed',
      {
        type: 'CreditCard',
        threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: true, status: 'authenticate_failed' },
        used: false,
      },
    ],
    ['tokencc_no_3ds', { type: 'CreditCard', threeDSecureInfo: null, used: false }],
    ['tokenpp_paypal', { type: 'PayPalAccount', used: false }],
    ['tokenvm_venmo', { type: 'VenmoAccount', used: false }],
  ]);
  const txs: (BtTransaction & { customerEmail?: string })[] = [];
  const calls = { sale: [] as Record<string, unknown>[], find: 0, void: [] as string[], refund: [] as string[] };
  const sdk: BraintreeLike = {
    config: { timeout: 60_000 },
    // the vault's own calls are driven by the real SDK against the sandbox (braintree-sdk.test.ts)
    customer: {
      create: () => Promise.reject(new Error('unused by the fake')),
      delete: () => Promise.reject(new Error('unused by the fake')),
    },
    paymentMethod: { create: () => Promise.reject(new Error('unused by the fake')) },
    clientToken: {
      generate: (x) =>
        Promise.resolve({
          success: true,
          clientToken: Buffer.from(
            JSON.stringify({ merchantAccountId: (x as { merchantAccountId?: string }).merchantAccountId }),
          ).toString('base64'),
        }),
    },
    paymentMethodNonce: {
      find: (nonce) => {
        calls.find++;
        const n = nonces.get(nonce);
        return n ? Promise.resolve(n) : Promise.reject(notFound());
      },
    },
    transaction: {
      sale: (x) => {
        const r = x as {
          paymentMethodNonce: string;
          amount: string;
          orderId: string;
          merchantAccountId: string;
          customer?: { email?: string };
          paymentMethodToken?: string;
          options?: { threeDSecure?: { required?: boolean }; storeInVaultOnSuccess?: boolean };
        };
        calls.sale.push(r);
        if (r.paymentMethodToken) {
          // a vaulted card (Braintree "Vault"): sold without a nonce, in the token's customer
          const t: BtTransaction = {
            id: `bt${txs.length + 1}`,
            type: 'sale',
            amount: r.amount,
            orderId: r.orderId,
            currencyIsoCode: (o.merchantCurrency ?? CURRENCY_OF)[r.merchantAccountId],
            status: 'submitted_for_settlement',
            creditCard: { cardType: 'Visa', last4: '1111', token: r.paymentMethodToken },
            customer: { id: 'cust_1' },
          };
          txs.push(t);
          return Promise.resolve({ success: true, transaction: t });
        }
        if (o.saleError) return Promise.reject(o.saleError);
        const n = nonces.get(r.paymentMethodNonce);
        if (!n) return Promise.resolve(validation('91565', 'Unknown or expired payment_method_nonce.'));
        if (n.used) return Promise.resolve(validation('91564', 'Cannot use a payment_method_nonce more than once.'));
        n.used = true;
        const currencyIsoCode = (o.merchantCurrency ?? CURRENCY_OF)[r.merchantAccountId];
        const base = { id: `bt${txs.length + 1}`, type: 'sale', amount: r.amount, orderId: r.orderId, currencyIsoCode };
        const tds = n.threeDSecureInfo;
        const rejected =
          n.type === 'CreditCard' && r.options?.threeDSecure?.required && !(tds?.liabilityShifted ?? false);
        const t: BtTransaction & { customerEmail?: string } = rejected
          ? { ...base, status: 'gateway_rejected', gatewayRejectionReason: 'three_d_secure' }
          : Number(r.amount) >= 2000 && Number(r.amount) < 3000
            ? {
                ...base,
                status: 'processor_declined',
                processorResponseCode: r.amount.slice(0, 4),
                processorResponseText: 'Declined',
              }
            : {
                ...base,
                status: 'submitted_for_settlement',
                processorResponseCode: '1000',
                processorResponseText: 'Approved',
                creditCard: {
                  cardType: n.details?.cardType ?? null,
                  last4: n.details?.lastFour ?? null,
                  ...(r.options?.storeInVaultOnSuccess ? { token: `tok_${txs.length + 1}` } : {}),
                },
                customer: { id: r.options?.storeInVaultOnSuccess ? 'cust_1' : null },
              };
        t.customerEmail = r.customer?.email;
        txs.push(t);
        return Promise.resolve(
          t.status === 'submitted_for_settlement'
            ? { success: true, transaction: t }
            : { success: false, message: t.status, transaction: t },
        );
      },
      find: (id) => {
        const t = txs.find((x) => x.id === id);
        return t ? Promise.resolve(t) : Promise.reject(notFound());
      },
      void: (id) => {
        calls.void.push(id);
        const t = txs.find((x) => x.id === id)!;
        if (t.status !== 'submitted_for_settlement' && t.status !== 'authorized')
          return Promise.resolve(
            validation(
              '91504',
              'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.',
            ),
          );
        t.status = 'voided';
        return Promise.resolve({ success: true, transaction: t });
      },
      refund: (id) => {
        // Braintree: the refund is a new `credit` transaction with the sale's orderId; the sale keeps its status
        // and lists the refund in `refundIds` (91506 unless settled or settling, 91512 when already refunded).
        calls.refund.push(id);
        const t = txs.find((x) => x.id === id)!;
        if (t.status !== 'settled' && t.status !== 'settling')
          return Promise.resolve(validation('91506', 'Cannot refund transaction unless it is settled.'));
        if (t.refundIds?.length) return Promise.resolve(validation('91512', 'Transaction has already been refunded.'));
        const credit: BtTransaction = {
          id: `bt${txs.length + 1}`,
          type: 'credit',
          status: 'submitted_for_settlement',
          amount: t.amount,
          orderId: t.orderId,
        };
        txs.push(credit);
        t.refundIds = [...(t.refundIds ?? []), credit.id];
        return Promise.resolve({ success: true, transaction: credit });
      },
      search: (cb) => {
        // braintree_node transaction_search.js: every criterion set narrows the search; none set matches everything
        let orderId: string | undefined;
        let type: string | undefined;
        cb({
          orderId: () => ({ is: (v) => void (orderId = v) }),
          customerEmail: () => ({ is: () => undefined }),
          type: () => ({ is: (v) => void (type = v) }),
          createdAt: () => ({ between: () => undefined }),
          voidedAt: () => ({ between: () => undefined }),
        });
        return searchStream(
          txs.filter(
            (t) =>
              (orderId === undefined || t.orderId === orderId) && (type === undefined || (t.type ?? 'sale') === type),
          ),
        );
      },
    },
  };
  return { sdk, calls, txs, nonces };
}

const gateway = (sdk: BraintreeLike, timeoutMs = 5_000) =>
  createBraintreeGateway(sdk, { merchantAccounts: ACCOUNTS, timeoutMs });

describe('braintree driver (strict in-process fake of the SDK)', () => {
  it('sells a 3DS-authenticated card nonce directly, in the currency’s merchant account, with threeDSecure.required, orderId and the customer email; nothing vaulted', async () => {
    const { sdk, calls } = fakeSdk();
    const r = await gateway(sdk).charge(req({ currencyCode: 'GBP', amount: '155.99' }));
    expect(r).toMatchObject({ outcome: 'approved', paymentMethod: { type: 'card', brand: 'Visa', last4: '1111' } });
    expect(calls.sale[0]).toMatchObject({
      amount: '155.99',
      orderId: 'ord_1',
      merchantAccountId: 'ofw_gbp',
      paymentMethodNonce: 'tokencc_3ds_ok',
      customer: { email: 'a@b.example' },
      options: { submitForSettlement: true, threeDSecure: { required: true } },
    });
    expect(calls.sale[0]).not.toHaveProperty('paymentMethodToken');
    expect(calls.sale[0]).not.toHaveProperty('options.storeInVaultOnSuccess');
  });

  it('Braintree Vault: a sale asked to save its method sends storeInVaultOnSuccess and answers the token and customer it was filed under', async () => {
    const { sdk, calls } = fakeSdk();
    const r = await gateway(sdk).charge(req({ vault: { customerId: null } }));
    expect(calls.sale[0]).toMatchObject({
      options: { storeInVaultOnSuccess: true },
      customer: { email: 'a@b.example' },
    });
    expect(r).toMatchObject({ outcome: 'approved', vaulted: { customerId: 'cust_1', token: 'tok_1' } });
    // a parent who has a vault customer already: the method is filed under it, the customer is not made again
    const second = fakeSdk();
    await gateway(second.sdk).charge(req({ vault: { customerId: 'cust_1' } }));
    expect(second.calls.sale[0]).toMatchObject({ customerId: 'cust_1', options: { storeInVaultOnSuccess: true } });
    expect(second.calls.sale[0]).not.toHaveProperty('customer');
  });

  it('Braintree recurring transactions: a renewal sells the saved token with transactionSource recurring, no nonce and no 3DS', async () => {
    const { sdk, calls } = fakeSdk();
    const r = await gateway(sdk).chargeVaulted({
      orderId: 'ord_r1',
      amount: '216.00',
      currencyCode: 'USD',
      paymentMethodToken: 'tok_9',
      customer: { firstName: 'A', lastName: 'B', email: 'a@b.example' },
    });
    expect(r).toMatchObject({ outcome: 'approved', paymentMethod: { type: 'card', last4: '1111' } });
    expect(calls.sale[0]).toMatchObject({
      paymentMethodToken: 'tok_9',
      transactionSource: 'recurring',
      merchantAccountId: 'ofw_usd',
      options: { submitForSettlement: true },
    });
    expect(calls.sale[0]).not.toHaveProperty('paymentMethodNonce');
    expect(calls.sale[0]).not.toHaveProperty('options.threeDSecure');
  });

  it('passes the billing address to the sale as Braintree takes it (transaction `billing`): address line 2 as extendedAddress, no region when the country needs none', async () => {
    const { sdk, calls } = fakeSdk();
    const billingAddress = {
      streetAddress: '1 High St',
      extendedAddress: 'Flat 2',
      locality: 'London',
      postalCode: 'SW1A 1AA',
      countryCodeAlpha2: 'GB',
    };
    await gateway(sdk).charge(req({ currencyCode: 'GBP', amount: '155.99', billingAddress }));
    expect(calls.sale[0]).toMatchObject({ billing: { ...billingAddress, firstName: 'A', lastName: 'B' } });
    expect(calls.sale[0]!.billing).not.toHaveProperty('region');
  });

  it('§5 3D Secure: a card nonce without 3DS, or whose authentication failed, is refused before any charge', async () => {
    for (const nonce of ['tokencc_no_3ds', 'tokencc_3ds_failed']) {
      const { sdk, calls } = fakeSdk();
      expect(await gateway(sdk).charge(req({ paymentMethodNonce: nonce }))).toMatchObject({
        outcome: 'gateway_rejected',
        gatewayRejectionReason: 'three_d_secure',
      });
      expect(calls.sale).toHaveLength(0);
    }
  });

  it('wallet nonces (PayPal one-time, Venmo) are sold directly without threeDSecure.required and are never vaulted', async () => {
    const { sdk, calls } = fakeSdk();
    const g = gateway(sdk);
    expect(await g.charge(req({ paymentMethodNonce: 'tokenpp_paypal', orderId: 'o-pp' }))).toMatchObject({
      outcome: 'approved',
    });
    expect(await g.charge(req({ paymentMethodNonce: 'tokenvm_venmo', orderId: 'o-vm' }))).toMatchObject({
      outcome: 'approved',
    });
    for (const sale of calls.sale) {
      expect(sale).toMatchObject({ options: { submitForSettlement: true } });
      expect(sale).not.toHaveProperty('options.threeDSecure');
      expect(sale).not.toHaveProperty('options.storeInVaultOnSuccess');
    }
  });

  it('an unknown nonce (NotFound), an unknown one at sale (91565) and a used one (91564) are payment_method_invalid, not in doubt', async () => {
    const { sdk } = fakeSdk();
    const g = gateway(sdk);
    expect(await g.charge(req({ paymentMethodNonce: 'tokencc_nobody' }))).toMatchObject({
      outcome: 'payment_method_invalid',
      reason: 'unknown',
    });
    expect(await g.charge(req())).toMatchObject({ outcome: 'approved' });
    expect(await g.charge(req({ orderId: 'ord_2' }))).toMatchObject({
      outcome: 'payment_method_invalid',
      reason: 'consumed',
      processorResponseCode: '91564',
    });
    expect(mapBraintreeFailure(validation('91565', 'Unknown or expired payment_method_nonce.'))).toMatchObject({
      outcome: 'payment_method_invalid',
      reason: 'unknown',
    });
  });

  it('§8: a processor decline keeps its response code; other validation errors are gateway_rejected with the code', async () => {
    const { sdk } = fakeSdk();
    expect(await gateway(sdk).charge(req({ amount: '2001.00' }))).toMatchObject({
      outcome: 'processor_declined',
      processorResponseCode: '2001',
    });
    expect(mapBraintreeFailure(validation('91513', 'Merchant account ID is invalid.'))).toMatchObject({
      outcome: 'gateway_rejected',
      gatewayRejectionReason: 'validation:91513',
    });
  });

  it('a sale settled in another currency than priced is voided and refused (merchant account misconfigured)', async () => {
    const { sdk, calls } = fakeSdk({ merchantCurrency: { ofw_gbp: 'USD' } });
    expect(await gateway(sdk).charge(req({ currencyCode: 'GBP' }))).toMatchObject({
      outcome: 'gateway_rejected',
      gatewayRejectionReason: 'currency_mismatch:USD',
    });
    expect(calls.void).toEqual(['bt1']);
  });

  it('orderId is no idempotency handle: findByOrderId answers every transaction of the order; reverse voids, or refunds once settled', async () => {
    const { sdk, txs, nonces } = fakeSdk();
    const g = gateway(sdk);
    await g.charge(req());
    nonces.set('tokencc_again', { ...nonces.get('tokencc_3ds_ok')!, used: false });
    await g.charge(req({ paymentMethodNonce: 'tokencc_again' }));
    const found = await g.findByOrderId('ord_1');
    expect(found.map((f) => f.outcome)).toEqual(['approved', 'approved']);
    expect(await g.reverse(found[0]!.transactionId)).toBe('voided');
    expect(await g.reverse(found[0]!.transactionId)).toBe('already');
    txs[1]!.status = 'settled';
    expect(await g.reverse(found[1]!.transactionId)).toBe('refunded');
    expect(await g.findByOrderId('ord_none')).toEqual([]);
  });

  it('the SDK timeout is GATEWAY_TIMEOUT_MS and a charge (two calls) ends within maxChargeMs; timeouts are in doubt, a 503 is not in flight', async () => {
    const { sdk } = fakeSdk({
      saleError: Object.assign(new Error('Request timed out'), { name: 'unexpectedError', type: 'unexpectedError' }),
    });
    const g = gateway(sdk, 1234);
    expect(sdk.config.timeout).toBe(1234);
    expect(g.maxChargeMs).toBe(2 * 1234);
    const timedOut = await g.charge(req()).catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(GatewayUnavailableError);
    expect((timedOut as GatewayUnavailableError).maybeInFlight).toBe(true);
    const down = fakeSdk({
      saleError: Object.assign(new Error('Service Unavailable'), {
        name: 'serviceUnavailableError',
        type: 'serviceUnavailableError',
      }),
    });
    const e503 = await gateway(down.sdk)
      .charge(req())
      .catch((e: unknown) => e);
    expect((e503 as GatewayUnavailableError).maybeInFlight).toBe(false);
  });

  it('Braintree "Transaction statuses": a refund (credit with the same orderId) is never an approval, a refunded sale holds no money, authorizing is in doubt, authorization_expired and settlement_declined hold none', async () => {
    const { sdk, txs } = fakeSdk();
    const g = gateway(sdk);
    await g.charge(req());
    txs[0]!.status = 'settled';
    expect(await g.reverse('bt1')).toBe('refunded');
    // the sale and its refund both carry ord_1; only the sale is listed, and it no longer holds money
    const found = await g.findByOrderId('ord_1');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      transactionId: 'bt1',
      outcome: 'gateway_rejected',
      gatewayRejectionReason: 'refunded',
    });
    expect(await g.reverse('bt1')).toBe('already');
    const sale = (status: string): BtTransaction => ({ id: 'x', type: 'sale', status });
    expect(mapBraintreeTransaction(sale('authorizing')).outcome).toBe('in_doubt');
    expect(mapBraintreeTransaction(sale('authorization_expired')).outcome).toBe('gateway_rejected');
    expect(mapBraintreeTransaction(sale('settlement_declined')).outcome).toBe('processor_declined');
    expect(mapBraintreeTransaction(sale('settling')).outcome).toBe('approved');
  });

  it('a sale still authorizing is in doubt (the order stays pending), and cannot be voided yet', async () => {
    const { sdk, txs } = fakeSdk();
    const g = gateway(sdk);
    const sale = sdk.transaction.sale.bind(sdk.transaction);
    sdk.transaction.sale = async (o) => {
      const r = await sale(o);
      r.transaction!.status = 'authorizing';
      return r;
    };
    const e = await g.charge(req()).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GatewayUnavailableError);
    expect((e as GatewayUnavailableError).maybeInFlight).toBe(true);
    expect(txs[0]!.status).toBe('authorizing');
    await expect(g.reverse('bt1')).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it('Braintree "Duplicate Transaction Checking" rejects a repeat sale of the order at once (gatewayRejectionReason duplicate) while the earlier sale may hold the money: in doubt, never a decline', async () => {
    const { sdk, txs } = fakeSdk();
    const g = gateway(sdk);
    // what Braintree answers a second sale of ord_1 for the same amount and card within the window: a failed result
    // carrying the rejected transaction (braintree_node `GatewayRejectionReason.Duplicate`)
    sdk.transaction.sale = (o) => {
      const r = o as { amount: string; orderId: string };
      const t: BtTransaction = {
        id: `bt${txs.length + 1}`,
        type: 'sale',
        amount: r.amount,
        orderId: r.orderId,
        status: 'gateway_rejected',
        gatewayRejectionReason: 'duplicate',
      };
      txs.push(t);
      return Promise.resolve({ success: false, message: 'Gateway Rejected: duplicate', transaction: t });
    };
    const e = await g.charge(req()).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GatewayUnavailableError);
    expect((e as GatewayUnavailableError).maybeInFlight).toBe(true);
    // a search still lists the rejection as holding no money (the order's resolution passes it over)
    expect(await g.findByOrderId('ord_1')).toMatchObject([
      { outcome: 'gateway_rejected', gatewayRejectionReason: 'duplicate' },
    ]);
    // any other gateway rejection stays a refusal
    txs.length = 0;
    const fraud = { id: 'bt9', type: 'sale', status: 'gateway_rejected', gatewayRejectionReason: 'fraud' };
    expect(mapBraintreeFailure({ success: false, transaction: fraud })).toMatchObject({
      outcome: 'gateway_rejected',
      gatewayRejectionReason: 'fraud',
    });
  });

  it('one deadline per gateway call: an SDK call that never answers ends at GATEWAY_TIMEOUT_MS, in doubt', async () => {
    const { sdk } = fakeSdk();
    sdk.transaction.sale = () => new Promise(() => undefined); // the SDK's idle timer never fires
    const e = await gateway(sdk, 200)
      .charge(req())
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GatewayUnavailableError);
    expect((e as GatewayUnavailableError).maybeInFlight).toBe(true);
  });

  it('the client token is issued for the merchant account of the currency (3DS runs in it)', async () => {
    const { sdk } = fakeSdk();
    const token = await gateway(sdk).clientAuthorization('NZD');
    expect(JSON.parse(Buffer.from(token, 'base64').toString())).toEqual({ merchantAccountId: 'ofw_nzd' });
  });

  it('DESIGN §1: PAYMENTS_DRIVER=braintree without its settings fails at start-up naming each missing one', () => {
    expect(() => loadEnv({ PAYMENTS_DRIVER: 'braintree', BRAINTREE_MERCHANT_ID: 'm' })).toThrow(EnvError);
    expect(() => loadEnv({ PAYMENTS_DRIVER: 'braintree' })).toThrow(
      /BRAINTREE_PRIVATE_KEY is required when PAYMENTS_DRIVER=braintree[\s\S]*BRAINTREE_MERCHANT_ACCOUNTS is required|BRAINTREE_MERCHANT_ACCOUNTS is required[\s\S]*BRAINTREE_PRIVATE_KEY is required when PAYMENTS_DRIVER=braintree/,
    );
    expect(loadEnv({}).PAYMENTS_DRIVER).toBe('sandbox');
    expect(loadEnv({ DATA_DIR: 'memory://' }).DATA_DIR).toBe('memory://'); // PGlite in memory, not a folder
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('BRAINTREE_MERCHANT_ACCOUNTS: one merchant account per catalogue currency, validated at start-up', () => {
    const base = {
      PAYMENTS_DRIVER: 'braintree',
      BRAINTREE_ENVIRONMENT: 'Development',
      BRAINTREE_MERCHANT_ID: 'ofw_sandbox',
      BRAINTREE_PUBLIC_KEY: 'k',
      BRAINTREE_PRIVATE_KEY: 'p',
    };
    const env = loadEnv({
      ...base,
      BRAINTREE_MERCHANT_ACCOUNTS: 'USD:ofw_usd, GBP:ofw_gbp,CAD:ofw_cad,AUD:ofw_aud,NZD:ofw_nzd',
    });
    expect(env.BRAINTREE_MERCHANT_ACCOUNTS).toEqual(ACCOUNTS);
    expect(() => loadEnv({ ...base, BRAINTREE_MERCHANT_ACCOUNTS: 'USD:ofw_usd' })).toThrow(
      /no merchant account for GBP, CAD, AUD, NZD/,
    );
    expect(() => loadEnv({ ...base, BRAINTREE_MERCHANT_ACCOUNTS: 'USD:a,USD:b,GBP:c,CAD:d,AUD:e,NZD:f' })).toThrow(
      /USD is listed twice/,
    );
    expect(() => loadEnv({ ...base, BRAINTREE_MERCHANT_ACCOUNTS: 'EUR:x,USD:a,GBP:c,CAD:d,AUD:e,NZD:f' })).toThrow(
      /EUR is not a currency/,
    );
  });
});
