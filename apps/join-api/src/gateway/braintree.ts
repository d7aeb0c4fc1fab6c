import {
  GatewayUnavailableError,
  paymentMethodSummary,
  type BraintreeInstrument,
  type ChargeRequest,
  type ChargeResult,
  type FoundTransaction,
  type PaymentGateway,
} from './types.js';

/*
 * The `braintree` driver (npm braintree 3.40, server SDK). Only the shapes used are typed here, so both the real
 * SDK (against Braintree or apps/payments-sandbox's gateway API) and an in-process fake drive it.
 *
 * A charge is two gateway calls, each bounded by the SDK's `gateway.config.timeout`:
 * 1. `paymentMethodNonce.find` — what the nonce is. A card nonce must carry a 3D Secure authentication
 *    (`threeDSecureInfo`); one without it, or whose authentication failed, is refused before any charge.
 * 2. `transaction.sale` with the nonce itself (a 3DS-upgraded card nonce keeps its authentication only when it is
 *    sold directly: Braintree "Applying 3DS to Transactions and Verifications" — vaulting it first loses it), in the
 *    merchant account of the order's currency, `options.threeDSecure.required: true` for cards (the gateway rejects
 *    with `three_d_secure` what did not authenticate), `submitForSettlement`, `orderId` and the parent's
 *    `customer.email` (support and reconciliation search by either). Wallet nonces (PayPal one-time, Venmo
 *    single-use, Apple Pay) are sold directly: nothing is vaulted, so a one-time PayPal nonce never meets 82902.
 * `orderId` is not an idempotency handle (Braintree never deduplicates on it): orders.ts holds a lease instead.
 */

export interface BtCreditCard {
  cardType?: string | null;
  last4?: string | null;
  token?: string;
}
export interface BtTransaction extends BraintreeInstrument {
  id: string;
  status: string;
  amount?: string;
  currencyIsoCode?: string | null;
  merchantAccountId?: string | null;
  orderId?: string | null;
  paymentInstrumentType?: string | null;
  processorResponseCode?: string | null;
  processorResponseText?: string | null;
  gatewayRejectionReason?: string | null;
  creditCard?: BtCreditCard | null;
}
export interface BtError {
  code: string;
  message: string;
  attribute?: string;
}
export interface BtResult {
  success: boolean;
  message?: string;
  transaction?: BtTransaction;
  errors?: { deepErrors(): BtError[] };
}
export interface BtThreeDSecureInfo {
  liabilityShifted?: boolean;
  liabilityShiftPossible?: boolean;
  status?: string;
}
export interface BtPaymentMethodNonce {
  type?: string;
  details?: { cardType?: string; lastFour?: string } | null;
  threeDSecureInfo?: BtThreeDSecureInfo | null;
}
type SearchBuilder = {
  orderId(): { is(v: string): void };
  customerEmail(): { is(v: string): void };
};

/** The subset of `braintree.BraintreeGateway` the driver calls. */
export interface BraintreeLike {
  config: { timeout: number };
  clientToken: { generate(o: object): Promise<{ success: boolean; clientToken: string; message?: string }> };
  paymentMethodNonce: { find(nonce: string): Promise<BtPaymentMethodNonce> };
  transaction: {
    sale(o: object): Promise<BtResult>;
    find(id: string): Promise<BtTransaction>;
    void(id: string): Promise<BtResult>;
    refund(id: string): Promise<BtResult>;
    /** The SDK answers a `stream.Readable` of transactions, which is an async iterable. */
    search(cb: (s: SearchBuilder) => void): AsyncIterable<BtTransaction>;
  };
}

/** Options of {@link createBraintreeGateway}. */
export interface BraintreeDriverOptions {
  /** Merchant account id per currency (env `BRAINTREE_MERCHANT_ACCOUNTS`): a merchant account settles one currency. */
  merchantAccounts: Readonly<Record<string, string>>;
  /** Bound of ONE gateway call (ms), set as the SDK's `gateway.config.timeout` (its constructor ignores a timeout). */
  timeoutMs: number;
}

/** Validation codes meaning "this nonce cannot be charged" (Braintree validation error codes, braintree_node `validation_error_codes.js`). */
const NONCE_CONSUMED = '91564'; // Cannot use a payment_method_nonce more than once.
const NONCE_UNKNOWN = '91565'; // Unknown or expired payment_method_nonce.

