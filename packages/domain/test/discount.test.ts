import { describe, expect, it } from 'vitest';
import { applyDiscount, chargeAmount, computeDiscount, getPackage, type CouponAvailability } from '../src/index.js';

const max2y = getPackage(2056)!;
const entry = (packageId: number, discountAmount: number, status = 'available'): CouponAvailability => ({
  packageId,
  status,
  discountAmount,
});

describe('§4 Discount', () => {
  it.each([
    // [id, amount, discountedYearly, discountedMonthly, percent]
    [2056, 100, 451.76, 18.82, 18], // 100/551.76 = 18.12 % → 18
    [2053, 54, 162, 13.5, 25],
    [903, 25.9, 233.1, 9.71, 10],
    [2055, 299.87, 0.01, 0, 99], // 99.996 % floors to 99
    [2056, 551.76, 0, 0, 100],
    [2056, 1000, 0, 0, 100], // floored at 0
    [2051, 0, 149.99, 12.5, 0],
  ])('§4 package %i with %s off → yearly %s, monthly %s, %s %%', (id, amount, yearly, monthly, percent) => {
    const p = applyDiscount(getPackage(id)!, [entry(id, amount)]);
    expect(p.discount).toEqual({
      discountAmount: amount,
      discountedYearlyPrice: yearly,
      discountedMonthlyPrice: monthly,
      discountPercent: percent,
    });
  });

  it('§4 applies only to parent packages: a pro package is returned unchanged', () => {
    const pro = getPackage(2)!;
    expect(applyDiscount(pro, [entry(2, 10)])).toBe(pro);
  });

  it.each(['unavailable', 'expired', 'AVAILABLE', ''])(
    '§4 applies only when the status is available, not %j',
    (status) => {
      expect(applyDiscount(max2y, [entry(2056, 10, status)]).discount).toBeUndefined();
    },
  );

  it('§4 uses the entry of the package itself, not of another package', () => {
    expect(applyDiscount(max2y, [entry(2055, 10)]).discount).toBeUndefined();
    expect(applyDiscount(max2y, [entry(2055, 10), entry(2056, 20)]).discount?.discountAmount).toBe(20);
  });

  it('§4 does not change the catalogue package', () => {
    const discounted = applyDiscount(max2y, [entry(2056, 10)]);
    expect(discounted).not.toBe(max2y);
    expect(max2y.discount).toBeUndefined();
    expect(chargeAmount(discounted)).toBe(541.76);
    expect(chargeAmount(max2y)).toBe(551.76);
  });

  it('§4 a negative or non-finite discount amount is a clear error', () => {
    expect(() => applyDiscount(max2y, [entry(2056, -1)])).toThrow(/≥ 0/);
    expect(() => computeDiscount(10, Number.NaN, 1)).toThrow(RangeError);
  });

  it('§4 a zero-priced package has a 0 % discount', () => {
    expect(computeDiscount(0, 10, 1)).toEqual({
      discountAmount: 10,
      discountedYearlyPrice: 0,
      discountedMonthlyPrice: 0,
      discountPercent: 0,
    });
  });
});
