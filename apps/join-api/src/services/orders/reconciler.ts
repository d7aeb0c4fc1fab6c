import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Services } from '../../context.js';
import { gatewayWatermarks, orders } from '../../db/schema.js';
import { GatewayUnavailableError } from '../../gateway/types.js';
import { applySaleMoney, recordPaymentEvent } from '../payment-events.js';
import { startPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.js';
import { failUnderLease, searchRulesOutSale, takeLease } from './charge-lease.js';
import { resolveFromGateway, reverseLate } from './finalize.js';

/** The first re-check of a failed or paid order after a check that found nothing to do (ms). */
export const LATE_CHECK_BACKOFF_MS = 5 * 60 * 1000;
/** The longest gap between two checks of one failed or paid order (ms): checks thin out but never stop. */
export const LATE_CHECK_MAX_BACKOFF_MS = 7 * 24 * 60 * 60 * 1000;
/** A late approval reversed on an order that failed longer ago than this is logged as a warning too. */
export const LATE_APPROVAL_WARN_MS = 60 * 60 * 1000;
/** Gateway searches a pass runs at once. */
export const RECONCILE_CONCURRENCY = 4;
/**
 * How far back each search for refunds and voids reaches before the last one's end (ms): a transaction shows in
 * Braintree's search a little after it was made, so consecutive searches overlap (events found twice are one row).
 */
export const CHANGED_SALES_OVERLAP_MS = 10 * 60 * 1000;

/** What one reconciliation pass did, and how far behind it is. */
export interface ReconcileResult {
  /** Pending orders recorded from the gateway (paid or declined). */
  resolved: number;
  /** Pending orders the gateway never saw, marked failed. */
  failed: number;
  /** Late or extra approvals given back. */
  reversed: number;
  /** Orders whose sale is still undecided (`authorizing`), left for a later pass. */
  inDoubt: number;
  /** How long the oldest order that was due for a check had waited past its due time (s; 0 when none was due). */
  lagSeconds: number;
  /** Paid and failed orders inside the window still due after this pass (`join_api_reconcile_backlog_orders`). */
  backlog: number;
  /** Refunds and voids found by search and recorded as payment events (new ones only). */
  changes: number;
}

/** Runs `work` over `items`, at most `limit` at once. */
async function eachBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/**
 * When a failed or paid order is next searched for late approvals: back-off doubling with the order's age (from
 * {@link LATE_CHECK_BACKOFF_MS} to {@link LATE_CHECK_MAX_BACKOFF_MS}), so recent orders are watched closely and old
 * ones still now and then — there is no window after which a live approval is forgotten (docs/PAYMENTS.md).
 */
function nextLateCheck(now: Date, updatedAt: Date): Date {
  const age = Math.max(0, now.getTime() - updatedAt.getTime());
  return new Date(now.getTime() + Math.min(LATE_CHECK_MAX_BACKOFF_MS, Math.max(LATE_CHECK_BACKOFF_MS, age)));
}

/**
 * One reconciliation pass (run at start-up and every `RECONCILE_INTERVAL_MS`), safe with several join-api processes on
 * one database — each order is handled under its lease, taken with a conditional update:
 * - pending orders whose lease has expired: a sale the gateway holds is recorded (paid with its subscription, or
 *   declined); a sale still `authorizing` leaves the order pending; an order the gateway never saw is marked `failed`;
 * - failed and paid orders decided less than `RECONCILE_WINDOW_DAYS` ago that are due (their lease doubles as the time
 *   of the next check, see {@link nextLateCheck}): every approval of a failed order, and every approval of a paid
 *   order other than the one that paid it, is reversed — older than {@link LATE_APPROVAL_WARN_MS} with a warning;
 *   a paid order whose own sale no longer holds its money ends its subscription (payment-events.ts
 *   `applySaleMoney`). Past the window, Braintree's webhooks alone speak for an order (docs/PAYMENTS-LIFECYCLE.md);
 * - refunds and voids made since the last pass, outside join-api (Braintree posts no notification for either), are
 *   found by two searches whatever the number of orders, and recorded as payment events ({@link scanChangedSales}).
 * Refunds are never approvals (the gateway lists sales only). At most `RECONCILE_BATCH_SIZE` orders of each kind are
 * checked per pass, {@link RECONCILE_CONCURRENCY} at once; gateway errors leave an order for the next pass.
 */
export async function reconcileOrders(s: Services, opts: { batchSize?: number } = {}): Promise<ReconcileResult> {
  const batch = opts.batchSize ?? s.env.RECONCILE_BATCH_SIZE;
  const now = s.now();
  const windowStart = new Date(now.getTime() - s.env.RECONCILE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const expired = or(isNull(orders.leaseUntil), lte(orders.leaseUntil, now));
  /** When an order was due: the end of its lease or back-off, or when it last changed if it has none. */
  const dueAt = sql<Date>`coalesce(${orders.leaseUntil}, ${orders.updatedAt})`;
  const result: ReconcileResult = {
    resolved: 0,
    failed: 0,
    reversed: 0,
    inDoubt: 0,
    lagSeconds: 0,
    backlog: 0,
    changes: 0,
  };
  const noteLag = (due: Date | string) => {
    const lag = Math.max(0, (now.getTime() - new Date(due).getTime()) / 1000);
    result.lagSeconds = Math.max(result.lagSeconds, lag);
  };
  const stale = await s.db
    .select({ id: orders.id, dueAt, leaseUntil: orders.leaseUntil })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), expired))
    .orderBy(dueAt)
    .limit(batch);
  await eachBounded(stale, RECONCILE_CONCURRENCY, async ({ id, dueAt: due, leaseUntil }) => {
    noteLag(due);
    const order = await takeLease(s, id, ['pending']);
    if (!order) return;
    try {
      const outcome = await resolveFromGateway(s, order);
      if (outcome === 'resolved') result.resolved++;
      // nothing found yet may still be a sale the search index has not shown: in doubt until the grace has passed
      else if (outcome === 'in_doubt' || !searchRulesOutSale(s, order, leaseUntil)) result.inDoubt++;
      else if (await failUnderLease(s, order)) result.failed++;
    } catch (e) {
      if (!(e instanceof GatewayUnavailableError)) throw e;
      s.logger.warn({ orderId: id, err: e.message }, 'reconciliation: gateway unavailable; order left pending');
    }
  });
  const lateDue = and(expired, inArray(orders.status, ['failed', 'paid']), gte(orders.updatedAt, windowStart));
  const due = await s.db.select({ id: orders.id, dueAt }).from(orders).where(lateDue).orderBy(dueAt).limit(batch);
  await eachBounded(due, RECONCILE_CONCURRENCY, async ({ id, dueAt: dueTime }) => {
    noteLag(dueTime);
    await checkLate(s, id, now, result);
  });
  result.changes = await scanChangedSales(s).catch((e: unknown) => {
    if (!(e instanceof GatewayUnavailableError)) throw e;
    s.logger.warn({ err: e.message }, 'reconciliation: gateway unavailable; refunds and voids searched next pass');
    return 0;
  });
  const [left] = await s.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(lateDue);
  result.backlog = left?.n ?? 0;
  return result;
}

