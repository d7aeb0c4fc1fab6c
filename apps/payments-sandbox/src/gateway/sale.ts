/**
 * `transaction.sale` (braintree_node lib/braintree/transaction_gateway.js `sale`; Braintree "Transaction: Sale"):
 * validated as the gateway does — nothing used up on a validation error —, then charged (charge.ts). A sale names its
 * instrument by `paymentMethodNonce` (single-use, 91564 / 91565), `paymentMethodToken` (a vaulted payment method,
 * 91518 unknown) or `customerId` alone (the customer's default payment method); `storeInVaultOnSuccess` vaults the
 * instrument under `customerId` or a new customer (a one-time PayPal or single-use Venmo account is refused);
 * `transactionSource` (915133 unless one of Braintree's) marks a merchant-initiated sale on stored credentials
 * (Braintree "Recurring transactions": `recurring`, no 3D Secure). A token sale carries its customer's details.
 */
import { z } from 'zod';
import type { StoredCard } from '../cards.js';
import type { Customer, SandboxStore, ThreeDSecureInfo, TransactionCustomer } from '../store.js';
import { TRANSACTION_SOURCES, charge } from './charge.js';
import { ERRORS, gatewayError, type GatewayError } from './errors.js';
import { DEFAULT_MERCHANT_ACCOUNT, MERCHANT_ACCOUNTS, isMerchantAccount } from './merchant.js';
import { consumeNonce, resolveNonce, vaultErrors } from './nonces.js';
import { parseAmount, type SaleResult } from './transactions.js';

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
      transactionSource: Text.optional(),
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

const T = ['transaction'];

/** The request's own errors: type, merchant account, amount, order id, billing, transaction source. */
function requestErrors(request: SaleRequest): GatewayError[] {
  const errors: GatewayError[] = [];
  if (request.type !== undefined && request.type !== 'sale')
    errors.push(gatewayError(T, 'type', { code: '91523', message: 'Transaction type is invalid.' }));
  if (!isMerchantAccount(request.merchantAccountId ?? DEFAULT_MERCHANT_ACCOUNT))
    errors.push(gatewayError(T, 'merchant_account_id', ERRORS.merchantAccountInvalid));
  const amount = request.amount === undefined ? undefined : parseAmount(request.amount);
  if (request.amount === undefined) errors.push(gatewayError(T, 'amount', ERRORS.amountRequired));
  else if (!amount) errors.push(gatewayError(T, 'amount', ERRORS.amountInvalid));
  else if (amount.minor <= 0) errors.push(gatewayError(T, 'amount', ERRORS.amountNotPositive));
  if ((request.orderId ?? '').length > 255) errors.push(gatewayError(T, 'order_id', ERRORS.orderIdTooLong));
  if (request.transactionSource !== undefined && !TRANSACTION_SOURCES.has(request.transactionSource))
    errors.push(gatewayError(T, 'transaction_source', ERRORS.transactionSourceInvalid));
  errors.push(...billingErrors(request.billing));
  return errors;
}

interface Instrument {
  errors: GatewayError[];
  card?: StoredCard | undefined;
  threeDSecureInfo?: ThreeDSecureInfo | undefined;
  paymentMethodToken?: string | undefined;
  /** The nonce to use up once the sale is valid. */
  consume?: () => void;
}

