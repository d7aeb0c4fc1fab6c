import { z } from 'zod';
import { VAULT_REFUSALS } from './vault-types.js';
import {
  GatewayUnavailableError,
  paymentMethodSummary,
  type PaymentMethodSummary,
  type RecurringChargeRequest,
  type SavePaymentMethodRequest,
  type SavePaymentMethodResult,
  type VaultedMethod,
} from './types.js';

/*
 * The `sandbox` driver's vault (docs/RENEWAL.md) on apps/payments-sandbox's server API (docs/CONTRACTS.md "Sandbox
 * server API"), with Braintree's semantics: a sale with `storeInVault` answers `paymentMethodToken` and `customerId`;
 * a renewal sells `paymentMethodToken` with `transactionSource: 'recurring'`; `POST /v1/customers` and
 * `POST /v1/payment_methods` save a new method.
 */

/** Calls the sandbox's server API (sandbox.ts `call`: key, deadline, unreachable → in doubt). */
export type SandboxCall = (path: string, init: RequestInit) => Promise<Response>;

/** The fields of a sale's answer that name what it vaulted. */
export const VaultFieldsSchema = z.object({
  paymentMethodToken: z.string().nullish(),
  customerId: z.string().nullish(),
});

/** What a sale made with `storeInVault` saved, or undefined when the answer names no token. */
export function vaultedOfSale(
  t: z.infer<typeof VaultFieldsSchema>,
  summary: PaymentMethodSummary,
): VaultedMethod | undefined {
  return t.paymentMethodToken && t.customerId
    ? { customerId: t.customerId, token: t.paymentMethodToken, summary }
    : undefined;
}

/** The server API body of a renewal: the saved token, merchant-initiated (Braintree "Recurring transactions"). */
export function recurringSaleBody(req: RecurringChargeRequest): string {
  return JSON.stringify({
    paymentMethodToken: req.paymentMethodToken,
    transactionSource: 'recurring',
    amount: req.amount,
    currencyCode: req.currencyCode,
    orderId: req.orderId,
    options: { submitForSettlement: true },
  });
}

const MethodSchema = z.object({
  paymentMethod: z.object({
    token: z.string(),
    customerId: z.string(),
    paymentInstrumentType: z.string().nullish(),
    creditCard: z.object({ cardType: z.string().nullish(), last4: z.string().nullish() }).nullish(),
    paypalAccount: z.object({ payerEmail: z.string().nullish() }).nullish(),
    venmoAccount: z.object({ username: z.string().nullish() }).nullish(),
    applePayCard: z.object({ cardType: z.string().nullish(), last4: z.string().nullish() }).nullish(),
  }),
});
const RefusalSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  verification: z
    .object({ processorResponseCode: z.string().nullish(), processorResponseText: z.string().nullish() })
    .nullish(),
});
const CustomerSchema = z.object({ customer: z.object({ id: z.string() }) });

async function json(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch (e) {
    throw new GatewayUnavailableError(`sandbox vault sent no JSON (HTTP ${res.status})`, {
      cause: e,
      maybeInFlight: res.status !== 503,
    });
  }
}

/** A 422 of `POST /v1/payment_methods` as a refusal: a declined verification, or the nonce's code. */
function refusal(body: unknown): Extract<SavePaymentMethodResult, { outcome: 'refused' }> {
  const parsed = RefusalSchema.safeParse(body);
  if (!parsed.success) return { outcome: 'refused', reason: 'not_vaultable' };
  const { error, verification } = parsed.data;
  if (verification) {
    return {
      outcome: 'refused',
      reason: 'verification_failed',
      ...(verification.processorResponseCode ? { processorResponseCode: verification.processorResponseCode } : {}),
      ...(verification.processorResponseText ? { processorResponseText: verification.processorResponseText } : {}),
    };
  }
  return {
    outcome: 'refused',
    reason: VAULT_REFUSALS[error.code] ?? 'not_vaultable',
    processorResponseCode: error.code,
    processorResponseText: error.message,
  };
}

/**
 * Saves a new payment method for renewals (Braintree "Vault" semantics): a customer is made first when the parent has
 * none (`POST /v1/customers`), then `POST /v1/payment_methods` with `makeDefault` and `verifyCard`.
 * @throws GatewayUnavailableError on a 5xx, an unexpected answer or no answer (the method may have been saved).
 */
export async function sandboxSavePaymentMethod(
  call: SandboxCall,
  req: SavePaymentMethodRequest,
): Promise<SavePaymentMethodResult> {
  const post = (path: string, body: object) =>
    call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  let customerId = req.customerId;
  if (!customerId) {
    const res = await post('/v1/customers', req.customer);
    const made = CustomerSchema.safeParse(await json(res));
    if (!res.ok || !made.success)
      throw new GatewayUnavailableError(`sandbox customer create failed (HTTP ${res.status})`);
    customerId = made.data.customer.id;
  }
  const res = await post('/v1/payment_methods', {
    customerId,
    paymentMethodNonce: req.paymentMethodNonce,
    makeDefault: true,
    verifyCard: true,
  });
  const body = await json(res);
  if (res.status === 422) return refusal(body);
  const parsed = MethodSchema.safeParse(body);
  if (!res.ok || !parsed.success)
    throw new GatewayUnavailableError(`sandbox payment method create failed (HTTP ${res.status})`, {
      maybeInFlight: res.status !== 503,
    });
  const pm = parsed.data.paymentMethod;
  return {
    outcome: 'saved',
    vaulted: { customerId: pm.customerId, token: pm.token, summary: paymentMethodSummary(pm) },
  };
}

/**
 * `DELETE /v1/customers/{id}` (Braintree `customer.delete` semantics): 204 deleted, 404 unknown.
 * @throws GatewayUnavailableError on any other answer, or none.
 */
export async function sandboxDeleteCustomer(call: SandboxCall, customerId: string): Promise<'deleted' | 'not_found'> {
  const res = await call(`/v1/customers/${encodeURIComponent(customerId)}`, { method: 'DELETE' });
  if (res.status === 204) return 'deleted';
  if (res.status === 404) return 'not_found';
  throw new GatewayUnavailableError(`sandbox customer delete failed (HTTP ${res.status})`, {
    maybeInFlight: res.status !== 503,
  });
}
