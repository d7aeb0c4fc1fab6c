import { DeadlineExceededError, withDeadline } from './deadline.js';
import {
  GatewayUnavailableError,
  duplicateInDoubt,
  isDuplicateRejection,
  saleMoneyState,
  paymentMethodSummary,
  type ChargeRequest,
  type ChargeResult,
  type FoundTransaction,
  type PaymentGateway,
} from './types.js';
import { threeDSecurePolicy } from './three-d-secure.js';
import { braintreeChangedSales, braintreeSaleMoney, isNotFound, type Guarded } from './braintree-money.js';
import type { BraintreeLike, BtPaymentMethodNonce, BtResult, BtTransaction } from './braintree-sdk.js';
import {
  braintreeDeleteCustomer,
  braintreeSavePaymentMethod,
  recurringSaleRequest,
  vaultedFromSale,
} from './braintree-vault.js';

/*
 * The `braintree` driver (npm braintree 3.40, server SDK). Only the shapes used are typed here, so both the real
 * SDK (against Braintree or apps/payments-sandbox's gateway API) and an in-process fake drive it.
 *
 * A charge is two gateway calls, each bounded by the SDK's `gateway.config.timeout`:
 * 1. `paymentMethodNonce.find` — what the nonce is. A card nonce must have gone through the 3D Secure lookup
 *    (`threeDSecureInfo`); one without it, or whose authentication failed, is refused before any charge
 *    (three-d-secure.ts `threeDSecurePolicy`, docs/PAYMENTS.md "3D Secure policy").
 * 2. `transaction.sale` with the nonce itself (a 3DS-upgraded card nonce keeps its authentication only when it is
 *    sold directly: Braintree "Applying 3DS to Transactions and Verifications" — vaulting it first loses it), in the
 *    merchant account of the order's currency, `options.threeDSecure.required: true` for a card whose lookup made a
 *    liability shift possible (the gateway rejects with `three_d_secure` what did not authenticate; Braintree fails
 *    `required` whenever liability cannot shift, so a card that is not enrolled, or whose lookup found authentication
 *    unavailable, is sold without it and the merchant keeps the liability: `threeDSecure` in the result says so),
 *    `submitForSettlement`, `orderId` and the parent's `customer.email` (support and reconciliation search by either);
 *    wallet nonces (PayPal one-time, Venmo single-use, Apple Pay) are sold directly, never vaulted (so never 82902).
 * `orderId` is not an idempotency handle (Braintree never deduplicates on it): orders.ts holds a lease instead.
 */

export type {
  BtCreditCard,
  BtTransaction,
  BtError,
  BtResult,
  BtThreeDSecureInfo,
  BtPaymentMethodNonce,
  BraintreeLike,
} from './braintree-sdk.js';

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

/**
 * Transaction statuses whose money can be voided (Braintree "Void": authorized or submitted_for_settlement, and
 * settlement_pending for PayPal; an `authorizing` sale cannot be voided yet — it is in doubt).
 */
const VOIDABLE = new Set(['authorized', 'submitted_for_settlement', 'settlement_pending']);
/** Statuses that need a refund instead. */
const REFUNDABLE = new Set(['settled', 'settling', 'settlement_confirmed']);

/**
 * Maps a Braintree sale (from sale, find or search) to what it means for the order, by its status and refunds
 * ({@link saleMoneyState}): approved (money held), declined / rejected (none), or in doubt (`authorizing`).
 */
export function mapBraintreeTransaction(t: BtTransaction): FoundTransaction {
  const money = saleMoneyState(t);
  if (money === 'in_doubt') {
    return { outcome: 'in_doubt', transactionId: t.id, status: t.status, ...(t.amount ? { amount: t.amount } : {}) };
  }
  if (t.status === 'processor_declined' || t.status === 'settlement_declined') {
    return {
      outcome: 'processor_declined',
      transactionId: t.id,
      paymentMethod: paymentMethodSummary(t),
      processorResponseCode: t.processorResponseCode ?? '',
      processorResponseText: t.processorResponseText ?? '',
    };
  }
  if (money === 'none') {
    const refunded = (t.refundIds?.length ?? 0) > 0;
    return {
      outcome: 'gateway_rejected',
      transactionId: t.id,
      paymentMethod: paymentMethodSummary(t),
      gatewayRejectionReason: refunded ? 'refunded' : (t.gatewayRejectionReason ?? t.status),
      ...(t.processorResponseCode ? { processorResponseCode: t.processorResponseCode } : {}),
      ...(t.processorResponseText ? { processorResponseText: t.processorResponseText } : {}),
    };
  }
  const paymentMethod = paymentMethodSummary(t);
  // a sale that saved its method names the token and customer, also when found by search after a lost answer
  const vaulted = vaultedFromSale(t, paymentMethod);
  return {
    outcome: 'approved',
    transactionId: t.id,
    status: t.status,
    paymentMethod,
    processorResponseCode: t.processorResponseCode ?? '1000',
    processorResponseText: t.processorResponseText ?? 'Approved',
    ...(t.amount ? { amount: t.amount } : {}),
    ...(vaulted ? { vaulted } : {}),
  };
}

