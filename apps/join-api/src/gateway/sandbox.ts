import { z } from 'zod';
import {
  GatewayUnavailableError,
  paymentMethodSummary,
  type ChargeRequest,
  type FoundTransaction,
  type PaymentGateway,
} from './types.js';

const TransactionSchema = z.object({
  id: z.string(),
  status: z.string(),
  processorResponseCode: z.string().optional().default(''),
  processorResponseText: z.string().optional().default(''),
  gatewayRejectionReason: z.string().nullish(),
  creditCard: z.object({ cardType: z.string().nullish(), last4: z.string().nullish() }).partial().nullish(),
  paymentInstrumentType: z.string().nullish(),
  paypalAccount: z.object({ payerEmail: z.string().nullish() }).nullish(),
  venmoAccount: z.object({ username: z.string().nullish() }).nullish(),
  applePayCard: z.object({ cardType: z.string().nullish(), last4: z.string().nullish() }).nullish(),
});
const TransactionResponseSchema = z.object({ transaction: TransactionSchema });
const TransactionListSchema = z.object({ transactions: z.array(TransactionSchema) });
const ErrorResponseSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const ClientTokenResponseSchema = z.object({ clientToken: z.string().min(1) });

/** Maps a sandbox (Braintree-shaped) transaction to a {@link ChargeResult}. */
export function mapSandboxTransaction(t: z.infer<typeof TransactionSchema>): FoundTransaction {
  const paymentMethod = paymentMethodSummary(t);
  if (t.status === 'processor_declined') {
    return {
      outcome: 'processor_declined',
      transactionId: t.id,
      paymentMethod,
      processorResponseCode: t.processorResponseCode,
      processorResponseText: t.processorResponseText,
    };
  }
  if (t.status === 'gateway_rejected' || t.status === 'failed' || t.status === 'voided') {
    return {
      outcome: 'gateway_rejected',
      transactionId: t.id,
      paymentMethod,
      gatewayRejectionReason: t.gatewayRejectionReason ?? 'unknown',
      processorResponseCode: t.processorResponseCode,
      processorResponseText: t.processorResponseText,
    };
  }
  return {
    outcome: 'approved',
    transactionId: t.id,
    status: t.status,
    paymentMethod,
    processorResponseCode: t.processorResponseCode,
    processorResponseText: t.processorResponseText,
  };
}

/**
 * `sandbox` driver: apps/payments-sandbox's server API (docs/CONTRACTS.md "Sandbox server API").
 * A 422 answer (bad, consumed or unknown nonce) is a gateway rejection; timeouts, network errors and
 * 5xx raise {@link GatewayUnavailableError}. Like Braintree, the sandbox never deduplicates on orderId. `clientAuthorization()` asks the sandbox for a client token
 * (`POST /v1/client_token`, like Braintree's `clientToken.generate`) and raises {@link GatewayUnavailableError}
 * when it cannot get one. With `apiKey` (`SANDBOX_API_KEY`, issue 12) every call sends `Authorization: Bearer <apiKey>`;
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

  return {
    name: 'sandbox',
    maxChargeMs: opts.timeoutMs,
    async charge(req: ChargeRequest) {
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
          options: { submitForSettlement: true },
        }),
      });
      const body = await readJson(res);
      if (res.status >= 500)
        throw new GatewayUnavailableError(`sandbox gateway HTTP ${res.status}`, { maybeInFlight: res.status !== 503 });
      if (res.ok) {
        const parsed = TransactionResponseSchema.safeParse(body);
        if (!parsed.success) throw new GatewayUnavailableError('sandbox gateway answered an unexpected shape');
        return mapSandboxTransaction(parsed.data.transaction);
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
    },
    async findByOrderId(orderId: string) {
      const res = await call(`/v1/transactions?orderId=${encodeURIComponent(orderId)}`, { method: 'GET' });
      if (res.status === 404) return [];
      const body = await readJson(res);
      const parsed = TransactionListSchema.safeParse(body);
      if (!res.ok || !parsed.success) throw new GatewayUnavailableError(`sandbox lookup failed (HTTP ${res.status})`);
      return parsed.data.transactions.map(mapSandboxTransaction);
    },
    async reverse(transactionId: string) {
      const res = await call(`/v1/transactions/${encodeURIComponent(transactionId)}/void`, { method: 'POST' });
      if (res.ok) return 'voided';
      if (res.status === 422) return 'already';
      throw new GatewayUnavailableError(`sandbox void failed (HTTP ${res.status})`);
    },
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
