import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  formatPrice,
  fromMinor,
  getPackage,
  purchaseFlow,
  QuoteError,
  toMinor,
  type ProratedPriceInfo,
  type Quote,
} from '@ofw/domain';
import type { BillingAddress, ExpectedCharge, OrderRequest, OrderResponse, Problem } from '@ofw/api-client';
import type { Services } from '../context.js';
import { coupons, idempotencyKeys, orders, subscriptions, users, type OrderStatus } from '../db/schema.js';
import { GatewayUnavailableError, type ChargeResult, type FoundTransaction } from '../gateway/types.js';
import { declineCategory, type Decline } from '../gateway/decline-category.js';
import { startPeriodicJob, type PeriodicJob } from '../lib/periodic-job.js';
import { problemOf } from '../lib/problem.js';
import { ServiceError } from './errors.js';
import { newId } from '../lib/tokens.js';
import { LIABILITY_KEPT_MESSAGE } from '../gateway/three-d-secure.js';
import {
  authenticationRequired,
  mayStepUp,
  offersStepUp,
  parseStoredHashes,
  requestHashes,
  steppedUpHashes,
  storedHashes,
} from './step-up.js';
import {
  CurrencyNotOfferedError,
  buyerCurrency,
  minorToDecimal,
  quoteOrder,
  type BuyerContext,
  type OrderSelection,
} from '../order-quote.js';
import { availabilityFor, pricingGroupOf } from './offers.js';
import { currentTerm, type UserRow } from '../accounts.js';
import { orderPaymentMethod, orderYears, paymentColumns, queueReceipt } from '../receipts.js';

type OrderRow = typeof orders.$inferSelect;

/** What POST /orders answers (stored for replays). */
export interface StoredResponse {
  status: number;
  body: OrderResponse | Problem;
  replayed?: boolean;
}

/** A definite answer for this Idempotency-Key: stored and replayed. */
class FinalAnswer extends Error {
  constructor(readonly answer: StoredResponse) {
    super('final');
  }
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** An upgrade whose credit covers the whole price (floored at 0) is paid without a gateway call. */
const NOTHING_TO_CHARGE: ChargeResult = {
  outcome: 'approved',
  transactionId: '',
  status: 'no_charge',
  paymentMethod: null,
};

/**
 * The charge lease (ms): the longest charge the gateway driver can make ({@link PaymentGateway.maxChargeMs}, every
 * call bounded by `GATEWAY_TIMEOUT_MS`) plus a margin. Whoever calls the gateway about an order holds the order's lease
 * for this long, taken before the call; nobody else charges, resolves or fails the order while it is live.
 */
export function chargeLeaseMs(s: Pick<Services, 'gateway'>): number {
  return s.gateway.maxChargeMs + 5_000;
}

/** The Idempotency-Key's in-flight lock outlives the lease of the charge made under it. */
function lockMs(s: Services): number {
  return chargeLeaseMs(s) + 5_000;
}

/**
 * Takes an order's lease when nobody holds it (never taken, or expired) and the order is in one of `statuses`.
 * @returns the order row as it now stands, or undefined when the lease is held by another caller.
 */
async function takeLease(
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
 * Renews a lease this caller still holds — fenced on the exact `lease_until` it set, so a lease that ran out and was
 * taken by another process meanwhile is not renewed. Called before each further gateway call under one lease (a
 * search, then the charge), so the lease always covers the call in flight.
 * @returns the order row with the new lease, or undefined when the lease is no longer this caller's.
 */
async function renewLease(s: Services, order: OrderRow): Promise<OrderRow | undefined> {
  if (!order.leaseUntil) return undefined;
  const [row] = await s.db
    .update(orders)
    .set({ leaseUntil: new Date(s.now().getTime() + chargeLeaseMs(s)) })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), eq(orders.leaseUntil, order.leaseUntil)))
    .returning();
  return row;
}

/** Ends a lease that ended without a gateway call in flight (a definite answer, or a gateway that said nothing). */
async function dropLease(s: Services, orderId: string): Promise<void> {
  await s.db.update(orders).set({ leaseUntil: null }).where(eq(orders.id, orderId));
}

/**
 * A refusal as the answer stored for its Idempotency-Key: the problem+json first sent (Stripe semantics — a replay
 * gets the same status and body), so it goes through the app's one mapping of refusals to problems (`problemOf`)
 * when it is stored rather than when it is sent.
 */
function storedRefusal(refusal: ServiceError, instance?: string): StoredResponse {
  const problem = problemOf(refusal);
  return { status: problem.status, body: problem.toProblem(instance) };
}

/** A refusal that is the key's final answer (stored, then answered). */
function final(refusal: ServiceError, instance?: string): FinalAnswer {
  return new FinalAnswer(storedRefusal(refusal, instance));
}

