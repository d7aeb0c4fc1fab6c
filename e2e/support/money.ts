import { expect, type APIRequestContext } from '@playwright/test';
import { SANDBOX_MERCHANT_ACCOUNTS, sandboxURL } from './env';
import type { PaymentsDriver } from './join';

/*
 * The money check every project runs (docs/PAYMENTS.md "Shown = charged"; spec §9 prices): what the payment provider — the
 * payments sandbox, which both join-api drivers charge — took from a parent, counted from the sandbox's own record of
 * every transaction (`GET /sandbox/transactions`, payments-sandbox README "Fault control"), never from join-api's
 * answer nor from the first sale a search returns. A double charge, a charge for a refused order or a wrong amount fails.
 */

/** A currency the sandbox has a merchant account for (the braintree driver's sales name it). */
export type ChargeCurrency = keyof typeof SANDBOX_MERCHANT_ACCOUNTS;

/** One charge a test expects: the order, its amount (major units, as the Pay button showed it) and currency. */
export interface ExpectedCharge {
  orderId: string;
  amount: number;
  currency: ChargeCurrency;
}

/** A transaction as `GET /sandbox/transactions` lists it (the fields the check reads; amounts are decimal strings). */
export interface SandboxTransaction {
  id: string;
  type: 'sale' | 'credit';
  status: string;
  amount: string;
  currencyCode: string;
  merchantAccountId: string;
  orderId: string;
  customer: { email?: string };
}

/** Sale statuses that took the parent's money (or will): Braintree's authorized … settled. */
const APPROVED: ReadonlySet<string> = new Set(['authorized', 'submitted_for_settlement', 'settling', 'settled']);

/** Every transaction the sandbox holds for an order or a customer e-mail, oldest first. */
export async function sandboxTransactions(
  request: APIRequestContext,
  query: { orderId: string } | { customerEmail: string },
): Promise<SandboxTransaction[]> {
  const res = await request.get(`${sandboxURL}/sandbox/transactions?${new URLSearchParams(query).toString()}`);
  expect(res.ok(), `GET /sandbox/transactions?${new URLSearchParams(query).toString()}`).toBe(true);
  return ((await res.json()) as { transactions: SandboxTransaction[] }).transactions;
}

/**
 * Every transaction of the parent (by the customer e-mail both drivers send with a sale) and of each order named,
 * each once: a second sale of an order under another e-mail is counted too.
 */
export async function transactionsOf(
  request: APIRequestContext,
  parent: { email: string; orderIds: readonly string[] },
): Promise<SandboxTransaction[]> {
  const lists = await Promise.all([
    sandboxTransactions(request, { customerEmail: parent.email }),
    ...parent.orderIds.map((orderId) => sandboxTransactions(request, { orderId })),
  ]);
  return [...new Map(lists.flat().map((t) => [t.id, t])).values()];
}

/** A charge as the check compares it: order, amount with 2 decimals, currency, and the merchant account it went to. */
function chargeKey(orderId: string, amount: string, currency: string, merchantAccountId: string): string {
  return `${orderId} ${amount} ${currency} @${merchantAccountId}`;
}

/**
 * Throws unless the approved sales among `transactions` are exactly `expected`, one sale per expected charge: same
 * orders, amounts (to the cent) and currencies — none missing, none extra, none twice. The braintree driver's sales
 * also name the currency's merchant account (docs/PAYMENTS.md: the currency comes from the merchant account); the sandbox
 * driver's server API names none (`''`). Pure, so a spec can prove it fails on a doubled order.
 */
export function assertCharges(
  transactions: readonly SandboxTransaction[],
  expected: readonly ExpectedCharge[],
  driver: PaymentsDriver,
): void {
  const charged = transactions
    .filter((t) => t.type === 'sale' && APPROVED.has(t.status))
    .map((t) => chargeKey(t.orderId, t.amount, t.currencyCode, t.merchantAccountId))
    .sort();
  const wanted = expected
    .map((c) =>
      chargeKey(
        c.orderId,
        c.amount.toFixed(2),
        c.currency,
        driver === 'braintree' ? SANDBOX_MERCHANT_ACCOUNTS[c.currency] : '',
      ),
    )
    .sort();
  expect(charged, `approved sales (order amount currency @merchant account)`).toEqual(wanted);
}

/**
 * Checks in the sandbox that the parent was charged exactly `charges` (in any order) and nothing else: every approved
 * sale of the parent's e-mail and of those orders is one of them, each exactly once.
 */
export async function expectCharges(
  { paymentsDriver }: { paymentsDriver: PaymentsDriver },
  request: APIRequestContext,
  expected: { email: string; charges: readonly ExpectedCharge[] },
): Promise<void> {
  const transactions = await transactionsOf(request, {
    email: expected.email,
    orderIds: expected.charges.map((c) => c.orderId),
  });
  assertCharges(transactions, expected.charges, paymentsDriver);
}

/** {@link expectCharges} for a parent who paid one order: that order's one sale of `amount`, nothing else. */
export async function expectChargedOnce(
  flow: { paymentsDriver: PaymentsDriver },
  request: APIRequestContext,
  expected: { email: string } & ExpectedCharge,
): Promise<void> {
  const { email, ...charge } = expected;
  await expectCharges(flow, request, { email, charges: [charge] });
}

/** {@link expectCharges} for a parent whose every payment was refused: no approved sale at all. */
export async function expectNothingCharged(
  flow: { paymentsDriver: PaymentsDriver },
  request: APIRequestContext,
  parent: { email: string },
): Promise<void> {
  await expectCharges(flow, request, { email: parent.email, charges: [] });
}

/**
 * Queues a fault in the sandbox's fault control (`POST /sandbox/faults`, payments-sandbox README "Fault control"),
 * e.g. `{ duplicateSale: true, match: { customerEmail } }`.
 */
export async function addSandboxFault(request: APIRequestContext, fault: Record<string, unknown>): Promise<void> {
  const res = await request.post(`${sandboxURL}/sandbox/faults`, { data: fault });
  expect(res.status(), `POST /sandbox/faults ${JSON.stringify(fault)}`).toBe(201);
}
