import { z } from 'zod';
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
import { sandboxChangedSales, sandboxSaleMoney } from './sandbox-money.js';
import {
  VaultFieldsSchema,
  recurringSaleBody,
  sandboxDeleteCustomer,
  sandboxSavePaymentMethod,
  vaultedOfSale,
  type SandboxCall,
} from './sandbox-vault.js';

const TransactionSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    processorResponseCode: z.string().optional().default(''),
    processorResponseText: z.string().optional().default(''),
    gatewayRejectionReason: z.string().nullish(),
    refundIds: z.array(z.string()).nullish(),
    creditCard: z.object({ cardType: z.string().nullish(), last4: z.string().nullish() }).partial().nullish(),
    paymentInstrumentType: z.string().nullish(),
    threeDSecureInfo: z
      .object({ status: z.string(), liabilityShifted: z.boolean(), liabilityShiftPossible: z.boolean() })
      .partial()
      .nullish(),
    paypalAccount: z.object({ payerEmail: z.string().nullish() }).nullish(),
    venmoAccount: z.object({ username: z.string().nullish() }).nullish(),
    applePayCard: z.object({ cardType: z.string().nullish(), last4: z.string().nullish() }).nullish(),
  })
  .merge(VaultFieldsSchema);
const TransactionResponseSchema = z.object({ transaction: TransactionSchema });
const TransactionListSchema = z.object({ transactions: z.array(TransactionSchema) });
const ErrorResponseSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const ClientTokenResponseSchema = z.object({ clientToken: z.string().min(1) });

/** Maps a sandbox (Braintree-shaped) sale to what it means for the order, as {@link saleMoneyState} reads it. */
export function mapSandboxTransaction(t: z.infer<typeof TransactionSchema>): FoundTransaction {
  const paymentMethod = paymentMethodSummary(t);
  const money = saleMoneyState(t);
  if (money === 'in_doubt') return { outcome: 'in_doubt', transactionId: t.id, status: t.status };
  if (t.status === 'processor_declined' || t.status === 'settlement_declined') {
    return {
      outcome: 'processor_declined',
      transactionId: t.id,
      paymentMethod,
      processorResponseCode: t.processorResponseCode,
      processorResponseText: t.processorResponseText,
    };
  }
  if (money === 'none') {
    return {
      outcome: 'gateway_rejected',
      transactionId: t.id,
      paymentMethod,
      gatewayRejectionReason: (t.refundIds?.length ?? 0) > 0 ? 'refunded' : (t.gatewayRejectionReason ?? t.status),
      processorResponseCode: t.processorResponseCode,
      processorResponseText: t.processorResponseText,
    };
  }
  // a sale that saved its method names the token and customer, also when found by search after a lost answer
  const vaulted = vaultedOfSale(t, paymentMethod);
  return {
    outcome: 'approved',
    transactionId: t.id,
    status: t.status,
    paymentMethod,
    processorResponseCode: t.processorResponseCode,
    processorResponseText: t.processorResponseText,
    ...(vaulted ? { vaulted } : {}),
  };
}

/**
 * The sandbox's answer to a sale as a {@link ChargeResult}: a sale, a used or unknown nonce (91564 / 91565), or a
 * rejection.
 * @throws GatewayUnavailableError on a 5xx, an unexpected shape, a sale still `authorizing`, or a sale rejected as a
 *   `duplicate` (in doubt: {@link isDuplicateRejection})
 */
function chargeResultOf(res: Response, body: unknown): ChargeResult {
  if (res.status >= 500)
    throw new GatewayUnavailableError(`sandbox gateway HTTP ${res.status}`, { maybeInFlight: res.status !== 503 });
  if (res.ok) {
    const parsed = TransactionResponseSchema.safeParse(body);
    if (!parsed.success) throw new GatewayUnavailableError('sandbox gateway answered an unexpected shape');
    const t = parsed.data.transaction;
    const mapped = mapSandboxTransaction(t);
    // a sale still `authorizing` has not decided the money: in doubt, resolved later by its order id
    if (mapped.outcome === 'in_doubt') throw new GatewayUnavailableError(`sandbox: sale ${mapped.status}`);
    // Braintree's duplicate checking: the earlier sale of the order it duplicates may hold the money — in doubt
    if (isDuplicateRejection(mapped)) throw duplicateInDoubt('sandbox', mapped.transactionId);
    // The sandbox applied docs/PAYMENTS.md "3D Secure policy" itself (it knows the nonce): report what 3DS did
    if (mapped.outcome !== 'approved') return mapped;
    if (t.paymentInstrumentType !== 'credit_card' || !t.threeDSecureInfo) return mapped;
    const policy = threeDSecurePolicy(t.threeDSecureInfo);
    return policy.decision === 'refuse' ? mapped : { ...mapped, threeDSecure: policy.summary };
  }
  const err = ErrorResponseSchema.safeParse(body);
  // 91564 used nonce, 91565 unknown or expired nonce (Braintree's codes, docs/CONTRACTS.md "Sandbox server API")
  if (err.success && (err.data.error.code === '91564' || err.data.error.code === '91565')) {
    return {
      outcome: 'payment_method_invalid',
      reason: err.data.error.code === '91564' ? 'consumed' : 'unknown',
      processorResponseCode: err.data.error.code,
      processorResponseText: err.data.error.message,
    };
  }
  return {
    outcome: 'gateway_rejected',
    gatewayRejectionReason: err.success ? err.data.error.message : `HTTP ${res.status}`,
    processorResponseCode: err.success ? err.data.error.code : String(res.status),
  };
}