/**
 * The 201 body of a paid order (§3 Package receipt fields, brand and last four only). An upgrade carries the
 * `proratedPriceInfo` it was charged and the credit of the replaced subscription; `purchaseFlow` is
 * `@ofw/domain`'s rule over it (§4: 'upgrade' when prorated price info exists). `receiptEmail`: where the receipt
 * e-mail went (the payer's account e-mail), so the page can say so.
 */
function paidResponse(
  order: OrderRow,
  sub: { startsAt: Date; expiresAt: Date },
  receiptEmail: string | null,
): OrderResponse {
  const pkg = getPackage(order.packageId);
  const amount = fromMinor(order.amountMinor);
  const currency = order.currency;
  // §9: the VAT inside what was charged (after any coupon or proration): the order's quote(...).vat
  const vat = order.vatMinor === null ? undefined : fromMinor(order.vatMinor);
  const proratedPriceInfo: ProratedPriceInfo | undefined =
    order.replacesSubscriptionId === null
      ? undefined
      : { proratedPrice: amount, proratedPriceFormatted: formatPrice(amount, currency) };
  return {
    orderId: order.id,
    status: 'paid',
    purchaseFlow: purchaseFlow({ proratedPriceInfo }),
    subscription: {
      status: 'current',
      packageId: order.packageId,
      startsAt: sub.startsAt.toISOString(),
      expiresAt: sub.expiresAt.toISOString(),
    },
    receipt: {
      packageName: pkg?.displayName ?? String(order.packageId),
      ...(pkg ? { receiptText: pkg.receiptText } : {}),
      years: orderYears(order),
      receiptEmail,
      amount,
      currencyCode: order.currency,
      formattedAmount: formatPrice(amount, currency),
      discountAmount: fromMinor(order.discountMinor),
      ...(vat !== undefined ? { vatAmount: vat } : {}),
      ...(proratedPriceInfo ? { proratedPriceInfo, creditAmount: fromMinor(order.creditMinor) } : {}),
      cardBrand: order.cardBrand,
      last4: order.cardLast4,
      paymentMethod: orderPaymentMethod(order),
      transactionId: order.transactionId ?? '',
    },
  };
}

/**
 * A decline (§8, 402): processor-declined vs gateway-rejected and a coarse `declineCategory` (gateway/decline-category.ts)
 * — never the processor's code or text, nor CVV/AVS details, which tell card testers which numbers are live; those are
 * logged (`finalize`) and kept on the order row.
 */
export function declineRefusal(result: Decline, orderId: string): ServiceError {
  const extra = { declineCategory: declineCategory(result), orderId };
  if (result.outcome === 'processor_declined')
    return new ServiceError('processor_declined', 'The card was declined by the bank.', { extra });
  return new ServiceError('gateway_rejected', 'The payment was rejected.', { extra });
}

/** What the gateway said of a decline, for the logs only (never in an answer). */
function declineDetails(result: Decline) {
  return {
    outcome: result.outcome,
    processorResponseCode: result.processorResponseCode,
    processorResponseText: result.processorResponseText,
    ...(result.outcome === 'gateway_rejected' ? { gatewayRejectionReason: result.gatewayRejectionReason } : {}),
  };
}

/** A nonce the gateway cannot charge (unknown, expired or used; 422): the parent enters the card again. */
function nonceRefusal(result: Extract<ChargeResult, { outcome: 'payment_method_invalid' }>, orderId: string) {
  return new ServiceError(
    'payment_method_expired',
    result.reason === 'consumed'
      ? 'This payment method was already used. Enter the card again.'
      : 'This payment method is unknown or expired. Enter the card again.',
    { extra: { orderId } },
  );
}

/**
 * Records the gateway's answer for a pending order in one transaction: order paid + subscription
 * (current, expiry from the term) + billing address + the idempotent response; or order declined (402) or failed
 * (422, the nonce could not be charged). The lease ends with it.
 * @returns the stored answer, or undefined when the order was no longer pending (nothing written).
 */