/**
 * The late check of one failed or paid order (see {@link reconcileOrders}), under its lease: extra approvals reversed,
 * the paying sale's money re-read when the search shows it gone, and the next check scheduled.
 */
async function checkLate(s: Services, id: string, now: Date, result: ReconcileResult): Promise<void> {
  const order = await takeLease(s, id, ['failed', 'paid']);
  if (!order) return;
  try {
    const found = await s.gateway.findByOrderId(id);
    let undecided = false;
    for (const t of found) {
      if (t.outcome === 'in_doubt') undecided = true;
      if (t.outcome !== 'approved' || (order.status === 'paid' && t.transactionId === order.transactionId)) continue;
      if (order.status === 'failed' && now.getTime() - order.updatedAt.getTime() > LATE_APPROVAL_WARN_MS) {
        s.logger.warn(
          { orderId: id, transactionId: t.transactionId, failedAt: order.updatedAt.toISOString() },
          'reconciliation: a live approval for an order that failed over an hour ago',
        );
      }
      await reverseLate(s, id, t.transactionId);
      result.reversed++;
    }
    if (undecided) result.inDoubt++;
    // the paying sale itself: refunded, voided, declined at settlement or charged back → the subscription ends
    const paying = order.status === 'paid' ? found.find((t) => t.transactionId === order.transactionId) : undefined;
    if (paying && paying.outcome !== 'approved' && paying.outcome !== 'in_doubt')
      await applySaleMoney(s, paying.transactionId);
    // an undecided sale is looked at again soon; otherwise the back-off grows with the order's age
    const next = undecided
      ? new Date(s.now().getTime() + LATE_CHECK_BACKOFF_MS)
      : nextLateCheck(s.now(), order.updatedAt);
    await s.db.update(orders).set({ leaseUntil: next }).where(eq(orders.id, id));
  } catch (e) {
    if (!(e instanceof GatewayUnavailableError)) throw e;
    s.logger.warn({ orderId: id, err: e.message }, 'reconciliation: gateway unavailable; order left for later');
  }
}

