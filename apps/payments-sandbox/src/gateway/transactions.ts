/**
 * A sale's rules and what follows it: `void`, `refund`, `testing.settle` / `settlementDecline` (braintree_node
 * lib/braintree/transaction_gateway.js, testing_gateway.js) with Braintree's documented sandbox behaviour: the test
 * amounts (cards.ts `outcomeForAmount`), `options.threeDSecure.required`, duplicate checking, void/refund status
 * rules. `transaction.sale` itself is sale.ts, the charge both APIs make charge.ts.
 */
import {
  APPROVED,
  AUTHENTICATION_REQUIRED_CODE,
  THREE_D_SECURE_CARDS,
  gatewayRejected,
  outcomeForAmount,
  processorDeclined,
  type StoredCard,
  type TransactionOutcome,
} from '../cards.js';
import { isSuccessful, randomId, type SandboxStore, type ThreeDSecureInfo, type Transaction } from '../store.js';
import { ERRORS, gatewayError, type GatewayError } from './errors.js';

export type SaleResult = { errors: GatewayError[] } | { transaction: Transaction };

const T = ['transaction'];

/** Parses Braintree's decimal amount; undefined when not a decimal with at most two places. */
export function parseAmount(amount: string | number): { minor: number; text: string } | undefined {
  const text = String(amount);
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return { minor, text: `${whole}.${fraction.padEnd(2, '0')}` };
}

/** Braintree's `paymentInstrumentType` for a stored instrument (payment_instrument_types.js). */
export function instrumentType(card: StoredCard): string {
  return {
    CreditCard: 'credit_card',
    VenmoAccount: 'venmo_account',
    PayPalAccount: 'paypal_account',
    ApplePayCard: 'apple_pay_card',
  }[card.kind];
}

/** 3D Secure statuses that count as a failed authentication (Braintree "3DS status codes"). */
const FAILED_AUTHENTICATION: ReadonlySet<string> = new Set([
  'authenticate_failed',
  'authenticate_frictionless_failed',
  'authenticate_rejected',
  'authenticate_signature_verification_failed',
  'challenge_required',
]);

/**
 * Whether 3D Secure lets the sale through. `required: true` demands a successful verification (Braintree GraphQL
 * `ThreeDSecureAuthenticationInput.required`: "require 3D Secure verification to succeed before creating a
 * transaction"): only a liability-shifted result passes (authenticate_successful, authenticate_attempt_successful);
 * no 3DS at all, lookup_not_enrolled, authentication_unavailable… are rejected. Unset, it "defaults to true for
 * transactions sent through 3D Secure verification": a failed authentication is rejected, other results pass.
 */
export function threeDSecurePasses(info: ThreeDSecureInfo | undefined, required: boolean | undefined): boolean {
  if (required === true) return info?.liabilityShifted === true;
  if (required === undefined && info) return !FAILED_AUTHENTICATION.has(info.status);
  return true;
}

/**
 * A sale's outcome before settlement options, in the gateway's order: the card's forced outcome or the amount's
 * (Braintree's test amounts), then 3D Secure ({@link threeDSecurePasses}: `gateway_rejected` `three_d_secure`, nothing
 * charged), then the issuer of the sandbox's authentication-required card (cards.ts `THREE_D_SECURE_CARDS`), which
 * soft-declines with 2099 "Cardholder Authentication Required" unless the nonce was authenticated through a challenge
 * or the sale is exempt from authentication (`scaExempt`: a merchant-initiated sale on stored credentials or a mail /
 * telephone order, Braintree "Recurring transactions": the cardholder is not there to authenticate).
 */
export function saleOutcome(
  card: StoredCard,
  amountMinor: number,
  info: ThreeDSecureInfo | undefined,
  required: boolean | undefined,
  scaExempt = false,
): TransactionOutcome {
  const outcome = card.forced ?? outcomeForAmount(amountMinor);
  if (card.kind !== 'CreditCard' || outcome.status === 'gateway_rejected') return outcome;
  if (!threeDSecurePasses(info, required)) return gatewayRejected('three_d_secure');
  if (
    outcome === APPROVED &&
    !scaExempt &&
    card.threeDSecureCard === THREE_D_SECURE_CARDS.authenticationRequired &&
    info?.liabilityShifted !== true
  )
    return processorDeclined(AUTHENTICATION_REQUIRED_CODE);
  return outcome;
}

/**
 * What identifies a payment instrument to the duplicate check. The sandbox keeps no full card number, so a card is its
 * brand, BIN, last four and expiry (two cards alike in these count as one: stricter than Braintree, never friendlier);
 * a PayPal account its payer email, a Venmo account its username.
 */
function instrumentIdentity(card: StoredCard): string {
  if (card.kind === 'PayPalAccount') return `paypal:${card.email ?? ''}`;
  if (card.kind === 'VenmoAccount') return `venmo:${card.username ?? ''}`;
  return [card.kind, card.cardType, card.bin, card.lastFour, card.expirationMonth, card.expirationYear].join(':');
}

/**
 * Braintree's duplicate transaction checking (store.ts `Simulation.duplicateCheck`, off by default): the successful
 * sale a new sale repeats — same instrument, amount, merchant account and currency, made within the window — or
 * undefined. A repeated sale is `gateway_rejected` with braintree_node transaction.js `GatewayRejectionReason.Duplicate`.
 */