/**
 * Maps a failed SDK result (validation errors, declined or rejected sale) to a refusal.
 * @throws GatewayUnavailableError for a sale still `authorizing` or rejected as a duplicate ({@link isDuplicateRejection})
 */
export function mapBraintreeFailure(result: BtResult): Exclude<ChargeResult, { outcome: 'approved' }> {
  if (result.transaction) {
    const mapped = mapBraintreeTransaction(result.transaction);
    if (mapped.outcome === 'in_doubt') throw new GatewayUnavailableError(`braintree: sale ${mapped.status}`);
    if (isDuplicateRejection(mapped)) throw duplicateInDoubt('braintree', mapped.transactionId);
    return mapped as Exclude<ChargeResult, { outcome: 'approved' }>;
  }
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
  if (e instanceof GatewayUnavailableError) return e;
  if (e instanceof DeadlineExceededError) return new GatewayUnavailableError(`braintree: ${e.message}`, { cause: e });
  const err = e as { name?: string; type?: string; message?: string };
  return new GatewayUnavailableError(`braintree: ${err.name}: ${err.message}`, {
    cause: e,
    maybeInFlight: !NOT_CARRIED_OUT.has(err.type ?? ''),
  });
}

/**
 * The Braintree `transaction.sale` request of a charge: the nonce, amount and order id on the currency's merchant
 * account, submitted for settlement, with 3D Secure `required` when the policy asks for it (docs/PAYMENTS.md).
 */
function saleRequest(
  req: ChargeRequest,
  merchantAccountId: string,
  policy: ReturnType<typeof threeDSecurePolicy> | undefined,
): Parameters<BraintreeLike['transaction']['sale']>[0] {
  return {
    amount: req.amount,
    orderId: req.orderId,
    merchantAccountId,
    paymentMethodNonce: req.paymentMethodNonce,
    ...(req.deviceData ? { deviceData: req.deviceData } : {}),
    // docs/RENEWAL.md: a sale that saves its method files it under the parent's vault customer when they have one
    ...(req.vault?.customerId
      ? { customerId: req.vault.customerId }
      : {
          customer: { firstName: req.customer.firstName, lastName: req.customer.lastName, email: req.customer.email },
        }),
    billing: {
      firstName: req.customer.firstName,
      lastName: req.customer.lastName,
      ...req.billingAddress,
    },
    options: {
      submitForSettlement: true,
      ...(req.vault ? { storeInVaultOnSuccess: true } : {}),
      ...(policy?.decision === 'require' ? { threeDSecure: { required: true } } : {}),
    },
  };
}

/** Every transaction Braintree's search finds for `orderId` of type sale (findByOrderId keeps the sales only). */
async function searchSales(gw: BraintreeLike, orderId: string): Promise<BtTransaction[]> {
  const list: BtTransaction[] = [];
  const search = gw.transaction.search((s) => {
    s.orderId().is(orderId);
    s.type().is('sale');
  });
  for await (const t of search) list.push(t);
  return list;
}