/** Transaction statuses whose money can still be voided (Braintree "Transaction statuses"). */
const VOIDABLE = new Set(['authorized', 'submitted_for_settlement', 'settlement_pending', 'authorizing']);
/** Statuses that need a refund instead. */
const REFUNDABLE = new Set(['settled', 'settling', 'settlement_confirmed']);
/** Statuses that hold no money. */
const NO_MONEY = new Set(['voided', 'processor_declined', 'gateway_rejected', 'failed', 'settlement_declined']);

/** Maps a Braintree transaction (from sale, find or search) to a {@link ChargeResult}. */
export function mapBraintreeTransaction(t: BtTransaction): FoundTransaction {
  if (t.status === 'processor_declined' || t.status === 'settlement_declined') {
    return {
      outcome: 'processor_declined',
      transactionId: t.id,
      paymentMethod: paymentMethodSummary(t),
      processorResponseCode: t.processorResponseCode ?? '',
      processorResponseText: t.processorResponseText ?? '',
    };
  }
  if (NO_MONEY.has(t.status)) {
    return {
      outcome: 'gateway_rejected',
      transactionId: t.id,
      paymentMethod: paymentMethodSummary(t),
      gatewayRejectionReason: t.gatewayRejectionReason ?? t.status,
      ...(t.processorResponseCode ? { processorResponseCode: t.processorResponseCode } : {}),
      ...(t.processorResponseText ? { processorResponseText: t.processorResponseText } : {}),
    };
  }
  return {
    outcome: 'approved',
    transactionId: t.id,
    status: t.status,
    paymentMethod: paymentMethodSummary(t),
    processorResponseCode: t.processorResponseCode ?? '1000',
    processorResponseText: t.processorResponseText ?? 'Approved',
    ...(t.amount ? { amount: t.amount } : {}),
  };
}

/** Maps a failed SDK result (validation errors, declined or rejected sale) to a refusal. */
export function mapBraintreeFailure(result: BtResult): Exclude<ChargeResult, { outcome: 'approved' }> {
  if (result.transaction)
    return mapBraintreeTransaction(result.transaction) as Exclude<ChargeResult, { outcome: 'approved' }>;
  const errors = result.errors?.deepErrors() ?? [];
  const nonce = errors.find((e) => e.code === NONCE_CONSUMED || e.code === NONCE_UNKNOWN);
  if (nonce) {
    return {
      outcome: 'payment_method_invalid',
      reason: nonce.code === NONCE_CONSUMED ? 'consumed' : 'unknown',
      processorResponseCode: nonce.code,
      processorResponseText: nonce.message,
    };
  }
  const first = errors[0];
  return {
    outcome: 'gateway_rejected',
    gatewayRejectionReason: first ? `validation:${first.code}` : (result.message ?? 'rejected'),
    ...(first ? { processorResponseCode: first.code, processorResponseText: first.message } : {}),
  };
}

function isNotFound(e: unknown): boolean {
  return (
    (e as { type?: string; name?: string } | null)?.type === 'notFoundError' || (e as Error)?.name === 'notFoundError'
  );
}

/** SDK error types (braintree_node `error_types.js`) for answers that carried nothing out. */
const NOT_CARRIED_OUT = new Set([
  'serviceUnavailableError',
  'tooManyRequestsError',
  'authenticationError',
  'authorizationError',
  'upgradeRequired',
]);

/** An SDK exception as {@link GatewayUnavailableError}: the outcome is unknown unless the gateway said it did nothing. */
function unavailable(e: unknown): GatewayUnavailableError {
  const err = e as { name?: string; type?: string; message?: string };
  return new GatewayUnavailableError(`braintree: ${err.name}: ${err.message}`, {
    cause: e,
    maybeInFlight: !NOT_CARRIED_OUT.has(err.type ?? ''),
  });
}

async function guarded<T>(p: () => Promise<T>): Promise<T> {
  try {
    return await p();
  } catch (e) {
    // The SDK throws for network failures, timeouts and 5xx (braintree.errors.*).
    throw unavailable(e);
  }
}

/**
 * The `braintree` {@link PaymentGateway}: the real SDK's gateway (or a fake of {@link BraintreeLike}) with one
 * merchant account per currency. Sets `gw.config.timeout` to `timeoutMs`, so a charge ends within
 * {@link PaymentGateway.maxChargeMs} = 2 × `timeoutMs`.
 * @throws Error at construction when `merchantAccounts` is empty.
 */