async function finalize(s: Services, order: OrderRow, result: ChargeResult): Promise<StoredResponse | undefined> {
  const now = s.now();
  return s.db.transaction(async (tx) => {
    if (result.outcome === 'approved') {
      const [paid] = await tx
        .update(orders)
        .set({
          status: 'paid',
          transactionId: result.transactionId,
          ...paymentColumns(result.paymentMethod),
          processorResponseCode: result.processorResponseCode ?? null,
          leaseUntil: null,
          updatedAt: now,
        })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
        .returning();
      if (!paid) return undefined;
      const years = orderYears(order);
      const sub = { startsAt: now, expiresAt: new Date(now.getTime() + years * YEAR_MS) };
      // The new subscription replaces whatever is 'current' (an upgrade's old term ends now; a lapsed one is expired).
      await tx
        .update(subscriptions)
        .set({
          status: sql`case when ${subscriptions.expiresAt} <= ${now.toISOString()}::timestamptz then 'expired' else 'ended' end`,
          endedAt: now,
        })
        .where(and(eq(subscriptions.userId, order.userId), eq(subscriptions.status, 'current')));
      await tx
        .insert(subscriptions)
        .values({ userId: order.userId, orderId: order.id, packageId: order.packageId, status: 'current', ...sub });
      const [payer] = await tx
        .update(users)
        .set({ billingAddress: order.billingAddress })
        .where(eq(users.id, order.userId))
        .returning({ email: users.email, firstName: users.firstName, languageLocale: users.languageLocale });
      // The payer's receipt e-mail, in the outbox of this same transaction (README "Outbox").
      const receiptEmail = await queueReceipt(tx, paid, now, payer);
      const answer: StoredResponse = { status: 201, body: paidResponse(paid, sub, receiptEmail ?? null) };
      await tx
        .update(idempotencyKeys)
        .set({ state: 'completed', responseStatus: answer.status, responseBody: answer.body, lockedUntil: null })
        .where(and(eq(idempotencyKeys.userId, order.userId), eq(idempotencyKeys.key, order.idempotencyKey)));
      return answer;
    }
    const invalid = result.outcome === 'payment_method_invalid';
    const [declined] = await tx
      .update(orders)
      .set({
        status: invalid ? 'failed' : 'declined',
        transactionId: invalid ? null : (result.transactionId ?? null),
        cardBrand: invalid ? null : paymentColumns(result.paymentMethod).cardBrand,
        processorResponseCode: result.processorResponseCode ?? null,
        leaseUntil: null,
        updatedAt: now,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
      .returning();
    if (!declined) return undefined;
    if (!invalid) s.logger.info({ orderId: order.id, decline: declineDetails(result) }, 'payment declined');
    const answer = storedRefusal(
      invalid
        ? nonceRefusal(result, order.id)
        : offersStepUp(order, result) && result.outcome === 'processor_declined'
          ? authenticationRequired(order.id) // the key stays open for one step-up (step-up.ts)
          : declineRefusal(result, order.id),
    );
    await tx
      .update(idempotencyKeys)
      .set({ state: 'completed', responseStatus: answer.status, responseBody: answer.body, lockedUntil: null })
      .where(and(eq(idempotencyKeys.userId, order.userId), eq(idempotencyKeys.key, order.idempotencyKey)));
    return answer;
  });
}

/**
 * Gives back the money of an approval that cannot pay its order (the order was failed or paid by another
 * transaction: a charge that landed after its caller gave up). Logged at error level with the order id.
 * @throws GatewayUnavailableError (the next reconciliation tries again)
 */
async function reverseLate(
  s: Services,
  orderId: string,
  transactionId: string,
  reason: 'late_approval' | 'duplicate_approval' = 'late_approval',
): Promise<void> {
  const outcome = await s.gateway.reverse(transactionId);
  s.metrics.paymentReversalsTotal.inc({ reason });
  s.logger.error(
    { orderId, transactionId, outcome },
    'late approval for an order that is no longer pending: money given back',
  );
}

/**
 * Records a gateway answer for an order whose lease the caller holds. When the order is no longer pending (someone
 * resolved it meanwhile), an approval that did not pay it is reversed.
 * @returns the stored answer, or undefined when the order was no longer pending.
 */
async function record(s: Services, order: OrderRow, result: ChargeResult): Promise<StoredResponse | undefined> {
  const answer = await finalize(s, order, result);
  if (answer) return answer;
  if (result.outcome === 'approved' && result.transactionId) {
    const [now] = await s.db.select().from(orders).where(eq(orders.id, order.id));
    if (now?.transactionId !== result.transactionId) await reverseLate(s, order.id, result.transactionId);
  }
  return undefined;
}

/**
 * With the order's lease held: asks the gateway for the order's sales (Braintree search by orderId and type) and
 * records what it finds — the first approval pays the order and any further approval is reversed; otherwise a
 * decline is recorded. The provider does not deduplicate on orderId, so there may be several. A sale whose money is
 * not decided yet (`authorizing`) leaves the order pending.
 * @returns 'resolved' when an answer was recorded, 'in_doubt' when a sale is still undecided, 'none' when the gateway
 *   holds no sale for the order.
 * @throws GatewayUnavailableError
 */
async function resolveFromGateway(s: Services, order: OrderRow): Promise<'resolved' | 'in_doubt' | 'none'> {
  const found: FoundTransaction[] = await s.gateway.findByOrderId(order.id);
  const approved = found.filter((t) => t.outcome === 'approved');
  if (!approved.length && found.some((t) => t.outcome === 'in_doubt')) return 'in_doubt';
  const pick = approved[0] ?? found.at(-1);
  if (!pick || pick.outcome === 'in_doubt') return 'none';
  await record(s, order, pick);
  for (const extra of approved.slice(1)) await reverseLate(s, order.id, extra.transactionId, 'duplicate_approval');
  return 'resolved';
}

/**
 * Marks a pending order the gateway never saw `failed` — only while this caller's lease on it still stands (fenced on
 * `lease_until`), so an order another process is charging again is never failed.
 */
async function failUnderLease(s: Services, order: OrderRow): Promise<boolean> {
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

/** The first re-check of a failed or paid order after a check that found nothing to do (ms). */
export const LATE_CHECK_BACKOFF_MS = 5 * 60 * 1000;
/** The longest gap between two checks of one failed or paid order (ms): checks thin out but never stop. */
export const LATE_CHECK_MAX_BACKOFF_MS = 7 * 24 * 60 * 60 * 1000;
/** A late approval reversed on an order that failed longer ago than this is logged as a warning too. */
export const LATE_APPROVAL_WARN_MS = 60 * 60 * 1000;
/** Gateway searches a pass runs at once. */
export const RECONCILE_CONCURRENCY = 4;

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
 * ones still now and then — there is no window after which a live approval is forgotten (DESIGN.md §5).
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
 * - failed and paid orders that are due (their lease doubles as the time of the next check, see
 *   {@link nextLateCheck}): every approval of a failed order, and every approval of a paid order other than the one
 *   that paid it, is reversed, however old — older than {@link LATE_APPROVAL_WARN_MS} with a warning.
 * Refunds are never approvals (the gateway lists sales only), and a refunded sale holds no money. Up to
 * {@link RECONCILE_CONCURRENCY} orders are checked at once; gateway errors leave an order for the next pass.
 */
export async function reconcileOrders(s: Services, opts: { batchSize?: number } = {}): Promise<ReconcileResult> {
  const batch = opts.batchSize ?? 100;
  const now = s.now();
  const expired = or(isNull(orders.leaseUntil), lte(orders.leaseUntil, now));
  /** When an order was due: the end of its lease or back-off, or when it last changed if it has none. */
  const dueAt = sql<Date>`coalesce(${orders.leaseUntil}, ${orders.updatedAt})`;
  const result: ReconcileResult = { resolved: 0, failed: 0, reversed: 0, inDoubt: 0, lagSeconds: 0 };
  const noteLag = (due: Date | string) => {
    const lag = Math.max(0, (now.getTime() - new Date(due).getTime()) / 1000);
    result.lagSeconds = Math.max(result.lagSeconds, lag);
  };
  const stale = await s.db
    .select({ id: orders.id, dueAt })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), expired))
    .orderBy(dueAt)
    .limit(batch);
  await eachBounded(stale, RECONCILE_CONCURRENCY, async ({ id, dueAt: due }) => {
    noteLag(due);
    const order = await takeLease(s, id, ['pending']);
    if (!order) return;
    try {
      const outcome = await resolveFromGateway(s, order);
      if (outcome === 'resolved') result.resolved++;
      else if (outcome === 'in_doubt') result.inDoubt++;
      else if (await failUnderLease(s, order)) result.failed++;
    } catch (e) {
      if (!(e instanceof GatewayUnavailableError)) throw e;
      s.logger.warn({ orderId: id, err: e.message }, 'reconciliation: gateway unavailable; order left pending');
    }
  });
  const due = await s.db
    .select({ id: orders.id, dueAt })
    .from(orders)
    .where(and(expired, inArray(orders.status, ['failed', 'paid'])))
    .orderBy(dueAt)
    .limit(batch);
  await eachBounded(due, RECONCILE_CONCURRENCY, async ({ id, dueAt: dueTime }) => {
    noteLag(dueTime);
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
      // an undecided sale is looked at again soon; otherwise the back-off grows with the order's age
      const next = undecided
        ? new Date(s.now().getTime() + LATE_CHECK_BACKOFF_MS)
        : nextLateCheck(s.now(), order.updatedAt);
      await s.db.update(orders).set({ leaseUntil: next }).where(eq(orders.id, id));
    } catch (e) {
      if (!(e instanceof GatewayUnavailableError)) throw e;
      s.logger.warn({ orderId: id, err: e.message }, 'reconciliation: gateway unavailable; order left for later');
    }
  });
  return result;
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
      if (r.resolved || r.failed || r.reversed || r.inDoubt) s.logger.info(r, 'reconciled orders');
    },
  });
}

