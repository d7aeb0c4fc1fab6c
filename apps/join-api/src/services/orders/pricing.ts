import { formatPrice, fromMinor, QuoteError, toMinor, type Quote } from '@ofw/domain';
import type { ExpectedCharge, OrderRequest } from '@ofw/api-client';
import type { Services } from '../../context.js';
import type { UserRow } from '../../accounts.js';
import {
  CurrencyNotOfferedError,
  buyerCurrency,
  minorToDecimal,
  quoteOrder,
  type BuyerContext,
  type OrderSelection,
} from '../../order-quote.js';
import { ServiceError } from '../errors.js';
import { audienceOf, pricingGroupFor, readPricing, type PricingReads } from '../offers.js';

/**
 * The coupons an order is priced with: the audience's auto-applied ones, and first the one of the code the parent
 * entered (§3) — which must exist, be active and be of the parent's audience.
 * @throws ServiceError `coupon_invalid` (422, on `couponCode`)
 */
function couponAvailability(user: UserRow, reads: PricingReads, couponCode: string | undefined) {
  const availability = [...reads.autoCoupons];
  if (couponCode) {
    const coupon = reads.entered;
    if (!coupon || !coupon.active || coupon.audience !== audienceOf(user)) {
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
 * country's → 422 `currency_not_offered`; a package, product or service not offered → 422
 * `package_unavailable`.
 * @throws ServiceError `currency_not_offered`, `package_unavailable`
 */
export function quoteOrThrow(body: OrderSelection, buyer: BuyerContext): Quote {
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
 * Refuses an order whose quote is not what the page showed (docs/PAYMENTS.md "Shown = charged"): `expected` is the
 * request's `expectedCharge` (major units, decimal string, and currency); the quote's `charged` must equal it.
 * @throws ServiceError `price_changed` (409) carrying the new quote as `quote: { amount, currencyCode }`.
 */
export function assertExpectedCharge(q: Quote, expected: ExpectedCharge): void {
  const amount = minorToDecimal(toMinor(q.charged));
  if (amount === expected.amount && q.currency === expected.currencyCode) return;
  throw new ServiceError(
    'price_changed',
    `The price is now ${formatPrice(q.charged, q.currency)}, not the ${expected.amount} ${expected.currencyCode} shown; nothing was charged.`,
    { extra: { quote: { amount, currencyCode: q.currency } } },
  );
}

/**
 * The pricing context of a parent's order from what {@link readPricing} read: their country's currency, flow,
 * pricing group, coupons (the entered code checked) and the time.
 * @throws ServiceError `coupon_invalid`
 */
export function buyerFrom(
  s: Services,
  user: UserRow,
  reads: PricingReads,
  couponCode: string | undefined,
): BuyerContext {
  return {
    currency: buyerCurrency(user.country),
    flow: user.flow,
    group: pricingGroupFor(user, reads.subscriptionStatus),
    availability: couponAvailability(user, reads, couponCode),
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
  const reads = await readPricing(s.db, user, s.now(), { couponCode: body.couponCode });
  const buyer = buyerFrom(s, user, reads, body.couponCode);
  const { term } = reads;
  const q = term ? quoteOrder(body, { ...buyer, term }) : quoteOrThrow(body, buyer);
  return { amount: minorToDecimal(toMinor(q.charged)), currencyCode: q.currency };
}