/** Gives an approved sale's money back (void, or refund once settled); 'already' when another process did. */
async function reverseSale(
  gw: BraintreeLike,
  guarded: Guarded,
  transactionId: string,
): Promise<'voided' | 'refunded' | 'already'> {
  const t = await guarded(() => gw.transaction.find(transactionId));
  const money = saleMoneyState(t);
  if (money === 'none') return 'already';
  if (money === 'in_doubt') throw new GatewayUnavailableError(`braintree: cannot reverse ${t.status} yet`);
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

/**
 * A sale's answer as the order's outcome: a refusal as {@link mapBraintreeFailure} maps it; a sale the merchant
 * account settled in another currency than priced is given back and refused; an `authorizing` one is in doubt.
 */
async function outcomeOfSale(
  sale: BtResult,
  currencyCode: string,
  reverse: (transactionId: string) => Promise<unknown>,
): Promise<ChargeResult> {
  if (!sale.success || !sale.transaction) return mapBraintreeFailure(sale);
  const t = sale.transaction;
  if (t.currencyIsoCode && t.currencyIsoCode !== currencyCode) {
    // The merchant account settles another currency than the one priced: give the money back, refuse.
    await reverse(t.id);
    return {
      outcome: 'gateway_rejected',
      transactionId: t.id,
      gatewayRejectionReason: `currency_mismatch:${t.currencyIsoCode}`,
    };
  }
  const mapped = mapBraintreeTransaction(t);
  // a sale still `authorizing` has not decided the money: in doubt, resolved later by its order id
  if (mapped.outcome === 'in_doubt') throw new GatewayUnavailableError(`braintree: sale ${t.id} ${t.status}`);
  return mapped;
}

/**
 * The `braintree` {@link PaymentGateway}: the real SDK's gateway (or a fake of {@link BraintreeLike}) with one
 * merchant account per currency. Every SDK call runs under one deadline of `timeoutMs`, connect included
 * ({@link withDeadline}; the real SDK needs `customHttpAgent: deadlineAgent(ssl)` for its sockets to be cut), so a
 * charge (two calls) ends within {@link PaymentGateway.maxChargeMs} = 2 × `timeoutMs`. The SDK's own idle timer
 * (`gw.config.timeout`) is set to the same value. braintree 3.40's `transaction.sale` offers no request
 * idempotency key (no such option in braintree_node's transaction_gateway.js): the order's lease and our
 * Idempotency-Key stay the only guards.
 * @throws Error at construction when `merchantAccounts` is empty.
 */
export function createBraintreeGateway(gw: BraintreeLike, opts: BraintreeDriverOptions): PaymentGateway {
  if (Object.keys(opts.merchantAccounts).length === 0) throw new Error('braintree: no merchant account configured');
  gw.config.timeout = opts.timeoutMs;

  /** One SDK call under its deadline; any SDK exception (network, timeout, 5xx) becomes in doubt or not carried out. */
  async function guarded<T>(p: () => Promise<T>): Promise<T> {
    try {
      return await withDeadline(opts.timeoutMs, p);
    } catch (e) {
      throw unavailable(e);
    }
  }

  const reverse = (transactionId: string) => reverseSale(gw, guarded, transactionId);
  const saleOutcome = (sale: BtResult, currencyCode: string) => outcomeOfSale(sale, currencyCode, reverse);

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
        nonce = await withDeadline(opts.timeoutMs, () => gw.paymentMethodNonce.find(req.paymentMethodNonce));
      } catch (e) {
        if (isNotFound(e)) return { outcome: 'payment_method_invalid', reason: 'unknown' };
        throw unavailable(e);
      }
      const isCard = nonce.type === 'CreditCard';
      // docs/PAYMENTS.md "3D Secure policy": `required` only where the lookup made a liability shift possible
      const policy = isCard ? threeDSecurePolicy(nonce.threeDSecureInfo) : undefined;
      if (policy?.decision === 'refuse') {
        return {
          outcome: 'gateway_rejected',
          gatewayRejectionReason: 'three_d_secure',
          processorResponseText: policy.reason,
        };
      }
      const sale = await guarded(() => gw.transaction.sale(saleRequest(req, merchantAccountId, policy)));
      const mapped = await saleOutcome(sale, req.currencyCode);
      if (mapped.outcome !== 'approved') return mapped;
      return policy ? { ...mapped, threeDSecure: policy.summary } : mapped;
    },
    async chargeVaulted(req) {
      const merchantAccountId = opts.merchantAccounts[req.currencyCode];
      if (!merchantAccountId) {
        return { outcome: 'gateway_rejected', gatewayRejectionReason: `no merchant account for ${req.currencyCode}` };
      }
      const sale = await guarded(() => gw.transaction.sale(recurringSaleRequest(req, merchantAccountId)));
      return saleOutcome(sale, req.currencyCode);
    },
    async savePaymentMethod(req) {
      const currency = req.currencyCode ?? 'USD';
      const merchantAccountId = opts.merchantAccounts[currency] ?? Object.values(opts.merchantAccounts)[0]!;
      return braintreeSavePaymentMethod(gw, guarded, { ...req, merchantAccountId });
    },
    deleteCustomer: (customerId) => braintreeDeleteCustomer(gw, guarded, customerId),
    async findByOrderId(orderId: string) {
      // Sales only: a refund is a `credit` transaction carrying the same orderId, never an approval.
      const found = await guarded(() => searchSales(gw, orderId));
      return found.filter((t) => (t.type ?? 'sale') === 'sale').map(mapBraintreeTransaction);
    },
    reverse,
    saleMoney: (transactionId) => braintreeSaleMoney(gw, guarded, transactionId),
    changedSales: (since, until) => braintreeChangedSales(gw, guarded, since, until),
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
