import { and, eq } from 'drizzle-orm';
import { toMinor, type Quote } from '@ofw/domain';
import type { Services } from '../../context.js';
import { orders, subscriptions } from '../../db/schema.js';
import { GatewayUnavailableError, type ChargeResult } from '../../gateway/types.js';
import { newId } from '../../lib/tokens.js';
import { minorToDecimal } from '../../order-quote.js';
import type { UserRow } from '../../accounts.js';
import {
  chargeLeaseMs,
  dropLease,
  failUnderLease,
  renewLease,
  searchRulesOutSale,
  takeLease,
} from '../orders/charge-lease.js';
import { record, resolveFromGateway } from '../orders/finalize.js';
import type { OrderRow } from '../orders/types.js';
import { renewalPrice, zoneOf, type SubscriptionWithOrder } from './state.js';

/** A subscription to renew, the order that bought it and its parent. */
export interface RenewalTarget extends SubscriptionWithOrder {
  user: UserRow;
}

/**
 * How one renewal charge under one key ended: `paid` (the order paid, the new term recorded by finalize.ts), `declined`
 * (declined, or failed: nothing was charged), `in_doubt` (the provider's answer is not known yet: the order stays
 * pending under its lease and the reconciler or a later pass resolves it), `busy` (another charge of the parent is in
 * flight, or the subscription no longer renews), `unpriced` (the package is no longer offered: no renewal can be sold).
 */
export type RenewalCharge =
  | {
      outcome: 'paid' | 'declined';
      order: OrderRow;
      /** This call's sale decided it (counted once). */ charged?: boolean;
    }
  | { outcome: 'in_doubt' | 'busy' | 'unpriced' };

/** The renewal's order under `key`, when it exists. */
async function orderOfKey(s: Services, userId: number, key: string): Promise<OrderRow | undefined> {
  const [row] = await s.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

/**
 * The renewal's order of `key`: found, or inserted pending under this caller's lease (`fresh`) — while the parent has
 * no other order pending (orders_one_pending_per_user_idx: one charge in flight per parent) — and then only kept while
 * the subscription is still current, read after the insert (a renewal paid under another key before it ended that
 * subscription; the new order is then failed uncharged). No row lock is held across the insert: the statement that
 * pays an order locks its order, then the subscription, and a lock held here in the other order would deadlock.
 */
async function openRenewalOrder(
  s: Services,
  t: RenewalTarget,
  key: string,
  price: Quote,
): Promise<{ order: OrderRow; fresh: boolean } | undefined> {
  const found = await orderOfKey(s, t.user.id, key);
  if (found) return { order: found, fresh: false };
  const now = s.now();
  const [inserted] = await s.db
    .insert(orders)
    .values({
      id: newId('ord'),
      userId: t.user.id,
      idempotencyKey: key,
      kind: 'renewal',
      autoRenew: true,
      renewsSubscriptionId: t.sub.id,
      packageId: price.packageId,
      productId: price.productId === null ? null : String(price.productId),
      services: { lines: price.services, years: price.years },
      currency: price.currency,
      amountMinor: toMinor(price.charged),
      vatMinor: price.vat === null ? null : toMinor(price.vat),
      timeZone: zoneOf(t, t.user),
      status: 'pending',
      gateway: s.gateway.name,
      leaseUntil: new Date(now.getTime() + chargeLeaseMs(s)),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    const [live] = await s.db
      .select({ status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.id, t.sub.id));
    if (live?.status === 'current') return { order: inserted, fresh: true };
    await failUnderLease(s, inserted);
    return undefined;
  }
  const raced = await orderOfKey(s, t.user.id, key);
  return raced ? { order: raced, fresh: false } : undefined;
}

/** What an order that is no longer pending says about its renewal. */
function settled(order: OrderRow): Extract<RenewalCharge, { order: OrderRow }> | undefined {
  if (order.status === 'paid') return { outcome: 'paid', order };
  if (order.status === 'declined' || order.status === 'failed') return { outcome: 'declined', order };
  return undefined;
}

/**
 * Charges the renewal of `t.sub` once under `key` (docs/RENEWAL.md "Exactly once"): the proven order machinery of
 * POST /orders — an order row per key (unique per parent), the charge lease (charge-lease.ts), a lost answer resolved
 * by the search by order id before any new charge (finalize.ts `resolveFromGateway`), and the answer recorded by
 * finalize.ts (paid: the new term from the old one's end, the receipt queued). The sale is merchant-initiated on the
 * saved method (`gateway.chargeVaulted`, Braintree `transactionSource: 'recurring'`).
 */
export async function chargeRenewal(s: Services, t: RenewalTarget, key: string): Promise<RenewalCharge> {
  const price = renewalPrice(t, t.user);
  if (!price) return { outcome: 'unpriced' };
  const opened = await openRenewalOrder(s, t, key, price);
  if (!opened) return { outcome: 'busy' };
  let order = opened.order;
  const done = settled(order);
  if (done) return done;
  if (!opened.fresh) {
    const leaseBefore = order.leaseUntil;
    const leased = await takeLease(s, order.id);
    if (!leased) return { outcome: 'busy' };
    const found = await resolveFromGateway(s, leased).catch((e: unknown) => {
      if (e instanceof GatewayUnavailableError) return 'in_doubt' as const;
      throw e;
    });
    if (found === 'resolved') return settled((await orderOfKey(s, t.user.id, key))!) ?? { outcome: 'in_doubt' };
    if (found === 'in_doubt' || !searchRulesOutSale(s, leased, leaseBefore)) return { outcome: 'in_doubt' };
    const renewed = await renewLease(s, leased);
    if (!renewed) return { outcome: 'busy' };
    order = renewed;
  }
  return chargeOnce(s, t, order, key);
}

/** The sale itself, under the order's lease, and its answer recorded. */
async function chargeOnce(s: Services, t: RenewalTarget, order: OrderRow, key: string): Promise<RenewalCharge> {
  let result: ChargeResult;
  try {
    result = await s.gateway.chargeVaulted({
      orderId: order.id,
      amount: minorToDecimal(order.amountMinor),
      currencyCode: order.currency,
      paymentMethodToken: t.sub.paymentMethodToken!,
      customer: { firstName: t.user.firstName, lastName: t.user.lastName, email: t.user.email },
    });
  } catch (e) {
    if (!(e instanceof GatewayUnavailableError)) throw e;
    if (!e.maybeInFlight) await dropLease(s, order.id);
    s.logger.warn({ orderId: order.id, err: e.message }, 'renewal charge in doubt; order left pending');
    s.metrics.renewalsTotal.inc({ outcome: 'in_doubt' });
    return { outcome: 'in_doubt' };
  }
  await record(s, order, result);
  s.logger.info(
    { orderId: order.id, subscriptionId: t.sub.id, outcome: result.outcome, amountMinor: order.amountMinor },
    'renewal charged',
  );
  const after = await orderOfKey(s, t.user.id, key);
  const decided = after && settled(after);
  return decided
    ? { ...decided, charged: after.transactionId === ('transactionId' in result ? result.transactionId : undefined) }
    : { outcome: 'in_doubt' };
}