async function couponAvailability(s: Services, user: UserRow, couponCode: string | undefined) {
  const audience = user.isInvited ? 'invite' : 'join';
  const availability = await availabilityFor(s.db, audience);
  if (couponCode) {
    const [coupon] = await s.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, couponCode.trim().toUpperCase()))
      .limit(1);
    if (!coupon || !coupon.active || coupon.audience !== audience) {
      throw new ServiceError('coupon_invalid', 'This coupon code is not valid.', {
        errors: [{ field: 'couponCode', message: 'Unknown or expired coupon' }],
      });
    }
    availability.unshift({
      packageId: coupon.packageId,
      status: 'available',
      discountAmount: fromMinor(coupon.discountMinor),
    });
  }
  return availability;
}

/**
 * The purchase quote of an order request, its errors as problems: a package in another currency than the parent's
 * country's → 422 `currency_not_offered` (issue 12); a package, product or service not offered → 422
 * `package_unavailable`.
 * @throws ServiceError `currency_not_offered`, `package_unavailable`
 */
function quoteOrThrow(body: OrderSelection, buyer: BuyerContext): Quote {
  try {
    return quoteOrder(body, buyer);
  } catch (e) {
    if (e instanceof CurrencyNotOfferedError)
      throw new ServiceError('currency_not_offered', e.message, {
        errors: [{ field: 'packageId', message: e.message }],
      });
    if (!(e instanceof QuoteError)) throw e;
    throw new ServiceError('package_unavailable', e.message, {
      errors: [{ field: e.code === 'bad_selection' ? 'services' : 'packageId', message: e.message }],
    });
  }
}

