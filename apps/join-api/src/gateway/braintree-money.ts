import { changedSalesOf } from './sale-money.js';
import type { ChangedSale, SaleDispute, SaleMoney } from './types.js';

/*
 * The `braintree` driver's reads of money after the sale (docs/PAYMENTS-LIFECYCLE.md): one sale with its refunds and
 * disputes, and the refunds and voids made since a moment. Shapes as braintree_node 3.40 gives them
 * (transaction.js, dispute.js); datetimes arrive as the XML's ISO strings.
 */

/** A dispute as braintree_node's `Dispute` has it (the fields read here). */
export interface BtDispute {
  id: string;
  status: string;
  kind?: string | null;
  amount?: string | null;
  amountDisputed?: string | null;
  reason?: string | null;
  replyByDate?: string | null;
}

/** A transaction as `transaction.find` / `transaction.search` give it (the fields read here). */
export interface BtMoneyTransaction {
  id: string;
  status: string;
  type?: string | null;
  amount?: string;
  currencyIsoCode?: string | null;
  orderId?: string | null;
  refundIds?: string[] | null;
  refundedTransactionId?: string | null;
  disputes?: BtDispute[] | null;
  createdAt?: string | Date | null;
  updatedAt?: string | Date | null;
}

/** A range node of braintree_node's advanced search (`between(min, max)`). */
interface RangeNode {
  between(min: Date, max: Date): void;
}
/** The search fields read here (braintree_node transaction_search.js). */
export interface MoneySearchBuilder {
  type(): { is(v: string): void };
  createdAt(): RangeNode;
  voidedAt(): RangeNode;
}

/** The calls of `braintree.BraintreeGateway` these reads make. */
export interface BraintreeMoneyLike {
  transaction: {
    find(id: string): Promise<BtMoneyTransaction>;
    search(cb: (s: MoneySearchBuilder) => void): AsyncIterable<BtMoneyTransaction>;
  };
}

/** Runs one SDK call under the driver's deadline (braintree.ts `guarded`). */
export type Guarded = <T>(p: () => Promise<T>) => Promise<T>;

/** Whether an SDK error is Braintree's NotFound (braintree_node `error_types.js` `notFoundError`). */
export function isNotFound(e: unknown): boolean {
  const err = e as { type?: string; name?: string } | null;
  return err?.type === 'notFoundError' || err?.name === 'notFoundError';
}

function disputeOf(d: BtDispute): SaleDispute {
  return {
    id: d.id,
    status: d.status,
    kind: d.kind ?? null,
    amount: d.amountDisputed ?? d.amount ?? null,
    reason: d.reason ?? null,
    replyByDate: d.replyByDate ? String(d.replyByDate).slice(0, 10) : null,
  };
}

/**
 * `transaction.find(id)` with each of its refunds read by id (Braintree gives a sale's `refundIds`, not their amounts).
 * @returns undefined when Braintree answers NotFound.
 * @throws GatewayUnavailableError (through `guarded`)
 */
export async function braintreeSaleMoney(
  gw: BraintreeMoneyLike,
  guarded: Guarded,
  transactionId: string,
): Promise<SaleMoney | undefined> {
  let t: BtMoneyTransaction;
  try {
    t = await guarded(() => gw.transaction.find(transactionId));
  } catch (e) {
    if (isNotFound((e as { cause?: unknown }).cause ?? e)) return undefined;
    throw e;
  }
  const refunds = [];
  for (const id of t.refundIds ?? []) {
    const r = await guarded(() => gw.transaction.find(id));
    refunds.push({ id: r.id, amount: r.amount ?? '0', status: r.status });
  }
  return {
    transactionId: t.id,
    orderId: t.orderId ?? null,
    status: t.status,
    amount: t.amount ?? '0',
    currencyCode: t.currencyIsoCode ?? null,
    refunds,
    disputes: (t.disputes ?? []).map(disputeOf),
  };
}

/**
 * Refunds created and sales voided in [`since`, `until`] (two advanced searches: `type` credit with `createdAt`,
 * and `voidedAt`), each as the sale it took money from.
 * @throws GatewayUnavailableError (through `guarded`)
 */
export async function braintreeChangedSales(
  gw: BraintreeMoneyLike,
  guarded: Guarded,
  since: Date,
  until: Date,
): Promise<ChangedSale[]> {
  const collect = (cb: (s: MoneySearchBuilder) => void) =>
    guarded(async () => {
      const list: BtMoneyTransaction[] = [];
      for await (const t of gw.transaction.search(cb)) list.push(t);
      return list;
    });
  const credits = await collect((s) => {
    s.type().is('credit');
    s.createdAt().between(since, until);
  });
  const voided = await collect((s) => s.voidedAt().between(since, until));
  return changedSalesOf(credits, voided, until);
}
