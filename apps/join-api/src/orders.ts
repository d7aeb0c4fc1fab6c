import { and, eq, lte, or, sql } from 'drizzle-orm';
import {
  formatMoney,
  fromMinor,
  getPackage,
  purchaseFlow,
  type Currency,
  type Flow,
  type ProratedPriceInfo,
  vatForPrice,
} from '@ofw/domain';
import type { BillingAddress, OrderRequest, OrderResponse, Problem } from '@ofw/api-client';
import type { Services } from './context.js';
import { coupons, idempotencyKeys, orders, subscriptions, users } from './db/schema.js';
import { GatewayUnavailableError, type ChargeResult } from './gateway/types.js';
import { HttpProblem } from './lib/problem.js';
import { fingerprint, newId } from './lib/tokens.js';
import { minorToDecimal, priceOrder, upgradeQuote } from './pricing.js';
import { availabilityFor, pricingGroupOf } from './routes/reference.js';
import { currentTerm, type UserRow } from './accounts.js';

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
  card: { brand: null, last4: null },
};

function lockMs(s: Services): number {
  return s.env.GATEWAY_TIMEOUT_MS + 30_000;
}

function final(problem: HttpProblem, instance?: string): FinalAnswer {
  return new FinalAnswer({ status: problem.status, body: problem.toProblem(instance) });
}

/**
 * The 201 body of a paid order (§3 Package receipt fields, brand and last four only). An upgrade carries the
 * `proratedPriceInfo` it was charged and the credit of the replaced subscription; `purchaseFlow` is
 * `@ofw/domain`'s rule over it (§4: 'upgrade' when prorated price info exists).
 */
function paidResponse(order: OrderRow, sub: { startsAt: Date; expiresAt: Date }): OrderResponse {
  const pkg = getPackage(order.packageId);
  const amount = fromMinor(order.amountMinor);
  const currency = order.currency as Currency;
  // §9: GBP prices include 20 % VAT, so the VAT on the receipt is the VAT inside what was charged (after any
  // coupon or proration), not the list price's.
  const vat = vatForPrice(amount, currency);
  const proratedPriceInfo: ProratedPriceInfo | undefined =
    order.replacesSubscriptionId === null
      ? undefined
      : { proratedPrice: amount, proratedPriceFormatted: formatMoney(amount, currency) };
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
      amount,
      currencyCode: order.currency as Currency,
      formattedAmount: formatMoney(amount, order.currency as Currency),
      discountAmount: fromMinor(order.discountMinor),
      ...(vat !== undefined ? { vatAmount: vat } : {}),
      ...(proratedPriceInfo ? { proratedPriceInfo, creditAmount: fromMinor(order.creditMinor) } : {}),
      cardBrand: order.cardBrand,
      last4: order.cardLast4,
      transactionId: order.transactionId ?? '',
    },
  };
}

/** 402 problem for a decline (§8), naming processor-declined vs gateway-rejected and the response code. */
export function declineProblem(result: Exclude<ChargeResult, { outcome: 'approved' }>, orderId: string): HttpProblem {
  if (result.outcome === 'processor_declined') {
    return new HttpProblem(
      402,
      'processor_declined',
      `The card was declined by the bank (${result.processorResponseCode} ${result.processorResponseText}).`,
      {
        title: 'Card declined',
        extra: {
          processorResponseCode: result.processorResponseCode,
          processorResponseText: result.processorResponseText,
          orderId,
        },
      },
    );
  }
  return new HttpProblem(
    402,
    'gateway_rejected',
    `The payment was rejected by the gateway (${result.gatewayRejectionReason}).`,
    {
      title: 'Payment rejected',
      extra: {
        gatewayRejectionReason: result.gatewayRejectionReason,
        ...(result.processorResponseCode ? { processorResponseCode: result.processorResponseCode } : {}),
        ...(result.processorResponseText ? { processorResponseText: result.processorResponseText } : {}),
        orderId,
      },
    },
  );
}

/**
 * Records the gateway's answer for a pending order in one transaction: order paid + subscription
 * (current, expiry from the term) + billing address + the idempotent response; or order declined +
 * the 402 response. Nothing is written when the order is no longer pending (already resolved).
 */