/**
 * Refuses an order whose quote is not what the page showed (DESIGN.md §5 "Shown = charged"): `expected` is the
 * request's `expectedCharge` (major units, decimal string, and currency); the quote's `charged` must equal it.
 * @throws ServiceError `price_changed` (409) carrying the new quote as `quote: { amount, currencyCode }`.
 */
function assertExpectedCharge(q: Quote, expected: ExpectedCharge): void {
  const amount = minorToDecimal(toMinor(q.charged));
  if (amount === expected.amount && q.currency === expected.currencyCode) return;
  throw new ServiceError(
    'price_changed',
    `The price is now ${formatPrice(q.charged, q.currency)}, not the ${expected.amount} ${expected.currencyCode} shown; nothing was charged.`,
    { extra: { quote: { amount, currencyCode: q.currency } } },
  );
}

/** The pricing context of a parent's order: their country's currency, flow, pricing group, coupons and the time. */
async function buyerOf(s: Services, user: UserRow, couponCode: string | undefined): Promise<BuyerContext> {
  return {
    currency: buyerCurrency(user.country),
    flow: user.flow,
    group: await pricingGroupOf(s.db, user, s.now()),
    availability: await couponAvailability(s, user, couponCode),
    now: s.now(),
  };
}

/**
 * What `POST /orders` would charge a parent for `body` now — the `expectedCharge` a page that quoted the same
 * selection with the same data sends (an upgrade at its prorated price).
 * @returns `{ amount: "216.00", currencyCode }`, major units as a decimal string.
 * @throws ServiceError as {@link placeOrder} refuses the selection (`package_unavailable`, `not_an_upgrade`, …).
 */
export async function expectedChargeOf(
  s: Services,
  user: UserRow,
  body: Pick<OrderRequest, 'packageId' | 'productId' | 'services' | 'couponCode'>,
): Promise<ExpectedCharge> {
  const buyer = await buyerOf(s, user, body.couponCode);
  const term = await currentTerm(s.db, user.id, s.now());
  const q = term ? quoteOrder(body, { ...buyer, term }) : quoteOrThrow(body, buyer);
  return { amount: minorToDecimal(toMinor(q.charged)), currencyCode: q.currency };
}

/**
 * Takes the Idempotency-Key for this request, or answers from it (replay, 422, 409). 'step_up' when this request took
 * a key answered 402 `authentication_required` as its one step-up (step-up.ts): the caller reopens the order.
 */
async function claimKey(
  s: Services,
  userId: number,
  key: string,
  req: { hash: string; base: string },
): Promise<StoredResponse | 'step_up' | undefined> {
  const { hash } = req;
  const now = s.now();
  const lockedUntil = new Date(now.getTime() + lockMs(s));
  const inserted = await s.db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: storedHashes(req), state: 'in_flight', lockedUntil, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length) return undefined;
  const [row] = await s.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row)
    throw new ServiceError('key_in_flight', 'A request with this Idempotency-Key is in progress; retry shortly.');
  const stored = parseStoredHashes(row.requestHash);
  if (stored.first === hash) return firstOfStepUp(s, userId, key);
  if (mayStepUp(row, req)) {
    const [took] = await s.db
      .update(idempotencyKeys)
      .set({ state: 'in_flight', requestHash: steppedUpHashes(hash, stored.hash), lockedUntil })
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.state, 'completed'),
          eq(idempotencyKeys.requestHash, row.requestHash),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (took) return 'step_up';
    throw new ServiceError('key_in_flight', 'A request with this Idempotency-Key is in progress; retry shortly.', {
      retryAfterSeconds: 1,
    });
  }
  if (stored.hash !== hash) {
    throw new ServiceError('key_reused', 'This Idempotency-Key was used with another request body.');
  }
  if (row.state === 'completed') {
    return { status: row.responseStatus!, body: row.responseBody as OrderResponse | Problem, replayed: true };
  }
  const [taken] = await s.db
    .update(idempotencyKeys)
    .set({ state: 'in_flight', lockedUntil })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        or(
          eq(idempotencyKeys.state, 'retryable'),
          and(eq(idempotencyKeys.state, 'in_flight'), lte(idempotencyKeys.lockedUntil, now)),
        ),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (!taken) {
    throw new ServiceError('key_in_flight', 'A request with this Idempotency-Key is in progress; retry shortly.', {
      retryAfterSeconds: 1,
    });
  }
  return undefined;
}