const CHANGED_SALES = 'changed_sales';

/**
 * Searches the gateway for refunds created and sales voided since the last search (the `changed_sales` watermark, less
 * {@link CHANGED_SALES_OVERLAP_MS}; the first search reaches back over the whole window) and records each as a payment
 * event (`source` 'search', `kind` 'refund' | 'void'), which the payment-events worker handles like a notification.
 * Two searches per pass, whatever the number of parents.
 * @returns how many new events were recorded.
 * @throws GatewayUnavailableError (the watermark stays: the next pass searches the same span again)
 */
export async function scanChangedSales(s: Services): Promise<number> {
  const now = s.now();
  const [mark] = await s.db.select().from(gatewayWatermarks).where(eq(gatewayWatermarks.name, CHANGED_SALES));
  const since = mark
    ? new Date(mark.seenUntil.getTime() - CHANGED_SALES_OVERLAP_MS)
    : new Date(now.getTime() - s.env.RECONCILE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const changed = await s.gateway.changedSales(since, now);
  let recorded = 0;
  for (const c of changed) {
    const fresh = await recordPaymentEvent(s, {
      source: 'search',
      kind: c.kind,
      subjectId: c.subjectId,
      transactionId: c.transactionId,
      occurredAt: c.occurredAt,
      payload: {},
    });
    if (fresh) recorded++;
  }
  await s.db
    .insert(gatewayWatermarks)
    .values({ name: CHANGED_SALES, seenUntil: now })
    .onConflictDoUpdate({ target: gatewayWatermarks.name, set: { seenUntil: now } });
  if (recorded) s.paymentEvents?.kick();
  return recorded;
}

/** A running reconciliation loop (see {@link startReconciler}). */
export type Reconciler = Pick<PeriodicJob<ReconcileResult>, 'runOnce' | 'stop'>;

/**
 * Runs {@link reconcileOrders} now and then every `intervalMs` (0: only now), on the shared periodic-job runner
 * (an `unref`'d timer; errors logged, never thrown).
 */
export function startReconciler(s: Services, intervalMs: number): Reconciler {
  return startPeriodicJob({
    logger: s.logger,
    failure: 'reconciliation failed',
    intervalMs,
    runNow: true,
    run: () => reconcileOrders(s),
    onPass: (r) => {
      s.metrics.reconcileLagSeconds.set(r.lagSeconds);
      s.metrics.reconcileBacklog.set(r.backlog);
      if (r.resolved || r.failed || r.reversed || r.inDoubt || r.changes) s.logger.info(r, 'reconciled orders');
    },
  });
}
