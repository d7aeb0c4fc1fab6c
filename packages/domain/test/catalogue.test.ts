import { describe, expect, it } from 'vitest';
import { getPackage, listPackages, packages, PackageSchema, type Currency, type PackageFamily } from '../src/index.js';

/** Spec §9 "Package ids" and "Prices", with this library's id → tier mapping (README table). */
const EXPECTED: ReadonlyArray<[number, PackageFamily, 1 | 2, number, Currency, 'parent' | 'pro']> = [
  [1, 'BYO', 1, 99, 'USD', 'parent'],
  [2, 'A', 1, 119.97, 'USD', 'pro'],
  [3, 'B', 2, 209.97, 'USD', 'parent'],
  [4, 'BYO', 1, 79, 'GBP', 'parent'],
  [5, 'A', 1, 99, 'GBP', 'pro'],
  [7, 'BYO', 1, 99, 'USD', 'parent'],
  [8, 'C', 1, 111.97, 'USD', 'parent'],
  [9, 'D', 2, 194.98, 'USD', 'parent'],
  [900, 'BYO', 1, 99, 'USD', 'parent'],
  [901, 'ESSENTIALS', 1, 144, 'USD', 'parent'],
  [902, 'PREMIUM', 1, 204, 'USD', 'parent'],
  [903, 'ESSENTIALS', 2, 259, 'USD', 'parent'],
  [904, 'PREMIUM', 2, 367, 'USD', 'parent'],
  [2050, 'BYO', 1, 110, 'USD', 'parent'],
  [2051, 'ESSENTIALS', 1, 149.99, 'USD', 'parent'],
  [2052, 'ESSENTIALS', 2, 276, 'USD', 'parent'],
  [2053, 'PREMIUM', 1, 216, 'USD', 'parent'],
  [2054, 'PREMIUM', 2, 396, 'USD', 'parent'],
  [2055, 'MAX', 1, 299.88, 'USD', 'parent'],
  [2056, 'MAX', 2, 551.76, 'USD', 'parent'],
  [2061, 'ESSENTIALS', 1, 107.99, 'GBP', 'parent'],
  [2062, 'PREMIUM', 1, 155.99, 'GBP', 'parent'],
  [2063, 'MAX', 1, 215.99, 'GBP', 'parent'],
  [2064, 'BYO', 1, 79, 'GBP', 'parent'],
  [2065, 'A', 1, 99, 'GBP', 'pro'],
  [2071, 'ESSENTIALS', 1, 179.99, 'CAD', 'parent'],
  [2072, 'ESSENTIALS', 2, 335.99, 'CAD', 'parent'],
  [2073, 'PREMIUM', 1, 264.99, 'CAD', 'parent'],
  [2074, 'PREMIUM', 2, 479.99, 'CAD', 'parent'],
  [2075, 'MAX', 1, 359.99, 'CAD', 'parent'],
  [2076, 'MAX', 2, 669.99, 'CAD', 'parent'],
  [2077, 'BASIC', 1, 149.99, 'CAD', 'parent'],
  [2078, 'BASIC', 2, 275.76, 'CAD', 'parent'],
  [2081, 'ESSENTIALS', 1, 199.99, 'AUD', 'parent'],
  [2082, 'ESSENTIALS', 2, 369, 'AUD', 'parent'],
  [2083, 'PREMIUM', 1, 299.99, 'AUD', 'parent'],
  [2084, 'PREMIUM', 2, 549.99, 'AUD', 'parent'],
  [2085, 'MAX', 1, 399.99, 'AUD', 'parent'],
  [2086, 'MAX', 2, 739, 'AUD', 'parent'],
  [2087, 'BASIC', 1, 169.99, 'AUD', 'parent'],
  [2088, 'BASIC', 2, 314.99, 'AUD', 'parent'],
  [2091, 'ESSENTIALS', 1, 219, 'NZD', 'parent'],
  [2092, 'ESSENTIALS', 2, 400, 'NZD', 'parent'],
  [2093, 'PREMIUM', 1, 319.99, 'NZD', 'parent'],
  [2094, 'PREMIUM', 2, 589, 'NZD', 'parent'],
  [2095, 'MAX', 1, 439, 'NZD', 'parent'],
  [2096, 'MAX', 2, 809, 'NZD', 'parent'],
  [2097, 'BASIC', 1, 179.99, 'NZD', 'parent'],
  [2098, 'BASIC', 2, 329.99, 'NZD', 'parent'],
];