/**
 * A completed key's stored answer (replayed), 422 when it was completed with another body, else nothing (also for
 * the one step-up of a key answered 402 `authentication_required`, which {@link claimKey} takes).
 */
async function completedAnswer(
  s: Services,
  userId: number,
  key: string,
  req: { hash: string; base: string },
): Promise<StoredResponse | undefined> {
  const { hash } = req;
  const [row] = await s.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (row && parseStoredHashes(row.requestHash).first === hash) return firstOfStepUp(s, userId, key);
  if (row?.state !== 'completed' || mayStepUp(row, req)) return undefined;
  if (parseStoredHashes(row.requestHash).hash !== hash) {
    throw new ServiceError('key_reused', 'This Idempotency-Key was used with another request body.');
  }
  return { status: row.responseStatus!, body: row.responseBody as OrderResponse | Problem, replayed: true };
}

/**
 * The answer of a key's first request once its step-up took the key: the same 402 `authentication_required` (a replay
 * of the first request never charges, and never sees the step-up's answer).
 */
async function firstOfStepUp(s: Services, userId: number, key: string): Promise<StoredResponse> {
  const [order] = await s.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return { ...storedRefusal(authenticationRequired(order?.id ?? '')), replayed: true };
}

/**
 * Reopens the order a step-up retries (declined with the bank's 2099, step-up.ts): pending again, under this
 * request's lease, keeping its decline code so a second 2099 is final.
 */
async function reopenForStepUp(s: Services, userId: number, key: string): Promise<OrderRow | undefined> {
  const [row] = await s.db
    .update(orders)
    .set({ status: 'pending', leaseUntil: new Date(s.now().getTime() + chargeLeaseMs(s)), updatedAt: s.now() })
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key), eq(orders.status, 'declined')))
    .returning();
  return row;
}

/** The completed answer stored for a key, if any. */
async function storedAnswer(s: Services, userId: number, key: string): Promise<StoredResponse | undefined> {
  const [row] = await s.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (row?.state !== 'completed') return undefined;
  return { status: row.responseStatus!, body: row.responseBody as OrderResponse | Problem };
}

async function storeFinal(s: Services, userId: number, key: string, answer: StoredResponse): Promise<void> {
  await s.db
    .update(idempotencyKeys)
    .set({ state: 'completed', responseStatus: answer.status, responseBody: answer.body, lockedUntil: null })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Forgets a key claimed by a request that was refused before anything was ordered or charged under it. */
async function unclaim(s: Services, userId: number, key: string): Promise<void> {
  await s.db
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'in_flight')),
    );
}

async function release(s: Services, userId: number, key: string): Promise<void> {
  await s.db
    .update(idempotencyKeys)
    .set({ state: 'retryable', lockedUntil: null })
    .where(
      and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'in_flight')),
    );
}

/**
 * POST /orders (DESIGN.md §4): re-prices with `@ofw/domain`, charges once per Idempotency-Key
 * (Stripe semantics: replay, 422 on another body, 409 while in flight) and records the order,
 * subscription and card brand/last four in one transaction.
 *
 * `admit` runs once the key is known not to be completed, before anything is priced or charged — the route's
 * card-testing limits (issue 12), so that a replay of a completed order is answered from the store and never counted
 * or refused as an attempt. Whatever it throws (e.g. the route's 429 `rate_limited` problem) is thrown as is.
 */
