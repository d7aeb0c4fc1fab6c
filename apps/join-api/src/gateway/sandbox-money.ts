import { z } from 'zod';
import { changedSalesOf } from './sale-money.js';
import { GatewayUnavailableError, type ChangedSale, type SaleMoney } from './types.js';

/*
 * The `sandbox` driver's reads of money after the sale (docs/PAYMENTS-LIFECYCLE.md) over the sandbox's server API
 * (docs/CONTRACTS.md "Sandbox server API"): `GET /v1/transactions/{id}` and `POST /v1/transactions/search` with
 * Braintree's search criteria.
 */

const Dispute = z.object({
  id: z.string(),
  status: z.string(),
  kind: z.string().nullish(),
  amount: z.string().nullish(),
  reason: z.string().nullish(),
  replyByDate: z.string().nullish(),
});
const MoneyView = z.object({
  id: z.string(),
  status: z.string(),
  type: z.string().nullish(),
  amount: z.string(),
  currencyCode: z.string().nullish(),
  orderId: z.string().nullish(),
  refundedTransactionId: z.string().nullish(),
  refunds: z.array(z.object({ id: z.string(), amount: z.string(), status: z.string() })).nullish(),
  disputes: z.array(Dispute).nullish(),
  createdAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
});
const One = z.object({ transaction: MoneyView });
const Many = z.object({ transactions: z.array(MoneyView) });

/** Calls the sandbox's server API (the driver's `call`: key, deadline, network errors as in doubt). */
export type SandboxCall = (path: string, init: RequestInit) => Promise<Response>;

async function parsed<T>(res: Response, schema: z.ZodType<T>, what: string): Promise<T> {
  const body: unknown = await res.json().catch(() => undefined);
  const result = schema.safeParse(body);
  if (!res.ok || !result.success) throw new GatewayUnavailableError(`sandbox ${what} failed (HTTP ${res.status})`);
  return result.data;
}

/**
 * One sale with its refunds and disputes (`GET /v1/transactions/{id}`); undefined for 404.
 * @throws GatewayUnavailableError
 */
export async function sandboxSaleMoney(call: SandboxCall, transactionId: string): Promise<SaleMoney | undefined> {
  const res = await call(`/v1/transactions/${encodeURIComponent(transactionId)}`, { method: 'GET' });
  if (res.status === 404) return undefined;
  const t = (await parsed(res, One, 'transaction read')).transaction;
  return {
    transactionId: t.id,
    orderId: t.orderId || null,
    status: t.status,
    amount: t.amount,
    currencyCode: t.currencyCode ?? null,
    refunds: t.refunds ?? [],
    disputes: (t.disputes ?? []).map((d) => ({
      id: d.id,
      status: d.status,
      kind: d.kind ?? null,
      amount: d.amount ?? null,
      reason: d.reason ?? null,
      replyByDate: d.replyByDate ? d.replyByDate.slice(0, 10) : null,
    })),
  };
}

/**
 * Refunds created and sales voided in [`since`, `until`] (`POST /v1/transactions/search`, Braintree's criteria).
 * @throws GatewayUnavailableError
 */
export async function sandboxChangedSales(call: SandboxCall, since: Date, until: Date): Promise<ChangedSale[]> {
  const range = { min: since.toISOString(), max: until.toISOString() };
  const search = async (criteria: object) => {
    const res = await call('/v1/transactions/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ criteria }),
    });
    return (await parsed(res, Many, 'search')).transactions;
  };
  const credits = await search({ type: ['credit'], createdAt: range });
  const voided = await search({ voidedAt: range });
  return changedSalesOf(credits, voided, until);
}