/** What the sale charges: the nonce's instrument, the token's, or the customer's default payment method's. */
function instrumentOf(store: SandboxStore, request: SaleRequest, customer: Customer | undefined): Instrument {
  const nonce = request.paymentMethodNonce;
  if (nonce !== undefined) {
    const resolved = resolveNonce(store, nonce);
    if (!resolved.ok) {
      if (resolved.reason === 'unknown')
        return { errors: [gatewayError(T, 'payment_method_nonce', ERRORS.nonceUnknown)] };
      if (resolved.reason === 'consumed')
        return { errors: [gatewayError(T, 'payment_method_nonce', ERRORS.nonceConsumed)] };
      const invalid = { code: '81715', message: 'Credit card number is invalid.' };
      return { errors: [gatewayError([...T, 'creditCard'], 'number', invalid)] };
    }
    return {
      errors: resolved.consumed ? [gatewayError(T, 'payment_method_nonce', ERRORS.nonceConsumed)] : [],
      card: resolved.card,
      threeDSecureInfo: resolved.threeDSecureInfo,
      paymentMethodToken: request.paymentMethodToken ?? resolved.paymentMethodToken,
      consume: () => consumeNonce(store, nonce, resolved),
    };
  }
  const token = request.paymentMethodToken ?? customer?.paymentMethodTokens[0];
  const method = token === undefined ? undefined : store.vault.get(token);
  if (method) return { errors: [], card: method.card, paymentMethodToken: method.token };
  if (request.paymentMethodToken !== undefined)
    return { errors: [gatewayError(T, 'payment_method_token', ERRORS.tokenInvalid)] };
  return { errors: request.customerId === undefined ? [gatewayError(T, 'base', ERRORS.paymentMethodRequired)] : [] };
}

/** The sale's customer details: the request's, else the named customer's or the vaulted token's customer's. */
function customerOf(store: SandboxStore, request: SaleRequest, record: Customer | undefined, token?: string) {
  const owner = record ?? store.vault.getCustomer(store.vault.get(token ?? '')?.customerId ?? '');
  const customer: TransactionCustomer = {
    id: owner?.id,
    email: request.customer?.email ?? owner?.email,
    firstName: request.customer?.firstName ?? owner?.firstName,
    lastName: request.customer?.lastName ?? owner?.lastName,
  };
  return customer;
}

/** `transaction.sale`: validates like the gateway (nothing used up on a validation error), then charges. */
export function sale(store: SandboxStore, request: SaleRequest): SaleResult {
  const errors = requestErrors(request);
  const record = request.customerId === undefined ? undefined : store.vault.getCustomer(request.customerId);
  if (request.customerId !== undefined && !record)
    errors.push(gatewayError(T, 'customer_id', ERRORS.customerIdInvalid));
  const instrument = instrumentOf(store, request, record);
  errors.push(...instrument.errors);
  if (request.threeDSecureAuthenticationId !== undefined) {
    const info = store.getAuthentication(request.threeDSecureAuthenticationId);
    if (!info)
      errors.push(gatewayError(T, 'three_d_secure_authentication_id', ERRORS.threeDSecureAuthenticationIdInvalid));
    else instrument.threeDSecureInfo = info;
  }
  const storeInVault = request.options?.storeInVaultOnSuccess === true || request.options?.storeInVault === true;
  const { card, paymentMethodToken } = instrument;
  if (card && storeInVault && !paymentMethodToken) errors.push(...vaultErrors(card, T));
  const amount = request.amount === undefined ? undefined : parseAmount(request.amount);
  if (errors.length > 0 || !card || !amount)
    return { errors: errors.length > 0 ? errors : [gatewayError(T, 'base', ERRORS.paymentMethodRequired)] };

  instrument.consume?.();
  const merchantAccountId = request.merchantAccountId ?? DEFAULT_MERCHANT_ACCOUNT;
  const transaction = charge(store, {
    card,
    amount,
    currencyCode: MERCHANT_ACCOUNTS[merchantAccountId] ?? 'USD',
    merchantAccountId,
    orderId: request.orderId ?? '',
    nonce: request.paymentMethodNonce,
    paymentMethodToken,
    threeDSecureInfo: instrument.threeDSecureInfo,
    threeDSecureRequired: request.options?.threeDSecure?.required,
    submitForSettlement: request.options?.submitForSettlement,
    transactionSource: request.transactionSource,
    customer: customerOf(store, request, record, paymentMethodToken),
    storeInVault: storeInVault ? { customer: record } : undefined,
    billing: request.billing
      ? Object.fromEntries(
          Object.entries(request.billing).filter((e): e is [string, string] => typeof e[1] === 'string'),
        )
      : undefined,
    deviceDataCaptured: Boolean(request.deviceData),
  });
  return { transaction };
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
