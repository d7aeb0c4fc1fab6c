import type { MoneyGoneReason } from '../db/schema.js';
import { HELD_STATUSES, type ChangedSale, type SaleMoney } from './types.js';

/**
 * Whether a paid order's money is still held, from its sale as the provider holds it now
 * (docs/PAYMENTS-LIFECYCLE.md "When the money is gone"):
 * - `held` — the sale is authorized or settling/settled, refunds add up to less than its amount, and no chargeback
 *   was lost;
 * - `gone` with a reason — `settlement_declined` (the bank refused the sale at settlement), `voided` (voided, or its
 *   authorization expired before settlement), `refunded` (refunds add up to the whole amount; a partial refund keeps
 *   the money that is left, and the subscription with it), or `dispute_lost` (a chargeback or pre-arbitration the
 *   merchant lost, accepted, or let expire: Braintree "Dispute statuses" — a retrieval request takes no money);
 * - `in_doubt` — a status this rule does not know (`authorizing`…): looked at again later.
 * Amounts are compared in minor units (2 decimals, as Braintree sends them).
 */
export type MoneyVerdict = { held: true } | { held: false; reason: MoneyGoneReason } | { held: 'in_doubt' };

/** Statuses of a sale whose authorization was given back or lapsed before settlement. */
const VOIDED: ReadonlySet<string> = new Set(['voided', 'authorization_expired']);
/** Dispute statuses in which the money went back to the cardholder (braintree_node dispute.js `Status`). */
const DISPUTE_LOST: ReadonlySet<string> = new Set(['lost', 'accepted', 'auto_accepted', 'expired']);
/** Refund statuses that moved no money. */
const REFUND_FAILED: ReadonlySet<string> = new Set(['voided', 'failed', 'processor_declined', 'gateway_rejected']);

/** A decimal amount in major units ("216.00") as minor units (216_00). */
function minor(amount: string | null | undefined): number {
  const n = Number(amount ?? 0);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

/** See {@link MoneyVerdict}. */
export function moneyVerdict(sale: SaleMoney): MoneyVerdict {
  if (sale.status === 'settlement_declined') return { held: false, reason: 'settlement_declined' };
  if (VOIDED.has(sale.status)) return { held: false, reason: 'voided' };
  if (!HELD_STATUSES.has(sale.status)) return { held: 'in_doubt' };
  if (sale.disputes.some((d) => d.kind !== 'retrieval' && DISPUTE_LOST.has(d.status)))
    return { held: false, reason: 'dispute_lost' };
  const refunded = sale.refunds.filter((r) => !REFUND_FAILED.has(r.status)).reduce((n, r) => n + minor(r.amount), 0);
  if (refunded > 0 && refunded >= minor(sale.amount)) return { held: false, reason: 'refunded' };
  return { held: true };
}

/** Dispute statuses in which the merchant can still answer (accept or submit evidence). */
const DISPUTE_OPEN: ReadonlySet<string> = new Set(['open', 'under_review', 'disputed']);

/** Whether a dispute still waits for the merchant or the network (braintree_node dispute.js `Status`). */
export function disputeIsOpen(status: string): boolean {
  return DISPUTE_OPEN.has(status);
}

/** A transaction as a search found it (either driver), with the fields {@link changedSalesOf} reads. */
export interface SearchedTransaction {
  id: string;
  type?: string | null;
  refundedTransactionId?: string | null;
  createdAt?: string | Date | null;
  updatedAt?: string | Date | null;
}

/** A datetime from the gateway (ISO string or Date) as a Date; `fallback` when absent or unreadable. */
function when(value: string | Date | null | undefined, fallback: Date): Date {
  const d = value ? new Date(value) : fallback;
  return Number.isNaN(d.getTime()) ? fallback : d;
}

/**
 * The sales whose money left, from the two searches of `changedSales`: each refund (a `credit`) as the sale it refunds,
 * each voided sale as itself (`until` stands in for a missing time).
 */
export function changedSalesOf(
  credits: readonly SearchedTransaction[],
  voided: readonly SearchedTransaction[],
  until: Date,
): ChangedSale[] {
  return [
    ...credits.flatMap((c) =>
      c.refundedTransactionId
        ? [
            {
              transactionId: c.refundedTransactionId,
              kind: 'refund' as const,
              subjectId: c.id,
              occurredAt: when(c.createdAt, until),
            },
          ]
        : [],
    ),
    ...voided
      .filter((t) => (t.type ?? 'sale') === 'sale')
      .map((t) => ({
        transactionId: t.id,
        kind: 'void' as const,
        subjectId: t.id,
        occurredAt: when(t.updatedAt, until),
      })),
  ];
}