async function finalize(s: Services, order: OrderRow, result: ChargeResult): Promise<StoredResponse> {
  const now = s.now();
  return s.db.transaction(async (tx) => {
    if (result.outcome === 'approved') {
      const [paid] = await tx
        .update(orders)
        .set({
          status: 'paid',
          transactionId: result.transactionId,
          cardBrand: result.card.brand,
          cardLast4: result.card.last4 && /^\d{4}$/.test(result.card.last4) ? result.card.last4 : null,
          processorResponseCode: result.processorResponseCode ?? null,
          updatedAt: now,
        })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
        .returning();
      if (!paid) throw new Error(`order ${order.id} is no longer pending`);
      const years =
        (order.services as { years?: number } | null)?.years ?? getPackage(order.packageId)?.subDurationInYears ?? 1;
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
      await tx.update(users).set({ billingAddress: order.billingAddress }).where(eq(users.id, order.userId));
      const answer: StoredResponse = { status: 201, body: paidResponse(paid, sub) };
      await tx
        .update(idempotencyKeys)
        .set({ state: 'completed', responseStatus: answer.status, responseBody: answer.body, lockedUntil: null })
        .where(and(eq(idempotencyKeys.userId, order.userId), eq(idempotencyKeys.key, order.idempotencyKey)));
      return answer;
    }
    const [declined] = await tx
      .update(orders)
      .set({
        status: 'declined',
        transactionId: result.transactionId ?? null,
        cardBrand: result.card?.brand ?? null,
        processorResponseCode: result.processorResponseCode ?? null,
        updatedAt: now,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
      .returning();
    if (!declined) throw new Error(`order ${order.id} is no longer pending`);
    const answer: StoredResponse = { status: 402, body: declineProblem(result, order.id).toProblem() };
    await tx
      .update(idempotencyKeys)
      .set({ state: 'completed', responseStatus: answer.status, responseBody: answer.body, lockedUntil: null })
      .where(and(eq(idempotencyKeys.userId, order.userId), eq(idempotencyKeys.key, order.idempotencyKey)));
    return answer;
  });
}

/**
 * Resolves a pending order left in doubt (gateway timeout, crash): asks the gateway for the order's
 * transaction (sandbox `GET /v1/transactions?orderId=`, Braintree search by orderId) and records it.
 * @returns 'resolved' when recorded, 'none' when the gateway has no transaction for it.
 * @throws GatewayUnavailableError
 */
export async function resolvePending(s: Services, order: OrderRow): Promise<'resolved' | 'none'> {
  const found = await s.gateway.findByOrderId(order.id);
  if (!found) return 'none';
  await finalize(s, order, found);
  return 'resolved';
}

/**
 * Resolves every order pending for longer than the gateway timeout (run at start-up): charges that
 * happened are recorded with their subscription; orders the gateway never saw are marked `failed`.
 */
export async function reconcilePendingOrders(s: Services): Promise<{ resolved: number; failed: number }> {
  const cutoff = new Date(s.now().getTime() - s.env.GATEWAY_TIMEOUT_MS);
  const stale = await s.db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lte(orders.updatedAt, cutoff)));
  let resolved = 0;
  let failed = 0;
  for (const order of stale) {
    if ((await resolvePending(s, order)) === 'resolved') resolved++;
    else {
      await s.db
        .update(orders)
        .set({ status: 'failed', updatedAt: s.now() })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
      failed++;
    }
  }
  return { resolved, failed };
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
      throw new HttpProblem(422, 'validation_failed', 'This coupon code is not valid.', {
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

/** Takes the Idempotency-Key for this request, or answers from it (replay, 422, 409). */
async function claimKey(s: Services, userId: number, key: string, hash: string): Promise<StoredResponse | undefined> {
  const now = s.now();
  const lockedUntil = new Date(now.getTime() + lockMs(s));
  const inserted = await s.db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: hash, state: 'in_flight', lockedUntil, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length) return undefined;
  const [row] = await s.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row)
    throw new HttpProblem(
      409,
      'idempotency_in_flight',
      'A request with this Idempotency-Key is in progress; retry shortly.',
    );
  if (row.requestHash !== hash) {
    throw new HttpProblem(422, 'idempotency_key_reused', 'This Idempotency-Key was used with another request body.');
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
    throw new HttpProblem(
      409,
      'idempotency_in_flight',
      'A request with this Idempotency-Key is in progress; retry shortly.',
      {
        headers: { 'retry-after': '1' },
      },
    );
  }
  return undefined;
}

async function storeFinal(s: Services, userId: number, key: string, answer: StoredResponse): Promise<void> {
  await s.db
    .update(idempotencyKeys)
    .set({ state: 'completed', responseStatus: answer.status, responseBody: answer.body, lockedUntil: null })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
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
 */
export async function placeOrder(
  s: Services,
  user: UserRow,
  key: string,
  body: OrderRequest & { billingAddress: BillingAddress },
): Promise<StoredResponse> {
  const availability = await couponAvailability(s, user, body.couponCode);
  const priced = priceOrder(body, {
    flow: user.flow as Flow,
    group: await pricingGroupOf(s.db, user, s.now()),
    availability,
  });
  const hash = fingerprint(body);
  const replay = await claimKey(s, user.id, key, hash);
  if (replay) return replay;
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const step = await s.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const [existing] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.userId, user.id), eq(orders.idempotencyKey, key)));
        if (existing) return { kind: 'mine' as const, order: existing, fresh: false };
        // A current subscription can only be upgraded, at the prorated price (README "Upgrade and proration").
        const term = await currentTerm(tx, user.id, s.now());
        const quote = term ? upgradeQuote(term, priced, s.now()) : null;
        if (term && !quote) {
          throw final(
            new HttpProblem(
              409,
              'order_already_paid',
              'This account already has a current subscription; only an upgrade to a higher package can be bought.',
            ),
          );
        }
        const [other] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.userId, user.id), eq(orders.status, 'pending')));
        if (other) return { kind: 'other' as const, order: other, fresh: false };
        const [created] = await tx
          .insert(orders)
          .values({
            id: newId('ord'),
            userId: user.id,
            idempotencyKey: key,
            packageId: priced.packageId,
            productId: priced.productId === null ? null : String(priced.productId),
            services: { lines: priced.services, years: priced.years },
            couponCode: body.couponCode ?? null,
            billingAddress: body.billingAddress,
            currency: priced.currency,
            amountMinor: quote ? quote.proratedMinor : priced.amountMinor,
            discountMinor: priced.discountMinor,
            creditMinor: quote?.creditMinor ?? 0,
            replacesSubscriptionId: quote ? term!.subscriptionId : null,
            status: 'pending',
            gateway: s.gateway.name,
            createdAt: s.now(),
            updatedAt: s.now(),
          })
          .returning();
        return { kind: 'mine' as const, order: created!, fresh: true };
      });
      if (step.kind === 'other') {
        // Another attempt (other key) is in doubt: resolve it before charging again.
        const outcome = await resolvePending(s, step.order);
        if (outcome === 'none') {
          if (s.now().getTime() - step.order.updatedAt.getTime() < s.env.GATEWAY_TIMEOUT_MS) {
            throw new HttpProblem(409, 'idempotency_in_flight', 'Another payment is being processed; retry shortly.', {
              headers: { 'retry-after': '2' },
            });
          }
          await s.db
            .update(orders)
            .set({ status: 'failed', updatedAt: s.now() })
            .where(and(eq(orders.id, step.order.id), eq(orders.status, 'pending')));
        }
        continue;
      }
      const order = step.order;
      if (order.status === 'paid') {
        const [sub] = await s.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
        throw new FinalAnswer({
          status: 201,
          body: paidResponse(order, sub ?? { startsAt: order.updatedAt, expiresAt: order.updatedAt }),
        });
      }
      if (order.status !== 'pending') {
        throw final(new HttpProblem(409, 'conflict', 'This payment attempt was closed; start a new one.'));
      }
      const known = step.fresh || order.amountMinor === 0 ? null : await s.gateway.findByOrderId(order.id);
      const result =
        known ??
        (order.amountMinor === 0 ? NOTHING_TO_CHARGE : null) ??
        (await s.gateway.charge({
          orderId: order.id,
          amount: minorToDecimal(order.amountMinor),
          currencyCode: order.currency,
          paymentMethodNonce: body.paymentMethodNonce,
          ...(body.deviceData ? { deviceData: body.deviceData } : {}),
          customer: { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phoneNumber },
          billingAddress: body.billingAddress,
        }));
      const answer = await finalize(s, order, result);
      s.logger.info(
        { orderId: order.id, userId: user.id, outcome: result.outcome, amountMinor: order.amountMinor },
        'order charged',
      );
      return answer;
    }
    throw new HttpProblem(409, 'idempotency_in_flight', 'Another payment is being processed; retry shortly.');
  } catch (e) {
    if (e instanceof FinalAnswer) {
      await storeFinal(s, user.id, key, e.answer);
      return e.answer;
    }
    await release(s, user.id, key).catch(() => undefined);
    if (e instanceof GatewayUnavailableError) {
      s.logger.warn({ userId: user.id, err: e.message }, 'payment gateway in doubt; order left pending');
      throw new HttpProblem(
        503,
        'payment_gateway_unavailable',
        'The payment could not be confirmed; retry with the same Idempotency-Key.',
        {
          headers: { 'retry-after': '1' },
        },
      );
    }
    throw e;
  }
}
