import { fromMinor, QuoteError, type CouponAvailability } from '@ofw/domain';
import type { CouponCheckResponse } from '@ofw/api-client';
import type { Services } from '../context.js';
import type { UserRow } from '../accounts.js';
import { RATE_LIMITS, releaseRateLimits, reserveRateLimits, type RateLimitStep } from '../lib/rate-limit.js';
import { CurrencyNotOfferedError, buyerCurrency, quoteOrder } from '../order-quote.js';
import { ServiceError, type RefusalReason } from './errors.js';
import { audienceOf, pricingGroupFor, readPricing } from './offers.js';

/** Why a promotion code was refused (each a 422 of its own, lib/problem.ts `REFUSAL_PROBLEMS`). */
type CouponRefusal = Extract<RefusalReason, 'coupon_unknown' | 'coupon_expired' | 'coupon_not_applicable'>;

const REFUSALS: Record<CouponRefusal, string> = {
  coupon_unknown: 'There is no promotion code like this one.',
  coupon_expired: 'This promotion code has ended.',
  coupon_not_applicable: 'This promotion code is not for the plans offered to this account.',
};

/** The rate limits of wrong codes: per parent and per client address (lib/rate-limit.ts `RATE_LIMITS`). */
function guessLimits(user: UserRow, clientAddress: string): RateLimitStep[] {
  return [
    { rule: RATE_LIMITS.couponGuesses, subject: `parent:${user.id}` },
    { rule: RATE_LIMITS.couponGuessesClient, subject: clientAddress },
  ];
}

/**
 * `POST /coupons/check`: the §3 availability entry of a promotion code, when it applies to this parent — it exists, is
 * active, is of the parent's audience (§3: invited co-parents 'invite', others 'join') and discounts a package offered
 * to them, priced by the same `quote` as `POST /orders` with this `couponCode` (§4 "Discount": parent packages only).
 * Wrong codes count per parent and per client address, whatever the reason: every check reserves a guess of both
 * before the code is read, and a right code gives them back (lib/rate-limit.ts `reserveRateLimits`: concurrent checks
 * never take more than the limit); once either window is full every check answers 429, a right code too, so codes
 * cannot be guessed.
 * @throws HttpProblem 429 `rate_limited`; ServiceError `coupon_unknown`, `coupon_expired`, `coupon_not_applicable`.
 */
export async function checkCouponCode(
  s: Services,
  user: UserRow,
  couponCode: string,
  clientAddress: string,
): Promise<CouponCheckResponse> {
  const guess = await reserveRateLimits(s.db, guessLimits(user, clientAddress), s.now(), s.env.RATE_LIMIT_FACTOR);
  const code = couponCode.trim().toUpperCase();
  const reads = await readPricing(s.db, user, s.now(), { couponCode: code }).catch(async (e: unknown) => {
    // nothing was checked: the guess does not count
    await releaseRateLimits(s.db, guess);
    throw e;
  });
  const refusal = refusalOf(user, reads, s.now());
  if (!refusal) {
    await releaseRateLimits(s.db, guess);
    const coupon = reads.entered!;
    return { code, packageId: coupon.packageId, status: 'available', discountAmount: fromMinor(coupon.discountMinor) };
  }
  throw new ServiceError(refusal, REFUSALS[refusal], { errors: [{ field: 'couponCode', message: REFUSALS[refusal] }] });
}

/** Why the code does not apply to this parent, or undefined when it does. */
function refusalOf(
  user: UserRow,
  reads: Awaited<ReturnType<typeof readPricing>>,
  now: Date,
): CouponRefusal | undefined {
  const coupon = reads.entered;
  if (!coupon) return 'coupon_unknown';
  if (!coupon.active) return 'coupon_expired';
  if (coupon.audience !== audienceOf(user)) return 'coupon_not_applicable';
  const entry: CouponAvailability = {
    packageId: coupon.packageId,
    status: 'available',
    discountAmount: fromMinor(coupon.discountMinor),
  };
  try {
    // the order's own pricing: the entered code first, then the audience's auto-applied ones (orders/pricing.ts)
    const q = quoteOrder(
      { packageId: coupon.packageId },
      {
        currency: buyerCurrency(user.country),
        flow: user.flow,
        group: pricingGroupFor(user, reads.subscriptionStatus),
        availability: [entry, ...reads.autoCoupons],
        term: reads.term,
        now,
      },
    );
    return q.discount > 0 ? undefined : 'coupon_not_applicable';
  } catch (e) {
    if (e instanceof QuoteError || e instanceof CurrencyNotOfferedError) return 'coupon_not_applicable';
    throw e;
  }
}