export async function placeOrder(
  s: Services,
  user: UserRow,
  key: string,
  body: OrderRequest & { billingAddress: BillingAddress },
  admit: () => Promise<void> = async () => {},
): Promise<StoredResponse> {
  const hash = requestHashes(body);
  // A completed key answers before anything is priced (issue 12): a replay after a coupon was switched off or the
  // pricing group changed still gets the stored answer, not a fresh 422 — nor a 429 once the parent is past a limit.
  const done = await completedAnswer(s, user.id, key, hash);
  if (done) return done;
  await admit();
  const buyer = await buyerOf(s, user, body.couponCode);
  // validated and priced as a purchase before the key is claimed (an unknown or unoffered package is not stored)
  const priced = quoteOrThrow(body, buyer);
  const replay = await claimKey(s, user.id, key, hash);
  if (replay && replay !== 'step_up') return replay;
  /** The order whose lease this request holds while it calls the gateway. */
  let leased: string | undefined;
  try {
    const reopened = replay === 'step_up' ? await reopenForStepUp(s, user.id, key) : undefined;
    leased = reopened?.id;
    for (let attempt = 0; attempt < 3; attempt++) {
      const step = await s.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        // this key's order and the parent's pending one in one read (issue 15: a statement each before) — after the
        // lock, in a statement of its own: its snapshot holds what the lock's previous holder committed (read in the
        // locking statement, a pending order committed meanwhile would not be seen)
        const mineOrPending = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.userId, user.id), or(eq(orders.idempotencyKey, key), eq(orders.status, 'pending'))));
        const existing = mineOrPending.find((o) => o.idempotencyKey === key);
        if (existing) return { kind: 'mine' as const, order: existing, fresh: false };
        // A current subscription can only be upgraded, at the prorated price (README "Upgrade and proration").
        const term = await currentTerm(tx, user.id, s.now());
        let q: Quote = priced;
        if (term) {
          try {
            q = quoteOrder(body, { ...buyer, term, now: s.now() });
          } catch (e) {
            if (!(e instanceof QuoteError) || e.code !== 'not_an_upgrade') throw e;
            // The package already held is "yours and paid" (the page carries on as paid); any other package that is
            // not an upgrade (cheaper, shorter, another currency) is refused with its own code (the page says why).
            throw final(
              term.packageId === priced.packageId
                ? new ServiceError('order_already_paid', 'This package is already paid for and current.')
                : new ServiceError(
                    'not_an_upgrade',
                    'This account already has a current subscription; only an upgrade to a higher package can be bought.',
                  ),
            );
          }
        }
        // Shown = charged (DESIGN.md §5): only the amount the page showed is charged; another quote charges nothing.
        assertExpectedCharge(q, body.expectedCharge);
        const other = mineOrPending.find((o) => o.status === 'pending');
        if (other) return { kind: 'other' as const, order: other, fresh: false };
        const [created] = await tx
          .insert(orders)
          .values({
            id: newId('ord'),
            userId: user.id,
            idempotencyKey: key,
            packageId: q.packageId,
            productId: q.productId === null ? null : String(q.productId),
            services: { lines: q.services, years: q.years },
            couponCode: body.couponCode ?? null,
            billingAddress: body.billingAddress,
            currency: q.currency,
            // exactly what the page showed: quote(...).charged, its discount, proration credit and VAT
            amountMinor: toMinor(q.charged),
            discountMinor: toMinor(q.discount),
            creditMinor: toMinor(q.credit),
            vatMinor: q.vat === null ? null : toMinor(q.vat),
            replacesSubscriptionId: term ? term.subscriptionId : null,
            status: 'pending',
            gateway: s.gateway.name,
            // the lease is taken with the order: the charge below is its first gateway call
            leaseUntil: new Date(s.now().getTime() + chargeLeaseMs(s)),
            createdAt: s.now(),
            updatedAt: s.now(),
          })
          .returning();
        return { kind: 'mine' as const, order: created!, fresh: true };
      });
      // a reopened step-up order is charged like a new one: under this request's lease, no search first
      const fresh = step.fresh || step.order.id === reopened?.id;
      if (fresh) leased = step.order.id;
      if (step.kind === 'other') {
        // Another attempt (another key, e.g. after a reload) is in doubt. While its lease is live a charge for it may
        // still land: wait. Once it has expired, ask the gateway: an approval pays that order (and answers this
        // request when it bought the same thing); none means it never charged, so it is failed and this one goes on.
        const other = await takeLease(s, step.order.id);
        if (!other) {
          throw new ServiceError('key_in_flight', 'Another payment is being processed; retry shortly.', {
            retryAfterSeconds: Math.ceil(chargeLeaseMs(s) / 1000),
          });
        }
        leased = other.id;
        const outcome = await resolveFromGateway(s, other);
        if (outcome === 'in_doubt') throw new GatewayUnavailableError(`order ${other.id}: its sale is not decided yet`);
        if (outcome === 'none') {
          await failUnderLease(s, other);
        } else {
          const [after] = await s.db.select().from(orders).where(eq(orders.id, other.id));
          if (
            after?.status === 'paid' &&
            after.packageId === priced.packageId &&
            !body.couponCode === !after.couponCode
          ) {
            const [sub] = await s.db.select().from(subscriptions).where(eq(subscriptions.orderId, after.id));
            throw new FinalAnswer({
              status: 201,
              body: paidResponse(after, sub ?? { startsAt: after.updatedAt, expiresAt: after.updatedAt }, user.email),
            });
          }
        }
        continue;
      }
      let order = step.order;
      if (order.status === 'paid') {
        const [sub] = await s.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
        throw new FinalAnswer({
          status: 201,
          body: paidResponse(order, sub ?? { startsAt: order.updatedAt, expiresAt: order.updatedAt }, user.email),
        });
      }
      if (order.status !== 'pending') {
        // declined or failed under this key (perhaps by reconciliation): its stored answer, else closed
        const stored = await storedAnswer(s, user.id, key);
        if (stored) return stored;
        throw final(new ServiceError('attempt_closed', 'This payment attempt was closed; start a new one.'));
      }
      if (!fresh) {
        // A retry with the same key after an answer was lost: only the lease holder may call the gateway.
        const mine = await takeLease(s, order.id);
        if (!mine) {
          throw new ServiceError('key_in_flight', 'This payment is being processed; retry shortly.', {
            retryAfterSeconds: Math.ceil(chargeLeaseMs(s) / 1000),
          });
        }
        order = mine;
        leased = order.id;
        const outcome = order.amountMinor > 0 ? await resolveFromGateway(s, order) : 'none';
        if (outcome === 'in_doubt') throw new GatewayUnavailableError(`order ${order.id}: its sale is not decided yet`);
        if (outcome === 'resolved') {
          // the lost answer is found: the stored answer of this key (paid, or the decline) is the answer
          const stored = await storedAnswer(s, user.id, key);
          if (stored) return stored;
          continue;
        }
      }
      if (!fresh && order.amountMinor > 0) {
        // the search above took time under this lease: renew it (fenced) so it covers the charge, or stop
        const renewed = await renewLease(s, order);
        if (!renewed) {
          throw new ServiceError('key_in_flight', 'This payment is being processed; retry shortly.', {
            retryAfterSeconds: Math.ceil(chargeLeaseMs(s) / 1000),
          });
        }
        order = renewed;
      }
      const result =
        order.amountMinor === 0
          ? NOTHING_TO_CHARGE
          : await s.gateway.charge({
              orderId: order.id,
              amount: minorToDecimal(order.amountMinor),
              currencyCode: order.currency,
              paymentMethodNonce: body.paymentMethodNonce,
              ...(body.deviceData ? { deviceData: body.deviceData } : {}),
              customer: {
                firstName: user.firstName,
                lastName: user.lastName,
                email: user.email,
                phone: user.phoneNumber,
              },
              billingAddress: body.billingAddress,
            });
      if (!step.fresh && result.outcome === 'payment_method_invalid' && result.reason === 'consumed') {
        // This order was charged with this nonce before and that answer was lost: "already used" (91564) may mean
        // that first sale went through though the search does not show it yet. In doubt, never a final failure:
        // the order stays pending under its lease and reconciliation records what the gateway holds.
        s.logger.warn({ orderId: order.id, userId: user.id }, 'retried sale: nonce already used; order left in doubt');
        throw new GatewayUnavailableError(`order ${order.id}: nonce already used by an earlier attempt`);
      }
      if (result.outcome === 'approved' && result.threeDSecure && !result.threeDSecure.liabilityShifted) {
        // DESIGN.md §5 "3D Secure policy": sold without a liability shift (counted by a metric later)
        s.logger.warn({ orderId: order.id, threeDSecureStatus: result.threeDSecure.status }, LIABILITY_KEPT_MESSAGE);
        s.metrics.liabilityKeptTotal.inc({ status: result.threeDSecure.status ?? 'unknown' });
      }
      const answer = await record(s, order, result);
      s.logger.info(
        { orderId: order.id, userId: user.id, outcome: result.outcome, amountMinor: order.amountMinor },
        'order charged',
      );
      if (answer) return answer;
      // someone else resolved the order meanwhile: answer from what it now is
    }
    throw new ServiceError('key_in_flight', 'Another payment is being processed; retry shortly.');
  } catch (e) {
    if (e instanceof FinalAnswer) {
      await storeFinal(s, user.id, key, e.answer);
      return e.answer;
    }
    // A changed price ordered nothing under this key (the order's transaction rolled back): the key is forgotten, so
    // the page may send it again with the amount the parent confirmed.
    if (e instanceof ServiceError && e.reason === 'price_changed')
      await unclaim(s, user.id, key).catch(() => undefined);
    else await release(s, user.id, key).catch(() => undefined);
    // The gateway said it carried nothing out: no call about the order can land any more, so the lease ends now.
    // Otherwise (timeout, dropped answer) the lease stays until it expires: nobody charges the order meanwhile.
    if (e instanceof GatewayUnavailableError && !e.maybeInFlight && leased)
      await dropLease(s, leased).catch(() => undefined);
    if (e instanceof GatewayUnavailableError) {
      s.logger.warn({ userId: user.id, err: e.message }, 'payment gateway in doubt; order left pending');
      throw new ServiceError(
        'gateway_unavailable',
        'The payment could not be confirmed; retry with the same Idempotency-Key.',
        { retryAfterSeconds: 1 },
      );
    }
    throw e;
  }
}
