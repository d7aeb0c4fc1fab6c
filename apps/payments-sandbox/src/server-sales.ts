/**
 * `POST /v1/transactions`, the server API's sale (docs/CONTRACTS.md "Sandbox server API"), with Braintree's semantics:
 * a single-use `paymentMethodNonce` (91565 / 91564 / 81715) or a vaulted `paymentMethodToken` (91518 unknown) —
 * exactly one —, `storeInVault` (Braintree `storeInVaultOnSuccess`: vaulted under `customerId` or a new customer on
 * success; a one-time PayPal or single-use Venmo account refused, 82902 / sandbox_venmo_single_use) and
 * `transactionSource` (915133 unless one of Braintree's). The docs/PAYMENTS.md "3D Secure policy" is applied as before to a
 * customer-initiated card sale, a token sale included (its customer is there: a new 3D Secure authentication is due);
 * a merchant-initiated one (`recurring`, `unscheduled`, …) or a mail / telephone order (`moto`) asks for none
 * (Braintree "Recurring transactions").
 */
import { z } from 'zod';
import { NONCE_ERRORS, type StoredCard } from './cards.js';
import { SCA_EXEMPT, TRANSACTION_SOURCES, charge } from './gateway/charge.js';
import { ERRORS, type GatewayErrorCode } from './gateway/errors.js';
import { consumeNonce, resolveNonce, vaultErrors } from './gateway/nonces.js';
import { serverApiThreeDSecureRequired } from './gateway/transactions.js';
import type { Customer, SandboxStore, ThreeDSecureInfo, Transaction } from './store.js';

const Name = z.string().max(255).optional();

/** The body of `POST /v1/transactions`. */
export const TransactionRequest = z
  .object({
    paymentMethodNonce: z.string().min(1).max(255).optional(),
    paymentMethodToken: z.string().min(1).max(64).optional(),
    transactionSource: z.string().max(64).optional(),
    amount: z.string().regex(/^\d{1,7}\.\d{2}$/, 'amount must be a decimal string with 2 decimals, e.g. "216.00"'),
    currencyCode: z.string().regex(/^[A-Z]{3}$/),
    orderId: z.string().min(1).max(255),
    deviceData: z.string().max(10_000).optional(),
    /** Vault the instrument under this customer (with `storeInVault`); 91510 when unknown. */
    customerId: z.string().min(1).max(36).optional(),
    /** The payer, as Braintree's `transaction.customer` (support and tests search by the email). */
    customer: z.object({ email: Name, firstName: Name, lastName: Name }).optional(),
    storeInVault: z.boolean().optional(),
    options: z.object({ submitForSettlement: z.boolean().optional() }).optional(),
  })
  .refine((r) => (r.paymentMethodNonce === undefined) !== (r.paymentMethodToken === undefined), {
    message: 'exactly one of paymentMethodNonce, paymentMethodToken',
    path: ['paymentMethodNonce'],
  });
export type TransactionRequest = z.infer<typeof TransactionRequest>;

export type V1SaleResult = { transaction: Transaction } | { error: GatewayErrorCode };

interface Charged {
  card: StoredCard;
  threeDSecureInfo?: ThreeDSecureInfo | undefined;
  token?: string | undefined;
  owner?: Customer | undefined;
  consume?: () => void;
}

/** The instrument the sale charges, or the refusal (nothing used up). */
function instrumentOf(store: SandboxStore, request: TransactionRequest): Charged | { error: GatewayErrorCode } {
  if (request.paymentMethodToken !== undefined) {
    const method = store.vault.get(request.paymentMethodToken);
    if (!method) return { error: ERRORS.tokenInvalid };
    return { card: method.card, token: method.token, owner: store.vault.getCustomer(method.customerId) };
  }
  const nonce = request.paymentMethodNonce ?? '';
  const resolved = resolveNonce(store, nonce);
  if (!resolved.ok) return { error: NONCE_ERRORS[resolved.reason] };
  if (resolved.consumed) return { error: NONCE_ERRORS.consumed };
  if (request.storeInVault) {
    const [refusal] = vaultErrors(resolved.card, ['transaction']);
    if (refusal) return { error: { code: refusal.code, message: refusal.message } };
  }
  return {
    card: resolved.card,
    threeDSecureInfo: resolved.threeDSecureInfo,
    token: resolved.paymentMethodToken,
    consume: () => consumeNonce(store, nonce, resolved),
  };
}

/** Validates and charges a server API sale; every POST is a new transaction (no deduplication, as on Braintree). */
export function v1Sale(store: SandboxStore, request: TransactionRequest): V1SaleResult {
  const charged = instrumentOf(store, request);
  if ('error' in charged) return charged;
  const [whole = '0', fraction = '0'] = request.amount.split('.');
  const minor = Number(whole) * 100 + Number(fraction);
  if (minor <= 0) return { error: ERRORS.amountNotPositive };
  const source = request.transactionSource;
  if (source !== undefined && !TRANSACTION_SOURCES.has(source)) return { error: ERRORS.transactionSourceInvalid };
  const record = request.customerId === undefined ? undefined : store.vault.getCustomer(request.customerId);
  if (request.customerId !== undefined && !record) return { error: ERRORS.customerIdInvalid };
  charged.consume?.();
  const exempt = source !== undefined && SCA_EXEMPT.has(source);
  const owner = charged.owner ?? record;
  const transaction = charge(store, {
    card: charged.card,
    amount: { minor, text: request.amount },
    currencyCode: request.currencyCode,
    merchantAccountId: '',
    orderId: request.orderId,
    nonce: request.paymentMethodNonce,
    paymentMethodToken: charged.token,
    threeDSecureInfo: charged.threeDSecureInfo,
    // docs/PAYMENTS.md "3D Secure policy", applied here as join-api's braintree driver applies it with Braintree
    threeDSecureRequired: exempt ? undefined : serverApiThreeDSecureRequired(charged.card, charged.threeDSecureInfo),
    submitForSettlement: request.options?.submitForSettlement,
    transactionSource: source,
    customer: {
      id: owner?.id,
      email: request.customer?.email ?? owner?.email,
      firstName: request.customer?.firstName ?? owner?.firstName,
      lastName: request.customer?.lastName ?? owner?.lastName,
    },
    storeInVault: request.storeInVault ? { customer: record } : undefined,
    deviceDataCaptured: Boolean(request.deviceData),
  });
  return { transaction };
}
