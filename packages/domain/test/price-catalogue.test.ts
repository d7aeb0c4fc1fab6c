import { describe, expect, it } from 'vitest';
import { DAY_MS, priceCatalogue, quote, type CurrentTerm, type QuoteContext } from '../src/index.js';

const USD: QuoteContext = { currency: 'USD', flow: 'join', pricingGroup: 'P3' };
const START = new Date('2030-01-01T00:00:00Z');
const PREMIUM_1Y: CurrentTerm = {
  packageId: 2053,
  currency: 'USD',
  years: 1,
  startsAt: START,
  expiresAt: new Date(START.getTime() + 365 * DAY_MS),
  valueMinor: 21600,
  listPriceMinor: 21600,
};

describe('priceCatalogue (GET /packages priced by the quote rules)', () => {
  it('§4 Discount: each offered fixed tier carries the coupon discount quote applies; the same ids as offeredCatalogue', () => {
    const coupons = [{ packageId: 2056, status: 'available', discountAmount: 25 }];
    const { packages, byo, upgradeOptions } = priceCatalogue({ ...USD, coupons });
    expect(packages.map((p) => p.id)).toEqual([2051, 2052, 2053, 2054, 2055, 2056]);
    const max2y = packages.find((p) => p.id === 2056)!;
    expect(max2y.discount).toMatchObject({ discountAmount: 25, discountedYearlyPrice: 526.76 });
    expect(quote({ packageId: 2056 }, { ...USD, coupons }).charged).toBe(526.76);
    expect(packages.find((p) => p.id === 2051)!.discount).toBeUndefined();
    expect(byo?.packageId).toBe(2050);
    expect(upgradeOptions).toBeNull();
  });

  it('§3 Upgrade options: with a current term, upgrades carry proratedPriceInfo equal to quote(...).charged; others none', () => {
    const now = new Date(START.getTime() + 100 * DAY_MS);
    const ctx = { ...USD, currentTerm: PREMIUM_1Y, now };
    const { packages, upgradeOptions } = priceCatalogue(ctx);
    const ids = Object.keys(upgradeOptions!.subscriptionUpgradeOptions).map(Number).sort();
    expect(ids).toEqual([2052, 2054, 2055, 2056]); // a higher list price and a term at least as long
    for (const id of ids) {
      const p = packages.find((x) => x.id === id)!;
      expect(p.proratedPriceInfo!.proratedPrice).toBe(quote({ packageId: id }, ctx).charged);
    }
    expect(packages.find((x) => x.id === 2051)!.proratedPriceInfo).toBeUndefined();
  });
});
