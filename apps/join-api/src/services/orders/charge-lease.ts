import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Services } from '../../context.js';
import { orders, type OrderStatus } from '../../db/schema.js';
import type { OrderRow } from './types.js';

/**
 * What the charge lease adds to the driver's longest charge (ms): the database round trips between taking the lease
 * and the gateway call, and a search index catching up with a sale that landed at its deadline.
 */
export const LEASE_MARGIN_MS = 5_000;

/**
 * The charge lease (ms): the longest charge the gateway driver can make ({@link PaymentGateway.maxChargeMs}: every
 * call bounded by `GATEWAY_TIMEOUT_MS`, at least the 60 s a sale gets, gateway/deadline.ts `MIN_SALE_TIMEOUT_MS`) plus
 * {@link LEASE_MARGIN_MS} — so it outlives the sale's deadline: with the defaults 125 s for `braintree` (nonce lookup +
 * sale, 60 s each) and 65 s for `sandbox`. Whoever calls the gateway about an order holds the order's lease for this
 * long, taken (or renewed) just before the call; nobody else charges, resolves or fails the order while it is live, so
 * an order whose sale a search does not show yet is not failed while that sale could still land.
 */
export function chargeLeaseMs(s: Pick<Services, 'gateway'>): number {
  return s.gateway.maxChargeMs + LEASE_MARGIN_MS;
}

/**
 * Whether the gateway's search finding no sale for a pending order rules a sale out, so the order may be failed: only
 * once its last charge can no longer land unseen — the charge lease (which outlives the sale's deadline) plus
 * `ORDER_SEARCH_GRACE_MS`, the lag of the provider's search index (a Braintree transaction shows in
 * `transaction.search` a little after it was made), since the charge began (`updated_at`, stamped at each charge).
 * Until then the order stays pending, in doubt (docs/PAYMENTS-LIFECYCLE.md). An order whose lease was already gone
 * (`leaseBefore` null: its last call was answered, or the gateway said it carried nothing out) has no sale in flight.
 */
export function searchRulesOutSale(
  s: Pick<Services, 'gateway' | 'env' | 'now'>,
  order: OrderRow,
  leaseBefore: Date | null,
): boolean {
  // no lease left behind: the last gateway call ended with an answer, or said it carried nothing out (dropLease)
  if (leaseBefore === null) return true;
  return s.now().getTime() - order.updatedAt.getTime() >= chargeLeaseMs(s) + s.env.ORDER_SEARCH_GRACE_MS;
}

/**
 * Takes an order's lease when nobody holds it (never taken, or expired) and the order is in one of `statuses`.
 * @returns the order row as it now stands, or undefined when the lease is held by another caller.
 */
export async function takeLease(
  s: Services,
  orderId: string,
  statuses: OrderStatus[] = ['pending'],
): Promise<OrderRow | undefined> {
  const now = s.now();
  const [row] = await s.db
    .update(orders)
    .set({ leaseUntil: new Date(now.getTime() + chargeLeaseMs(s)) })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.status, statuses),
        or(isNull(orders.leaseUntil), lte(orders.leaseUntil, now)),
      ),
    )
    .returning();
  return row;
}

/**
 * Renews a lease this caller still holds (and stamps `updated_at`: a charge begins under it, see
 * {@link searchRulesOutSale}) — fenced on the exact `lease_until` it set, so a lease that ran out and was
 * taken by another process meanwhile is not renewed. Called before each further gateway call under one lease (a
 * search, then the charge), so the lease always covers the call in flight.
 * @returns the order row with the new lease, or undefined when the lease is no longer this caller's.
 */
export async function renewLease(s: Services, order: OrderRow): Promise<OrderRow | undefined> {
  if (!order.leaseUntil) return undefined;
  const [row] = await s.db
    .update(orders)
    .set({ leaseUntil: new Date(s.now().getTime() + chargeLeaseMs(s)), updatedAt: s.now() })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), eq(orders.leaseUntil, order.leaseUntil)))
    .returning();
  return row;
}

/** Ends a lease that ended without a gateway call in flight (a definite answer, or a gateway that said nothing). */
export async function dropLease(s: Services, orderId: string): Promise<void> {
  await s.db.update(orders).set({ leaseUntil: null }).where(eq(orders.id, orderId));
}

/**
 * Marks a pending order the gateway never saw `failed` — only while this caller's lease on it still stands (fenced on
 * `lease_until`), so an order another process is charging again is never failed.
 */
export async function failUnderLease(s: Services, order: OrderRow): Promise<boolean> {
  const [f] = await s.db
    .update(orders)
    .set({ status: 'failed', leaseUntil: null, updatedAt: s.now() })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.status, 'pending'),
        order.leaseUntil ? eq(orders.leaseUntil, order.leaseUntil) : isNull(orders.leaseUntil),
      ),
    )
    .returning({ id: orders.id });
  return Boolean(f);
}

/**
 * Reopens the order a step-up retries (declined with the bank's 2099, step-up.ts): pending again, under this
 * request's lease, keeping its decline code so a second 2099 is final.
 */
export async function reopenForStepUp(s: Services, userId: number, key: string): Promise<OrderRow | undefined> {
  const [row] = await s.db
    .update(orders)
    .set({ status: 'pending', leaseUntil: new Date(s.now().getTime() + chargeLeaseMs(s)), updatedAt: s.now() })
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key), eq(orders.status, 'declined')))
    .returning();
  return row;
}
