/**
 * The Vault's calls (Braintree "Vault"; braintree_node customer_gateway.js `create`, payment_method_gateway.js
 * `create` / `update` / `delete`): a nonce is vaulted under a customer and used up, as a verification uses it; a
 * one-time PayPal (82902) or single-use Venmo account is refused; with `verifyCard` a card the processor declines (or
 * whose 3D Secure authentication failed) is not vaulted and the answer carries the failed verification.
 */
import { z } from 'zod';
import { gatewayRejected, type StoredCard, type TransactionOutcome } from '../cards.js';
import type { Customer, SandboxStore, ThreeDSecureInfo, VaultedPaymentMethod } from '../store.js';
import { ERRORS, gatewayError, type GatewayError } from './errors.js';
import { consumeNonce, resolveNonce, vaultErrors, vaultNonceErrors } from './nonces.js';
import { threeDSecurePasses } from './transactions.js';

const Text = z.string().max(10_000);
const VerifyOptions = z
  .object({ verifyCard: z.boolean().optional(), makeDefault: z.boolean().optional() })
  .passthrough()
  .optional();

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
      creditCard: z.object({ options: VerifyOptions }).passthrough().optional(),
    })
    .passthrough(),
});

/** The camelCased body of `POST /payment_methods` and `PUT /payment_methods/any/{token}` (`{ paymentMethod: … }`). */
export const PaymentMethodRequest = z.object({
  paymentMethod: z
    .object({ customerId: Text.optional(), paymentMethodNonce: Text.optional(), options: VerifyOptions })
    .passthrough(),
});

/** A vaulting refused by the processor: the failed verification (Braintree `result.verification`). */
export interface Declined {
  declined: TransactionOutcome;
  card: StoredCard;
}

export type CustomerResult = { errors: GatewayError[] } | { customer: Customer } | Declined;
export type PaymentMethodResult = { errors: GatewayError[] } | { paymentMethod: VaultedPaymentMethod } | Declined;

/**
 * A card verification's failure (Braintree "Card verification"): the card's forced decline, or a 3D Secure
 * authentication that failed (`gateway_rejected` `three_d_secure`); undefined when it passes or for wallets.
 */
function verificationFailure(card: StoredCard, info: ThreeDSecureInfo | undefined): TransactionOutcome | undefined {
  if (card.kind !== 'CreditCard') return undefined;
  if (card.forced && card.forced.status !== 'authorized') return card.forced;
  return threeDSecurePasses(info, undefined) ? undefined : gatewayRejected('three_d_secure');
}

type Vaulting = { errors: GatewayError[] } | Declined | { card: StoredCard };

/** Resolves, checks and uses up a nonce to vault (`path`: where kind-specific errors sit; `genericPath` the others). */
function vaultable(
  store: SandboxStore,
  nonce: string,
  verifyCard: boolean | undefined,
  paths: { path: readonly string[]; genericPath: readonly string[] },
): Vaulting {
  const resolved = resolveNonce(store, nonce);
  const nonceErrors = vaultNonceErrors(resolved, paths.path, paths.genericPath);
  if (nonceErrors.length > 0 || !resolved.ok) return { errors: nonceErrors };
  const refusal = vaultErrors(resolved.card, paths.path);
  if (refusal.length > 0) return { errors: refusal };
  consumeNonce(store, nonce, resolved);
  const failure = verifyCard ? verificationFailure(resolved.card, resolved.threeDSecureInfo) : undefined;
  return failure ? { declined: failure, card: resolved.card } : { card: resolved.card };
}

/**
 * `customer.create` with an optional `paymentMethodNonce` (braintree_node customer_gateway_spec "does not vault a
 * paypal account only authorized for one-time use": 82902 under `customer.paypalAccount`); 91609 for a taken id.
 */
export function createCustomer(
  store: SandboxStore,
  request: z.infer<typeof CustomerRequest>['customer'],
): CustomerResult {
  const C = ['customer'];
  if (request.id !== undefined && store.vault.getCustomer(request.id))
    return { errors: [gatewayError(C, 'id', ERRORS.customerIdTaken)] };
  const nonce = request.paymentMethodNonce;
  if (nonce === undefined) return { customer: store.vault.createCustomer(request) };
  const verify = request.creditCard?.options?.verifyCard;
  const result = vaultable(store, nonce, verify, { path: C, genericPath: C });
  if (!('card' in result) || 'declined' in result) return result;
  const customer = store.vault.createCustomer(request);
  store.vault.add(customer, result.card);
  return { customer };
}

/**
 * `paymentMethod.create({ customerId, paymentMethodNonce, options: { makeDefault?, verifyCard? } })`: 93104 / 93105
 * without a known customer, 93103 without a nonce, the nonce refusals of {@link vaultNonceErrors} (kind-specific
 * errors at the top level — `paypalAccount.base` 82902, as payment_method_gateway_spec reads them).
 */
export function createPaymentMethod(
  store: SandboxStore,
  request: z.infer<typeof PaymentMethodRequest>['paymentMethod'],
): PaymentMethodResult {
  const P = ['paymentMethod'];
  const errors: GatewayError[] = [];
  const customer = request.customerId === undefined ? undefined : store.vault.getCustomer(request.customerId);
  if (request.customerId === undefined)
    errors.push(gatewayError(P, 'customer_id', ERRORS.paymentMethodCustomerIdRequired));
  else if (!customer) errors.push(gatewayError(P, 'customer_id', ERRORS.paymentMethodCustomerIdInvalid));
  if (request.paymentMethodNonce === undefined)
    errors.push(gatewayError(P, 'payment_method_nonce', ERRORS.paymentMethodNonceRequired));
  if (errors.length > 0 || !customer || request.paymentMethodNonce === undefined) return { errors };
  const result = vaultable(store, request.paymentMethodNonce, request.options?.verifyCard, {
    path: [],
    genericPath: P,
  });
  if (!('card' in result) || 'declined' in result) return result;
  const makeDefault = request.options?.makeDefault === true;
  return { paymentMethod: store.vault.add(customer, result.card, { makeDefault }) };
}

/**
 * `paymentMethod.update(token, { options: { makeDefault } })`, the part the sandbox keeps: making a method the
 * default, and a new `paymentMethodNonce` replacing the instrument (checked as `paymentMethod.create` checks one).
 */
export function updatePaymentMethod(
  store: SandboxStore,
  method: VaultedPaymentMethod,
  request: z.infer<typeof PaymentMethodRequest>['paymentMethod'],
): PaymentMethodResult {
  if (request.paymentMethodNonce !== undefined) {
    const result = vaultable(store, request.paymentMethodNonce, request.options?.verifyCard, {
      path: [],
      genericPath: ['paymentMethod'],
    });
    if (!('card' in result) || 'declined' in result) return result;
    method.card = result.card;
    method.updatedAt = store.nowIso();
  }
  if (request.options?.makeDefault === true) store.vault.makeDefault(method);
  return { paymentMethod: method };
}
