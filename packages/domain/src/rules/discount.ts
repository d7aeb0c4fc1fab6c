import type { CouponAvailability, Discount, Package } from '../schemas.js';
import { divideHalfUp, fromMinor, toMinor } from '../money.js';

/** The availability status that lets a coupon apply (spec §3 "Coupon or package availability entry"). */
export const AVAILABLE_STATUS = 'available';

/**
 * The discount of a price: discounted yearly price floored at 0, percent a floored integer in 0–100, and the monthly
 * discounted price (discounted yearly / (12 × years), rounded half-up). Computed in integer minor units; every
 * amount returned is in major units, 2 decimals.
 *
 * Source: spec §4 "Discount", §3 "Package" discount{…}, §9 "Calculation".
 *
 * @param totalPrice - undiscounted total, major units.
 * @param discountAmount - amount off, major units, ≥ 0.
 * @param years - subscription length.
 * @throws RangeError when `discountAmount` is negative or not finite, or `totalPrice` is not finite.
 */
export function computeDiscount(totalPrice: number, discountAmount: number, years: 1 | 2): Discount {
  const total = toMinor(totalPrice);
  const amount = toMinor(discountAmount);
  if (amount < 0) throw new RangeError(`discountAmount must be ≥ 0, got ${String(discountAmount)}`);
  const discounted = Math.max(0, total - amount);
  const percent = total <= 0 ? 0 : Math.min(100, Math.floor(((total - discounted) * 100) / total));
  return {
    discountAmount: fromMinor(amount),
    discountedYearlyPrice: fromMinor(discounted),
    discountedMonthlyPrice: fromMinor(divideHalfUp(discounted, 12 * years)),
    discountPercent: percent,
  };
}

/**
 * Applies the coupon availability entry of this package, if any.
 *
 * Source: spec §4 "Discount": a discount applies only to parent packages whose availability status is
 * `'available'`; the discounted price is floored at 0; the percent is a floored integer.
 *
 * @param pkg - the package (not changed).
 * @param availability - coupon or package availability entries (`GET /coupons`); the first `'available'` entry for
 *   `pkg.id` is used.
 * @returns a new package with `discount` set, or `pkg` itself when no discount applies (pro package, no entry,
 *   status other than `'available'`).
 * @throws RangeError when the matching entry's `discountAmount` is negative or not finite.
 */
export function applyDiscount(pkg: Package, availability: readonly CouponAvailability[]): Package {
  if (pkg.packageType !== 'parent') return pkg;
  const entry = availability.find((a) => a.packageId === pkg.id && a.status === AVAILABLE_STATUS);
  if (!entry) return pkg;
  return { ...pkg, discount: computeDiscount(pkg.totalPrice, entry.discountAmount, pkg.subDurationInYears) };
}

/**
 * The price to charge for a package: the discounted yearly price when a discount is set, else the total price.
 * Source: spec §4 "Discount".
 *
 * @deprecated Apps: use `quote(selection, context).charged` — it also applies build-your-own pricing, proration and
 *   the offer check; this ignores an upgrade's prorated price.
 *
 * @returns major units, 2 decimals (the package's own field, not re-rounded).
 */
export function chargeAmount(pkg: Pick<Package, 'totalPrice' | 'discount'>): number {
  return pkg.discount ? pkg.discount.discountedYearlyPrice : pkg.totalPrice;
}
