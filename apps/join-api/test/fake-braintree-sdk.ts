import {
  createBraintreeGateway,
  type BraintreeLike,
  type BtPaymentMethodNonce,
  type BtResult,
  type BtTransaction,
} from '../src/gateway/braintree.js';
import type { ChargeRequest } from '../src/gateway/types.js';

/*
 * A strict in-process fake of the braintree SDK for the driver's tests (braintree-sale, braintree-outcomes and
 * braintree-settings .test.ts), in the shapes of braintree_node: Transaction.sale result, PaymentMethodNonce.find,
 * transaction.search stream. Like Braintree, the fake creates a new transaction on every sale (no orderId
 * deduplication), consumes tokenized nonces (91564 on reuse, 91565 / NotFound when unknown), takes the currency from
 * the merchant account and rejects a card nonce without 3DS when `threeDSecure.required` is set. The same rules
 * against the real SDK and apps/payments-sandbox: gateway-sandbox.test.ts and gateway-vault.test.ts.
 */

/** The merchant account of each catalogue currency (BRAINTREE_MERCHANT_ACCOUNTS). */
export const ACCOUNTS = { USD: 'ofw_usd', GBP: 'ofw_gbp', CAD: 'ofw_cad', AUD: 'ofw_aud', NZD: 'ofw_nzd' };
const CURRENCY_OF: Record<string, string> = Object.fromEntries(Object.entries(ACCOUNTS).map(([c, a]) => [a, c]));

/** A charge request of `ord_1` for §9 Premium (US, 1 year) with a 3DS-authenticated card nonce; `o` overrides. */
export const req = (o: Partial<ChargeRequest> = {}): ChargeRequest => ({
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

/** A failed SDK result carrying one validation error (Braintree's `errors.deepErrors()`), e.g. 91565 for a nonce. */
export const validation = (code: string, message: string): BtResult => ({
  success: false,
  message,
  errors: { deepErrors: () => [{ code, message, attribute: 'payment_method_nonce' }] },
});

/**
 * A strict in-process fake of the braintree SDK (the shapes of braintree_node): `sdk` for the driver, the `calls` it
 * received, the transactions it holds (`txs`) and its payment method nonces (`nonces`). `saleError` makes every
 * nonce sale reject with it (the SDK's thrown errors); `merchantCurrency` maps a merchant account to the currency it
 * settles in (a misconfigured one). Amounts 2000.00–2999.99 are processor declines with the amount as response code
 * (Braintree's test amounts).
 */
export function fakeSdk(o: { saleError?: Error; merchantCurrency?: Record<string, string> } = {}) {
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
    // the vault's own calls are driven by the real SDK against the sandbox (gateway-vault.test.ts)
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

/** The braintree driver over `sdk`, with the merchant accounts of {@link ACCOUNTS}; `timeoutMs` is GATEWAY_TIMEOUT_MS. */
export const gateway = (sdk: BraintreeLike, timeoutMs = 5_000) =>
  createBraintreeGateway(sdk, { merchantAccounts: ACCOUNTS, timeoutMs });
