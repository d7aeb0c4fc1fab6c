/**
 * `transaction.sale`, `void`, `refund` and `testing.settle` (braintree_node lib/braintree/transaction_gateway.js,
 * testing_gateway.js) with Braintree's documented sandbox behaviour: single-use nonces (91564 / 91565), no orderId
 * deduplication, the merchant account's currency, `options.threeDSecure.required`, one-time PayPal / single-use Venmo
 * accounts not vaultable, Braintree's test amounts (cards.ts `outcomeForAmount`).
 */
import { z } from 'zod';
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
import {
  isSuccessful,
  randomId,
  type Customer,
  type SandboxStore,
  type ThreeDSecureInfo,
  type Transaction,
} from '../store.js';
import { ERRORS, gatewayError, type GatewayError } from './errors.js';
import { DEFAULT_MERCHANT_ACCOUNT, MERCHANT_ACCOUNTS, isMerchantAccount } from './merchant.js';
import { consumeNonce, resolveNonce, vaultRefusal } from './nonces.js';

const Text = z.string().max(10_000);

/** The camelCased body of `POST /transactions` (`{ transaction: … }`); unknown keys pass (the SDK checks them). */
export const SaleRequest = z.object({
  transaction: z
    .object({
      type: z.string().optional(),
      amount: z.union([z.string(), z.number()]).optional(),
      paymentMethodNonce: Text.optional(),
      paymentMethodToken: Text.optional(),
      orderId: Text.optional(),
      merchantAccountId: Text.optional(),
      deviceData: Text.optional(),
      customerId: Text.optional(),
      threeDSecureAuthenticationId: Text.optional(),
      billing: z.record(z.string(), z.unknown()).optional(),
      customer: z
        .object({ email: Text.optional(), firstName: Text.optional(), lastName: Text.optional() })
        .passthrough()
        .optional(),
      options: z
        .object({
          submitForSettlement: z.boolean().optional(),
          storeInVaultOnSuccess: z.boolean().optional(),
          storeInVault: z.boolean().optional(),
          threeDSecure: z.object({ required: z.boolean().optional() }).passthrough().optional(),
        })
        .passthrough()
        .optional(),
    })
    .passthrough(),
});
export type SaleRequest = z.infer<typeof SaleRequest>['transaction'];

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
 * soft-declines with 2099 "Cardholder Authentication Required" unless the nonce was authenticated through a challenge.
 */