describe('§9 Package ids and prices: the whole catalogue', () => {
  it('§9 lists exactly the ids of the spec (1–9 without 6, 900–904, 2050–2056, 2061–2065, 2071–2078, 2081–2088, 2091–2098)', () => {
    const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
    const ids = [
      1,
      2,
      3,
      4,
      5,
      7,
      8,
      9,
      ...range(900, 904),
      ...range(2050, 2056),
      ...range(2061, 2065),
      ...range(2071, 2078),
      ...range(2081, 2088),
      ...range(2091, 2098),
    ];
    expect(packages.map((p) => p.id)).toEqual(ids);
  });

  it.each(EXPECTED)('§9 package %i is %s, %i year(s), %s %s (%s)', (id, family, years, total, currency, type) => {
    const p = getPackage(id);
    expect(p).toMatchObject({
      id,
      family,
      subDurationInYears: years,
      totalPrice: total,
      currencyCode: currency,
      packageType: type,
    });
  });

  it('§3 every package has every Package field and validates against PackageSchema', () => {
    for (const p of packages) {
      expect(() => PackageSchema.parse(p)).not.toThrow();
      expect(p.selectButtonId).toBe(`select-package-${p.id}`);
      expect(p.displayName.length).toBeGreaterThan(0);
      expect(p.primaryFeatures.length).toBeGreaterThan(0);
      expect(p.currencyTickerForReceipt).toBe(p.currencyCode);
      expect('vatAmount' in p).toBe(p.currencyCode === 'GBP');
    }
    expect(new Set(packages.map((p) => p.selectButtonId)).size).toBe(packages.length);
  });

  it.each([
    [2051, 12.5, '$149.99', '$'],
    [2056, 22.99, '$551.76', '$'],
    [903, 10.79, '$259.00', '$'],
    [2061, 9, '£107.99', '£'],
    [2071, 15, 'CA$179.99', '$'],
    [2086, 30.79, 'A$739.00', '$'],
    [2096, 33.71, 'NZ$809.00', '$'],
  ])('§3/§4/§9 package %i: pricePerMonth %s, yearlyPriceFormat %s, symbol %s', (id, monthly, formatted, symbol) => {
    const p = getPackage(id)!;
    expect(p.pricePerMonth).toBe(monthly);
    expect(p.yearlyPriceFormat).toBe(formatted);
    expect(p.currencySymbol).toBe(symbol);
  });

  it('§9 getPackage of an unlisted id is undefined', () => {
    expect(getPackage(6)).toBeUndefined();
    expect(getPackage(2057)).toBeUndefined();
  });

  it.each([
    [{ currency: 'USD' as const, family: 'MAX' as const }, [2055, 2056]],
    [{ currency: 'GBP' as const }, [4, 5, 2061, 2062, 2063, 2064, 2065]],
    [{ packageType: 'pro' as const }, [2, 5, 2065]],
    [{ currency: 'CAD' as const, years: 2 as const }, [2072, 2074, 2076, 2078]],
    [{ family: 'BASIC' as const, currency: 'NZD' as const, years: 1 as const }, [2097]],
  ])('§9 listPackages(%j) filters by every given field', (q, ids) => {
    expect(listPackages(q).map((p) => p.id)).toEqual(ids);
  });

  it('§9 listPackages() without filters is the whole catalogue; the catalogue is frozen', () => {
    expect(listPackages()).toHaveLength(packages.length);
    expect(Object.isFrozen(packages)).toBe(true);
    expect(Object.isFrozen(packages[0])).toBe(true);
  });
});