export function createBraintreeGateway(gw: BraintreeLike, opts: BraintreeDriverOptions): PaymentGateway {
  if (Object.keys(opts.merchantAccounts).length === 0) throw new Error('braintree: no merchant account configured');
  gw.config.timeout = opts.timeoutMs;

  async function reverse(transactionId: string): Promise<'voided' | 'refunded' | 'already'> {
    const t = await guarded(() => gw.transaction.find(transactionId));
    if (NO_MONEY.has(t.status) || t.status === 'refunded') return 'already';
    const refund = REFUNDABLE.has(t.status);
    if (!refund && !VOIDABLE.has(t.status)) throw new GatewayUnavailableError(`braintree: cannot reverse ${t.status}`);
    const r = await guarded(() => (refund ? gw.transaction.refund(transactionId) : gw.transaction.void(transactionId)));
    if (r.success) return refund ? 'refunded' : 'voided';
    const codes = (r.errors?.deepErrors() ?? []).map((e) => e.code);
    // 91504 "Transaction can only be voided if status is authorized…", 91512 "already been completely refunded":
    // another process reversed it first.
    if (codes.includes('91504') || codes.includes('91512')) return 'already';
    throw new GatewayUnavailableError(`braintree: reverse ${transactionId} failed: ${codes.join(',') || r.message}`);
  }

  return {
    name: 'braintree',
    maxChargeMs: 2 * opts.timeoutMs,
    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const merchantAccountId = opts.merchantAccounts[req.currencyCode];
      if (!merchantAccountId) {
        return { outcome: 'gateway_rejected', gatewayRejectionReason: `no merchant account for ${req.currencyCode}` };
      }
      let nonce: BtPaymentMethodNonce;
      try {
        nonce = await gw.paymentMethodNonce.find(req.paymentMethodNonce);
      } catch (e) {
        if (isNotFound(e)) return { outcome: 'payment_method_invalid', reason: 'unknown' };
        throw unavailable(e);
      }
      const isCard = nonce.type === 'CreditCard';
      if (isCard) {
        const tds = nonce.threeDSecureInfo;
        if (!tds) {
          return {
            outcome: 'gateway_rejected',
            gatewayRejectionReason: 'three_d_secure',
            processorResponseText: 'The card was not authenticated with 3D Secure.',
          };
        }
        if (tds.liabilityShiftPossible && !tds.liabilityShifted) {
          return {
            outcome: 'gateway_rejected',
            gatewayRejectionReason: 'three_d_secure',
            processorResponseText: tds.status ?? 'authentication failed',
          };
        }
      }
      const sale = await guarded(() =>
        gw.transaction.sale({
          amount: req.amount,
          orderId: req.orderId,
          merchantAccountId,
          paymentMethodNonce: req.paymentMethodNonce,
          ...(req.deviceData ? { deviceData: req.deviceData } : {}),
          customer: { firstName: req.customer.firstName, lastName: req.customer.lastName, email: req.customer.email },
          billing: {
            firstName: req.customer.firstName,
            lastName: req.customer.lastName,
            ...req.billingAddress,
          },
          options: { submitForSettlement: true, ...(isCard ? { threeDSecure: { required: true } } : {}) },
        }),
      );
      if (!sale.success || !sale.transaction) return mapBraintreeFailure(sale);
      const t = sale.transaction;
      if (t.currencyIsoCode && t.currencyIsoCode !== req.currencyCode) {
        // The merchant account settles another currency than the one priced: give the money back, refuse.
        await reverse(t.id);
        return {
          outcome: 'gateway_rejected',
          transactionId: t.id,
          gatewayRejectionReason: `currency_mismatch:${t.currencyIsoCode}`,
        };
      }
      return mapBraintreeTransaction(t);
    },
    async findByOrderId(orderId: string) {
      const found = await guarded(async () => {
        const list: BtTransaction[] = [];
        for await (const t of gw.transaction.search((s) => s.orderId().is(orderId))) list.push(t);
        return list;
      });
      return found.map(mapBraintreeTransaction);
    },
    reverse,
    async clientAuthorization(currency = 'USD') {
      const merchantAccountId = opts.merchantAccounts[currency];
      if (!merchantAccountId) throw new GatewayUnavailableError(`braintree: no merchant account for ${currency}`);
      const res = await guarded(() => gw.clientToken.generate({ merchantAccountId }));
      if (!res.success || !res.clientToken)
        throw new GatewayUnavailableError(`braintree: client token refused: ${res.message ?? ''}`);
      return res.clientToken;
    },
  };
}