export function duplicateOf(
  store: SandboxStore,
  sale: { card: StoredCard; amount: string; merchantAccountId: string; currencyCode: string },
): Transaction | undefined {
  const check = store.simulation.duplicateCheck;
  if (!check) return undefined;
  const since = Date.parse(store.nowIso()) - check.windowMs;
  const identity = instrumentIdentity(sale.card);
  return store
    .allTransactions()
    .find(
      (t) =>
        t.type === 'sale' &&
        isSuccessful(t) &&
        Date.parse(t.createdAt) >= since &&
        t.amount === sale.amount &&
        t.merchantAccountId === sale.merchantAccountId &&
        t.currencyCode === sale.currencyCode &&
        instrumentIdentity(t.instrument) === identity,
    );
}

/**
 * `options.threeDSecure.required` as the sandbox server API sets it itself (docs/PAYMENTS.md "3D Secure policy", the rule
 * join-api's braintree driver applies with Braintree): `true` for a card nonce that never went through the 3DS lookup
 * (refused) or whose lookup made a liability shift possible; `undefined` (Braintree's default: a failed
 * authentication is still rejected) where it could not shift (not enrolled, authentication unavailable, lookup error)
 * — the merchant keeps the liability — and for wallets.
 */
export function serverApiThreeDSecureRequired(card: StoredCard, info: ThreeDSecureInfo | undefined): true | undefined {
  if (card.kind !== 'CreditCard') return undefined;
  return !info || info.liabilityShiftPossible ? true : undefined;
}

/** Sales Braintree lets `transaction.void` cancel (91504 otherwise). */
export const VOIDABLE: ReadonlySet<string> = new Set(['authorized', 'submitted_for_settlement']);

/** `transaction.void` (PUT /transactions/{id}/void). */
export function voidTransaction(store: SandboxStore, transaction: Transaction): SaleResult {
  if (!VOIDABLE.has(transaction.status)) return { errors: [gatewayError(T, 'base', ERRORS.cannotBeVoided)] };
  store.setStatus(transaction, 'voided');
  return { transaction };
}

/** `testing.settle` (PUT /transactions/{id}/settle): submitted_for_settlement → settled (91575 otherwise). */
export function settleTransaction(store: SandboxStore, transaction: Transaction): SaleResult {
  if (transaction.status !== 'submitted_for_settlement' && transaction.status !== 'settling')
    return { errors: [gatewayError(T, 'base', ERRORS.cannotSimulateSettlement)] };
  store.setStatus(transaction, 'settled');
  return { transaction };
}

/** Sales Braintree's `testing.settlementDecline` can decline (testing_gateway.js; 91575 otherwise). */
const DECLINABLE: ReadonlySet<string> = new Set(['submitted_for_settlement', 'settling', 'settlement_pending']);

/**
 * `testing.settlementDecline` (PUT /transactions/{id}/settlement_decline): a sale submitted for settlement, settling
 * or settlement_pending becomes `settlement_declined` (91575 otherwise).
 */
export function declineSettlement(store: SandboxStore, transaction: Transaction): SaleResult {
  if (transaction.type !== 'sale' || !DECLINABLE.has(transaction.status))
    return { errors: [gatewayError(T, 'base', ERRORS.cannotSimulateSettlement)] };
  store.setStatus(transaction, 'settlement_declined');
  return { transaction };
}

/**
 * `transaction.refund` (POST /transactions/{id}/refund, optional `amount`): only a settled or settling sale
 * (91506), not beyond what is left (91512 / 91521). The refund is a new `credit` transaction with the sale's
 * orderId, customer and merchant account, `submitted_for_settlement`.
 */
export function refundTransaction(store: SandboxStore, original: Transaction, amountParam: unknown): SaleResult {
  if (original.type !== 'sale' || (original.status !== 'settled' && original.status !== 'settling'))
    return { errors: [gatewayError(T, 'base', ERRORS.cannotRefundUnlessSettled)] };
  const total = parseAmount(original.amount)?.minor ?? 0;
  const refunded = original.refundIds
    .map((id) => store.getTransaction(id))
    .reduce((sum, t) => sum + (t ? (parseAmount(t.amount)?.minor ?? 0) : 0), 0);
  if (refunded >= total) return { errors: [gatewayError(T, 'base', ERRORS.alreadyRefunded)] };
  let minor = total - refunded;
  if (amountParam !== undefined && amountParam !== null) {
    const parsed =
      typeof amountParam === 'string' || typeof amountParam === 'number' ? parseAmount(amountParam) : undefined;
    if (!parsed) return { errors: [gatewayError(T, 'amount', ERRORS.amountInvalid)] };
    if (parsed.minor > total - refunded) return { errors: [gatewayError(T, 'amount', ERRORS.refundTooLarge)] };
    minor = parsed.minor;
  }
  const text = `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
  const now = store.nowIso();
  const refund: Transaction = {
    ...original,
    id: randomId(8),
    type: 'credit',
    amount: text,
    status: 'submitted_for_settlement',
    processorResponseCode: '1002',
    processorResponseText: 'Processed',
    gatewayRejectionReason: undefined,
    refundedTransactionId: original.id,
    refundIds: [],
    disputes: [],
    statusHistory: [{ status: 'submitted_for_settlement', timestamp: now, amount: text }],
    createdAt: now,
    updatedAt: now,
  };
  store.addTransaction(refund);
  original.refundIds.push(refund.id);
  return { transaction: refund };
}