export function saleOutcome(
  card: StoredCard,
  amountMinor: number,
  info: ThreeDSecureInfo | undefined,
  required: boolean | undefined,
): TransactionOutcome {
  const outcome = card.forced ?? outcomeForAmount(amountMinor);
  if (card.kind !== 'CreditCard' || outcome.status === 'gateway_rejected') return outcome;
  if (!threeDSecurePasses(info, required)) return gatewayRejected('three_d_secure');
  if (
    outcome === APPROVED &&
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
 * `options.threeDSecure.required` as the sandbox server API sets it itself (DESIGN.md §5 "3D Secure policy", the rule
 * join-api's braintree driver applies with Braintree): `true` for a card nonce that never went through the 3DS lookup
 * (refused) or whose lookup made a liability shift possible; `undefined` (Braintree's default: a failed
 * authentication is still rejected) where it could not shift (not enrolled, authentication unavailable, lookup error)
 * — the merchant keeps the liability — and for wallets.
 */
export function serverApiThreeDSecureRequired(card: StoredCard, info: ThreeDSecureInfo | undefined): true | undefined {
  if (card.kind !== 'CreditCard') return undefined;
  return !info || info.liabilityShiftPossible ? true : undefined;
}

function vaultErrors(card: StoredCard, path: readonly string[]): GatewayError[] {
  const refusal = vaultRefusal(card);
  if (refusal === 'paypal') return [gatewayError([...path, 'paypalAccount'], 'base', ERRORS.cannotVaultOneTimePayPal)];
  if (refusal === 'venmo') return [gatewayError([...path, 'venmoAccount'], 'base', ERRORS.cannotVaultSingleUseVenmo)];
  return [];
}

function newCustomer(store: SandboxStore, details: Partial<Customer> = {}): Customer {
  const customer: Customer = {
    id: details.id ?? String(Math.floor(10_000_000 + Math.random() * 89_999_999)),
    email: details.email,
    firstName: details.firstName,
    lastName: details.lastName,
    paymentMethodTokens: [],
    createdAt: store.nowIso(),
  };
  store.addCustomer(customer);
  return customer;
}

const TOO_LONG = {
  streetAddress: ['street_address', ERRORS.streetAddressTooLong],
  extendedAddress: ['extended_address', ERRORS.extendedAddressTooLong],
  locality: ['locality', ERRORS.localityTooLong],
  region: ['region', ERRORS.regionTooLong],
} as const;

/**
 * The `billing` address of a sale as Braintree validates it (Braintree "Validation errors", Address): every field is
 * optional — a transaction's billing address may be blank, with or without `extendedAddress` or `region` — but
 * street address, extended address, locality and region are at most 255 characters (81812, 81804, 81807, 81810) and a
 * postal code begins with a letter or digit, holds only letters, digits, spaces and hyphens (81813) and at most 9
 * letters or digits (81809).
 */
export function billingErrors(billing: Record<string, unknown> | undefined): GatewayError[] {
  if (!billing) return [];
  const path = [...T, 'billing'];
  const errors: GatewayError[] = [];
  for (const [key, [attribute, error]] of Object.entries(TOO_LONG)) {
    const value = billing[key];
    if (typeof value === 'string' && value.length > 255) errors.push(gatewayError(path, attribute, error));
  }
  const postalCode = billing.postalCode;
  if (typeof postalCode === 'string' && postalCode !== '') {
    if (!/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(postalCode))
      errors.push(gatewayError(path, 'postal_code', ERRORS.postalCodeInvalidCharacters));
    else if (postalCode.replace(/[^A-Za-z0-9]/g, '').length > 9)
      errors.push(gatewayError(path, 'postal_code', ERRORS.postalCodeTooLong));
  }
  return errors;
}

/** `transaction.sale`: validates like the gateway (nothing used up on a validation error), then charges. */
export function sale(store: SandboxStore, request: SaleRequest): SaleResult {
  const errors: GatewayError[] = [];
  if (request.type !== undefined && request.type !== 'sale')
    errors.push(gatewayError(T, 'type', { code: '91523', message: 'Transaction type is invalid.' }));
  const merchantAccountId = request.merchantAccountId ?? DEFAULT_MERCHANT_ACCOUNT;
  if (!isMerchantAccount(merchantAccountId))
    errors.push(gatewayError(T, 'merchant_account_id', ERRORS.merchantAccountInvalid));
  const amount = request.amount === undefined ? undefined : parseAmount(request.amount);
  if (request.amount === undefined) errors.push(gatewayError(T, 'amount', ERRORS.amountRequired));
  else if (!amount) errors.push(gatewayError(T, 'amount', ERRORS.amountInvalid));
  else if (amount.minor <= 0) errors.push(gatewayError(T, 'amount', ERRORS.amountNotPositive));
  if ((request.orderId ?? '').length > 255) errors.push(gatewayError(T, 'order_id', ERRORS.orderIdTooLong));
  errors.push(...billingErrors(request.billing));

  let card: StoredCard | undefined;
  let threeDSecureInfo: ThreeDSecureInfo | undefined;
  let paymentMethodToken = request.paymentMethodToken;
  const nonce = request.paymentMethodNonce;
  const resolved = nonce === undefined ? undefined : resolveNonce(store, nonce);
  if (resolved && !resolved.ok) {
    if (resolved.reason === 'unknown') errors.push(gatewayError(T, 'payment_method_nonce', ERRORS.nonceUnknown));
    else if (resolved.reason === 'consumed') errors.push(gatewayError(T, 'payment_method_nonce', ERRORS.nonceConsumed));
    else
      errors.push(
        gatewayError([...T, 'creditCard'], 'number', { code: '81715', message: 'Credit card number is invalid.' }),
      );
  } else if (resolved?.ok) {
    if (resolved.consumed) errors.push(gatewayError(T, 'payment_method_nonce', ERRORS.nonceConsumed));
    card = resolved.card;
    threeDSecureInfo = resolved.threeDSecureInfo;
    paymentMethodToken ??= resolved.paymentMethodToken;
  } else if (paymentMethodToken !== undefined) {
    const method = store.getPaymentMethod(paymentMethodToken);
    if (!method) errors.push(gatewayError(T, 'payment_method_token', ERRORS.tokenInvalid));
    else card = method.card;
  } else {
    errors.push(gatewayError(T, 'base', ERRORS.paymentMethodRequired));
  }
  if (request.threeDSecureAuthenticationId !== undefined) {
    const info = store.getAuthentication(request.threeDSecureAuthenticationId);
    if (!info)
      errors.push(gatewayError(T, 'three_d_secure_authentication_id', ERRORS.threeDSecureAuthenticationIdInvalid));
    else threeDSecureInfo = info;
  }
  const storeInVault = request.options?.storeInVaultOnSuccess === true || request.options?.storeInVault === true;
  if (card && storeInVault && !paymentMethodToken) errors.push(...vaultErrors(card, T));
  const customerRecord = request.customerId === undefined ? undefined : store.getCustomer(request.customerId);
  if (request.customerId !== undefined && !customerRecord)
    errors.push(gatewayError(T, 'customer_id', { code: '91510', message: 'Customer ID is invalid.' }));
  if (errors.length > 0 || !card || !amount) return { errors };

  if (nonce !== undefined && resolved) consumeNonce(store, nonce, resolved);
  const currencyCode = MERCHANT_ACCOUNTS[merchantAccountId] ?? 'USD';
  let outcome = duplicateOf(store, { card, amount: amount.text, merchantAccountId, currencyCode })
    ? gatewayRejected('duplicate')
    : saleOutcome(card, amount.minor, threeDSecureInfo, request.options?.threeDSecure?.required);
  if (outcome === APPROVED && request.options?.submitForSettlement)
    outcome = { ...APPROVED, status: 'submitted_for_settlement' };
  const success = outcome.status === 'authorized' || outcome.status === 'submitted_for_settlement';

  let customer = {
    id: customerRecord?.id,
    email: request.customer?.email ?? customerRecord?.email,
    firstName: request.customer?.firstName ?? customerRecord?.firstName,
    lastName: request.customer?.lastName ?? customerRecord?.lastName,
  };
  if (success && storeInVault && !paymentMethodToken) {
    const owner = customerRecord ?? newCustomer(store, customer);
    paymentMethodToken = store.vault(owner, card).token;
    customer = { ...customer, id: owner.id };
  }
  const now = store.nowIso();
  const transaction: Transaction = {
    id: randomId(8),
    type: 'sale',
    orderId: request.orderId ?? '',
    amount: amount.text,
    currencyCode,
    merchantAccountId,
    paymentMethodNonce: nonce,
    paymentMethodToken,
    paymentInstrumentType: instrumentType(card),
    instrument: card,
    ...outcome,
    creditCard: { cardType: card.cardType, last4: card.lastFour, bin: card.bin },
    threeDSecureInfo,
    customer,
    billing: request.billing
      ? Object.fromEntries(
          Object.entries(request.billing).filter(([, v]) => typeof v === 'string') as [string, string][],
        )
      : undefined,
    deviceDataCaptured: Boolean(request.deviceData),
    refundIds: [],
    disputes: [],
    statusHistory: [{ status: outcome.status, timestamp: now, amount: amount.text }],
    createdAt: now,
    updatedAt: now,
  };
  store.addTransaction(transaction);
  return { transaction };
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

/** The camelCased body of `POST /customers`. */
export const CustomerRequest = z.object({
  customer: z
    .object({
      id: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,36}$/)
        .optional(),
      email: Text.optional(),
      firstName: Text.optional(),
      lastName: Text.optional(),
      paymentMethodNonce: Text.optional(),
      creditCard: z
        .object({ options: z.object({ verifyCard: z.boolean().optional() }).passthrough().optional() })
        .passthrough()
        .optional(),
    })
    .passthrough(),
});

export type CustomerResult =
  { errors: GatewayError[] } | { customer: Customer } | { declined: TransactionOutcome; card: StoredCard };

const C = ['customer'];

/**
 * `customer.create` with an optional `paymentMethodNonce`: vaults the payment method and uses the nonce up (as a
 * verification does); a one-time PayPal or single-use Venmo account cannot be vaulted (82902 under
 * `customer.paypalAccount`, braintree_node customer_gateway_spec "does not vault a paypal account only authorized
 * for one-time use"). With `creditCard.options.verifyCard`, a card the processor declines is not vaulted and the
 * answer carries the failed verification.
 */
export function createCustomer(
  store: SandboxStore,
  request: z.infer<typeof CustomerRequest>['customer'],
): CustomerResult {
  const nonce = request.paymentMethodNonce;
  if (request.id !== undefined && store.getCustomer(request.id))
    return { errors: [gatewayError(C, 'id', { code: '91609', message: 'Customer ID has already been taken.' })] };
  if (nonce === undefined) return { customer: newCustomer(store, request) };
  const resolved = resolveNonce(store, nonce);
  if (!resolved.ok || resolved.consumed) {
    const consumed = resolved.ok || resolved.reason === 'consumed';
    if (!consumed) return { errors: [gatewayError(C, 'payment_method_nonce', ERRORS.paymentMethodNonceUnknown)] };
    const kind = resolved.ok ? resolved.card.kind : undefined;
    if (kind === 'CreditCard')
      return { errors: [gatewayError([...C, 'creditCard'], 'payment_method_nonce', ERRORS.cardNonceConsumed)] };
    if (kind === 'PayPalAccount')
      return { errors: [gatewayError([...C, 'paypalAccount'], 'payment_method_nonce', ERRORS.paypalNonceConsumed)] };
    return { errors: [gatewayError(C, 'payment_method_nonce', ERRORS.paymentMethodNonceConsumed)] };
  }
  const refusal = vaultErrors(resolved.card, C);
  if (refusal.length > 0) return { errors: refusal };
  consumeNonce(store, nonce, resolved);
  if (request.creditCard?.options?.verifyCard === true && resolved.card.kind === 'CreditCard') {
    const outcome = resolved.card.forced;
    if (outcome && outcome.status !== 'authorized') return { declined: outcome, card: resolved.card };
  }
  const customer = newCustomer(store, request);
  store.vault(customer, resolved.card);
  return { customer };
}
