import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyDiscount,
  CURRENCIES,
  getPackage,
  monthlyPrice,
  packages,
  paymentMethodVisibility,
  toMinor,
  type Package,
} from '../src/index.js';

/** Money in major units with at most 2 decimals, up to 100 000.00. */
const money = fc.integer({ min: 0, max: 10_000_000 }).map((m) => m / 100);
const years = fc.constantFrom<1 | 2>(1, 2);
const anyPackage = fc.constantFrom(...packages);
const flags = fc.record({ applePay: fc.boolean(), cadPayPal: fc.boolean(), venmo: fc.boolean() });

const discounted = (pkg: Package, discountAmount: number) =>
  applyDiscount(pkg, [{ packageId: pkg.id, status: 'available', discountAmount }]);

describe('invariants (fast-check)', () => {
  it('§4 Discount: discounted yearly and monthly prices are ≥ 0 and never above the undiscounted prices', () => {
    fc.assert(
      fc.property(anyPackage, money, (pkg, amount) => {
        const d = discounted(pkg, amount).discount;
        if (pkg.packageType !== 'parent') return d === undefined;
        return (
          d !== undefined &&
          d.discountedYearlyPrice >= 0 &&
          d.discountedMonthlyPrice >= 0 &&
          d.discountedYearlyPrice <= pkg.totalPrice &&
          d.discountedMonthlyPrice <= pkg.pricePerMonth
        );
      }),
    );
  });

  it('§4 Discount: percent is an integer in 0–100 and the floor of the true percentage', () => {
    fc.assert(
      fc.property(
        money.filter((t) => t > 0),
        money,
        years,
        (total, amount, y) => {
          const pkg = { ...getPackage(2051)!, totalPrice: total, subDurationInYears: y };
          const { discountPercent, discountedYearlyPrice } = discounted(pkg, amount).discount!;
          const off = toMinor(total) - toMinor(discountedYearlyPrice);
          const exact = (off * 100) / toMinor(total);
          return (
            Number.isInteger(discountPercent) &&
            discountPercent >= 0 &&
            discountPercent <= 100 &&
            discountPercent <= exact &&
            exact < discountPercent + 1
          );
        },
      ),
    );
  });

  it('§9 Calculation: monthly × 12 × years is within half a cent per month of the total', () => {
    fc.assert(
      fc.property(money, years, (total, y) => {
        const months = 12 * y;
        const m = monthlyPrice(total, y);
        // Per-month rounding error is at most 0.5 cent, so the total differs by at most months/2 cents.
        const diff = Math.abs(toMinor(m) * months - toMinor(total));
        return Number.isInteger(toMinor(m)) && toMinor(m) === Math.round(m * 100) && diff <= months / 2;
      }),
    );
  });

  it('§9 Calculation: the monthly price of every catalogue package re-multiplies to within a cent of its total per month', () => {
    for (const p of packages) {
      const months = 12 * p.subDurationInYears;
      expect(Math.abs(p.pricePerMonth * months - p.totalPrice) / months).toBeLessThanOrEqual(0.01);
    }
  });

  it('§5 Payment method visibility never shows Venmo outside USD', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), flags, (currency, f) => {
        const v = paymentMethodVisibility(currency, f);
        return currency === 'USD' || v.venmo === false;
      }),
    );
  });

  it('§5 AUD and NZD never show any extra method; GBP always shows Amex', () => {
    fc.assert(
      fc.property(fc.constantFrom<'AUD' | 'NZD'>('AUD', 'NZD'), flags, (currency, f) =>
        Object.values(paymentMethodVisibility(currency, f)).every((shown) => !shown),
      ),
    );
    fc.assert(fc.property(flags, (f) => paymentMethodVisibility('GBP', f).amex));
  });
});
