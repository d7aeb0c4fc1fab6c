import { and, desc, eq, sql } from 'drizzle-orm';
import { QuoteError, formatPrice, renewalChargeAt, renewalQuote, type QuoteService, type Quote } from '@ofw/domain';
import type { ParentSubscription } from '@ofw/api-client';
import type { DbOrTransaction as Db } from '../../db/prepared.js';
import type { Logger } from '../../lib/logger.js';
import { orders, subscriptions, users } from '../../db/schema.js';
import { HttpProblem } from '../../lib/problem.js';

type SubscriptionRow = typeof subscriptions.$inferSelect;
type UserRow = typeof users.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
/** What {@link setAutoRenew} needs of the services (not context.ts's Services: accounts.ts reads this module). */
type Services = { db: Db; now(): Date; logger: Logger };

/** A subscription and the order that bought it (the renewal is priced from that order's currency and selection). */
export interface SubscriptionWithOrder {
  sub: SubscriptionRow;
  order: Pick<OrderRow, 'currency' | 'productId' | 'services' | 'timeZone' | 'packageId'>;
}

/**
 * Whether a subscription row still runs: current and before its end, or current past its end while a declined renewal
 * is retried (docs/RENEWAL.md "Retries": the subscription stays current until the last retry fails).
 */
export function runs(
  sub: Pick<SubscriptionRow, 'status' | 'expiresAt' | 'renewalDeclines' | 'renewalDueAt'>,
  now: Date,
) {
  return sub.status === 'current' && (sub.expiresAt > now || retrying(sub));
}

/** A declined renewal waiting for its next retry. */
export function retrying(sub: Pick<SubscriptionRow, 'renewalDeclines' | 'renewalDueAt'>): boolean {
  return sub.renewalDeclines > 0 && sub.renewalDueAt !== null;
}

/** The columns of the order that bought a subscription which price and date its renewal (currency, selection, zone). */
export const TERM_ORDER_COLUMNS = {
  currency: orders.currency,
  productId: orders.productId,
  services: orders.services,
  timeZone: orders.timeZone,
  packageId: orders.packageId,
};

/** The parent's latest subscription (a current one first) with its order, or undefined when they never had one. */
export async function latestSubscription(db: Db, userId: number): Promise<SubscriptionWithOrder | undefined> {
  const [row] = await db
    .select({
      sub: subscriptions,
      order: TERM_ORDER_COLUMNS,
    })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(sql`${subscriptions.status} = 'current'`), desc(subscriptions.expiresAt))
    .limit(1);
  return row;
}

/**
 * What a renewal of `s` costs: `@ofw/domain` `renewalQuote` of its package (and a build-your-own order's product and
 * services) in the first term's currency, with the parent's flow and pricing group (spec §4 "Pricing group": a
 * current subscription keeps coparentPricing). Undefined when the package is no longer offered (no renewal can be
 * charged: the parent is told the subscription expires).
 */
export function renewalPrice(
  s: SubscriptionWithOrder,
  user: Pick<UserRow, 'flow' | 'coparentPricing'>,
): Quote | undefined {
  const lines = (s.order.services as { lines?: QuoteService[] } | null)?.lines;
  try {
    return renewalQuote(
      {
        packageId: s.sub.packageId,
        productId: s.order.productId === null ? null : Number(s.order.productId),
        services: lines ?? null,
      },
      { currency: s.order.currency, flow: user.flow, pricingGroup: user.coparentPricing },
    );
  } catch (e) {
    if (e instanceof QuoteError) return undefined;
    throw e;
  }
}

/** The zone a subscription's dates are read in: its order's (spec §3 parent.timeZone when it was bought). */
export function zoneOf(s: SubscriptionWithOrder, user: Pick<UserRow, 'timeZone'>): string {
  return s.order.timeZone ?? user.timeZone;
}

/**
 * The subscription as `GET /parents/{userId}` and the renewal links answer it (api-client `ParentSubscription`):
 * status, term, renewal on or off, the saved method (nothing else of it), and the next renewal — its price in the
 * parent's language, when it is charged and whether it is being retried.
 */
export function subscriptionAnswer(
  s: SubscriptionWithOrder,
  user: Pick<UserRow, 'flow' | 'coparentPricing' | 'languageLocale' | 'timeZone'>,
  now: Date,
): ParentSubscription {
  const { sub } = s;
  const current = runs(sub, now);
  const price = current && sub.autoRenew ? renewalPrice(s, user) : undefined;
  return {
    status: current ? 'current' : 'expired',
    packageId: sub.packageId,
    startsAt: sub.startsAt.toISOString(),
    expiresAt: sub.expiresAt.toISOString(),
    autoRenew: current && sub.autoRenew,
    paymentMethod: sub.paymentMethod ?? null,
    renewal: price
      ? {
          amount: price.charged,
          currencyCode: price.currency,
          formattedAmount: formatPrice(price.charged, price.currency),
          chargeOn: renewalChargeAt(sub.expiresAt, zoneOf(s, user)).toISOString(),
          state: retrying(sub) ? 'retrying' : 'scheduled',
          nextAttemptAt: sub.renewalDueAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** The parent's subscription for `GET /parents/{userId}` (null when they never had one). */
export async function parentSubscription(db: Db, user: UserRow, now: Date): Promise<ParentSubscription | null> {
  const latest = await latestSubscription(db, user.id);
  return latest ? subscriptionAnswer(latest, user, now) : null;
}

/**
 * `PUT /parents/{userId}/auto-renew` (the route answers the parent's state): renewal on (due on the term's last day, `renewalChargeAt`) or off (nothing more
 * is charged or reminded; a renewal being retried stops and the term ends at the runner's next pass).
 * @throws HttpProblem 409 `no_subscription` (none current), 409 `no_saved_payment_method` (on without a saved method),
 *   404 `not_found` (the parent's row is gone).
 */
export async function setAutoRenew(s: Services, user: UserRow, on: boolean): Promise<UserRow> {
  const now = s.now();
  const latest = await latestSubscription(s.db, user.id);
  if (!latest || !runs(latest.sub, now))
    throw new HttpProblem(409, 'no_subscription', 'There is no current subscription to renew.');
  const { sub } = latest;
  if (on && !sub.paymentMethodToken)
    throw new HttpProblem(
      409,
      'no_saved_payment_method',
      'No payment method is saved for renewals: pay again with one that can be saved.',
    );
  const due = on ? (retrying(sub) ? sub.renewalDueAt : renewalChargeAt(sub.expiresAt, zoneOf(latest, user))) : null;
  await s.db
    .update(subscriptions)
    .set({ autoRenew: on, renewalDueAt: due })
    .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.status, 'current')));
  s.logger.info({ userId: user.id, subscriptionId: sub.id, autoRenew: on }, 'automatic renewal changed');
  const [fresh] = await s.db.select().from(users).where(eq(users.id, user.id));
  if (!fresh) throw new HttpProblem(404, 'not_found', 'No such parent.');
  return fresh;
}