/** A sandbox answer's JSON body; none is in doubt unless the gateway said 503 (not carried out). */
async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch (e) {
    throw new GatewayUnavailableError(`sandbox gateway sent no JSON (HTTP ${res.status})`, {
      cause: e,
      maybeInFlight: res.status !== 503,
    });
  }
}

/** Gives a sale's money back (Braintree: void while unsettled, refund once settling or settled). */
async function sandboxReverse(call: SandboxCall, transactionId: string): Promise<'voided' | 'refunded' | 'already'> {
  // Braintree's rule: void while unsettled; once settling or settled only a refund gives the money back.
  const id = encodeURIComponent(transactionId);
  const voided = await call(`/v1/transactions/${id}/void`, { method: 'POST' });
  if (voided.ok) return 'voided';
  if (voided.status !== 422) throw new GatewayUnavailableError(`sandbox void failed (HTTP ${voided.status})`);
  const refunded = await call(`/v1/transactions/${id}/refund`, { method: 'POST' });
  if (refunded.ok) return 'refunded';
  // 91506 not settled (already voided or declined) or 91512 already refunded: no money left to give back
  if (refunded.status === 422) return 'already';
  throw new GatewayUnavailableError(`sandbox refund failed (HTTP ${refunded.status})`);
}

/**
 * `sandbox` driver: apps/payments-sandbox's server API (docs/CONTRACTS.md "Sandbox server API"). The sandbox applies
 * the 3D Secure policy (docs/PAYMENTS.md) to the sale itself, as it knows the nonce: a card nonce that never went through
 * the lookup, or whose authentication failed, is `gateway_rejected` `three_d_secure`; the approved card sale's
 * `threeDSecureInfo` becomes the result's `threeDSecure` (liability kept by the merchant when it did not shift).
 * A 422 answer (bad, consumed or unknown nonce) is a gateway rejection; timeouts, network errors and
 * 5xx raise {@link GatewayUnavailableError}. Like Braintree, the sandbox never deduplicates on orderId. `clientAuthorization()` asks the sandbox for a client token
 * (`POST /v1/client_token`, like Braintree's `clientToken.generate`) and raises {@link GatewayUnavailableError}
 * when it cannot get one. With `apiKey` (`SANDBOX_API_KEY`) every call sends `Authorization: Bearer <apiKey>`;
 * the served sandbox answers 401 without it.
 */
export function createSandboxGateway(opts: {
  baseUrl: string;
  timeoutMs: number;
  apiKey?: string | undefined;
  fetch?: typeof fetch;
}): PaymentGateway {
  const base = opts.baseUrl.replace(/\/$/, '');
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a));
  const auth: Record<string, string> = opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {};

  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(`${base}${path}`, {
        ...init,
        headers: { ...auth, ...(init.headers as Record<string, string> | undefined) },
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (e) {
      throw new GatewayUnavailableError(`sandbox gateway unreachable: ${(e as Error).message}`, { cause: e });
    }
  }

  return {
    name: 'sandbox',
    maxChargeMs: opts.timeoutMs,
    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const res = await call('/v1/transactions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          paymentMethodNonce: req.paymentMethodNonce,
          amount: req.amount,
          currencyCode: req.currencyCode,
          orderId: req.orderId,
          customer: { email: req.customer.email, firstName: req.customer.firstName, lastName: req.customer.lastName },
          ...(req.deviceData ? { deviceData: req.deviceData } : {}),
          // docs/RENEWAL.md: saved on success, under the parent's vault customer when they have one
          ...(req.vault
            ? { storeInVault: true, ...(req.vault.customerId ? { customerId: req.vault.customerId } : {}) }
            : {}),
          options: { submitForSettlement: true },
        }),
      });
      const body = await readJson(res);
      return chargeResultOf(res, body);
    },
    async chargeVaulted(req) {
      const res = await call('/v1/transactions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: recurringSaleBody(req),
      });
      return chargeResultOf(res, await readJson(res));
    },
    savePaymentMethod: (req) => sandboxSavePaymentMethod(call, req),
    deleteCustomer: (customerId) => sandboxDeleteCustomer(call, customerId),
    async findByOrderId(orderId: string) {
      const res = await call(`/v1/transactions?orderId=${encodeURIComponent(orderId)}`, { method: 'GET' });
      if (res.status === 404) return [];
      const body = await readJson(res);
      const parsed = TransactionListSchema.safeParse(body);
      if (!res.ok || !parsed.success) throw new GatewayUnavailableError(`sandbox lookup failed (HTTP ${res.status})`);
      return parsed.data.transactions.map(mapSandboxTransaction);
    },
    reverse: (transactionId) => sandboxReverse(call, transactionId),
    saleMoney: (transactionId) => sandboxSaleMoney(call, transactionId),
    changedSales: (since, until) => sandboxChangedSales(call, since, until),
    async clientAuthorization() {
      // Braintree's clientToken.generate(): a fresh client token per checkout (3D Secure refuses a tokenization key).
      const res = await call('/v1/client_token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const parsed = ClientTokenResponseSchema.safeParse(await readJson(res));
      if (!res.ok || !parsed.success)
        throw new GatewayUnavailableError(`sandbox client token failed (HTTP ${res.status})`);
      return parsed.data.clientToken;
    },
  };
}
