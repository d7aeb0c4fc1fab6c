import { eq } from 'drizzle-orm';
import type { BillingAddress, OrderRequest } from '@ofw/api-client';
import type { Services } from '../../context.js';
import { orders } from '../../db/schema.js';
import { GatewayUnavailableError } from '../../gateway/types.js';
import type { UserRow } from '../../accounts.js';
import { ServiceError } from '../errors.js';
import { requestHashes } from '../step-up.js';
import { chargeUnderKey, leaseHeld, paidAnswer } from './charge.js';
import { dropLease, failUnderLease, reopenForStepUp, searchRulesOutSale, takeLease } from './charge-lease.js';
import { resolveFromGateway } from './finalize.js';
import { claimKey, completeKey, completedAnswer, release, unclaim } from './idempotency-store.js';
import { openOrder } from './open-order.js';
import { buyerFrom, quoteOrThrow } from './pricing.js';
import { readPricing } from '../offers.js';
import type { Attempt, OrderRow, Placed, StoredResponse } from './types.js';

/**
 * POST /orders (docs/CONTRACTS.md "HTTP API"): re-prices with `@ofw/domain`, charges once per Idempotency-Key
 * (Stripe semantics: replay, 422 on another body, 409 while in flight) and records the order,
 * subscription and card brand/last four in one transaction.
 *
 * The parent's address must be proven (ServiceError `email_unverified`), and no other account proven at it may hold a
 * current subscription (`already_subscribed`, services/orders/open-order.ts).
 *
 * `admit` runs once the key is known not to be completed, before anything is priced or charged — the route's
 * card-testing limits, so that a replay of a completed order is answered from the store and never counted
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
  // A completed key answers before anything is priced: a replay after a coupon was switched off or the
  // pricing group changed still gets the stored answer, not a fresh 422 — nor a 429 once the parent is past a limit.
  // the key's row and what the price depends on, in one read (docs/performance/join-api.md "Where the time goes")
  const reads = await readPricing(s.db, user, s.now(), { couponCode: body.couponCode, idempotencyKey: key });
  const done = await completedAnswer(s, user.id, key, hash, reads.key);
  if (done) return done;
  // only a proven address is paid for (docs/IDENTITY.md): nothing counted, priced or stored before it is
  if (!user.emailVerifiedAt)
    throw new ServiceError('email_unverified', 'Confirm your e-mail address with the code we sent before paying.');
  await admit();
  const buyer = buyerFrom(s, user, reads, body.couponCode);
  // validated and priced as a purchase before the key is claimed (an unknown or unoffered package is not stored)
  const priced = quoteOrThrow(body, buyer);
  const replay = await claimKey(s, user.id, key, hash);
  if (replay && replay !== 'step_up') return replay;
  const attempt: Attempt = { s, user, key, body, buyer, priced, leased: undefined };
  let placed: Placed;
  try {
    placed = await placeUnderKey(attempt, replay === 'step_up');
  } catch (e) {
    throw await failedAttempt(attempt, e);
  }
  if (placed.kind === 'final') await completeKey(s.db, user.id, key, placed.answer);
  return placed.answer;
}

/**
 * With the key claimed: opens (or finds) the key's order and charges it, settling first another pending order of
 * the parent that is in doubt. A step-up reopens the key's declined order and charges it like a new one.
 * @throws ServiceError `key_in_flight`, `price_changed`; GatewayUnavailableError (see {@link failedAttempt})
 */
async function placeUnderKey(a: Attempt, stepUp: boolean): Promise<Placed> {
  const reopened = stepUp ? await reopenForStepUp(a.s, a.user.id, a.key) : undefined;
  a.leased = reopened?.id;
  for (let attempt = 0; attempt < 3; attempt++) {
    const step = await openOrder(a);
    if (step.kind === 'final' || step.kind === 'stored') return step;
    if (step.kind === 'other') {
      const settled = await settleOtherOrder(a, step.order);
      if (settled) return settled;
      continue;
    }
    // a reopened step-up order is charged like a new one: under this request's lease, no search first
    const fresh = step.fresh || step.order.id === reopened?.id;
    if (fresh) a.leased = step.order.id;
    const placed = await chargeUnderKey(a, step.order, fresh, step.fresh);
    if (placed) return placed;
    // someone else resolved the order meanwhile: answer from what it now is
  }
  throw new ServiceError('key_in_flight', 'Another payment is being processed; retry shortly.');
}

/**
 * Another attempt (another key, e.g. after a reload) is in doubt. While its lease is live a charge for it may still
 * land: wait (409). Once it has expired, ask the gateway: an approval pays that order (and answers this request when
 * it bought the same thing); none means it never charged, so it is failed and this one goes on.
 * @returns this request's final answer (the other order paid for the same thing), or undefined to go on.
 */
async function settleOtherOrder(a: Attempt, pending: OrderRow): Promise<Placed | undefined> {
  const { s, body, priced } = a;
  const other = await takeLease(s, pending.id);
  if (!other) throw leaseHeld(s, 'Another payment is being processed; retry shortly.');
  a.leased = other.id;
  const outcome = await resolveFromGateway(s, other);
  if (outcome === 'in_doubt' || (outcome === 'none' && !searchRulesOutSale(s, other, pending.leaseUntil)))
    throw new GatewayUnavailableError(`order ${other.id}: its sale is not decided yet`);
  if (outcome === 'none') {
    await failUnderLease(s, other);
    return undefined;
  }
  const [after] = await s.db.select().from(orders).where(eq(orders.id, other.id));
  const sameThing =
    after?.status === 'paid' && after.packageId === priced.packageId && !body.couponCode === !after.couponCode;
  return sameThing ? { kind: 'final', answer: await paidAnswer(a, after) } : undefined;
}

/**
 * What a failed attempt leaves behind, and the error to throw: a changed price ordered nothing under this key (the
 * order's transaction rolled back), so the key is forgotten and the page may send it again with the amount the parent
 * confirmed; any other failure leaves the key retryable. A gateway that said it carried nothing out ends the lease now
 * (no call about the order can land any more); otherwise (timeout, dropped answer) the lease stays until it expires.
 * @returns the error to throw: 503 `gateway_unavailable` for a gateway in doubt, else `e` itself.
 */
async function failedAttempt(a: Attempt, e: unknown): Promise<unknown> {
  const { s, user, key, leased } = a;
  if (e instanceof ServiceError && e.reason === 'price_changed') await unclaim(s, user.id, key).catch(() => undefined);
  else await release(s, user.id, key).catch(() => undefined);
  if (e instanceof GatewayUnavailableError && !e.maybeInFlight && leased)
    await dropLease(s, leased).catch(() => undefined);
  if (!(e instanceof GatewayUnavailableError)) return e;
  s.logger.warn({ userId: user.id, err: e.message }, 'payment gateway in doubt; order left pending');
  return new ServiceError(
    'gateway_unavailable',
    'The payment could not be confirmed; retry with the same Idempotency-Key.',
    {
      retryAfterSeconds: 1,
    },
  );
}
