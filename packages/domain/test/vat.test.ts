import { describe, expect, it } from 'vitest';
import { getPackage, vatAmount, vatForPrice } from '../src/index.js';

describe('§9 Prices: GBP VAT, 20 % included in the price', () => {
  it.each([
    [107.99, 18],
    [155.99, 26],
    [215.99, 36],
    [120, 20],
    [79, 13.17],
    [0, 0],
  ])('§9 vatForPrice(£%s) → %s', (gross, vat) => {
    expect(vatForPrice(gross, 'GBP')).toBe(vat);
  });

  it.each([
    [2061, 18],
    [2062, 26],
    [2063, 36],
  ])('§3/§9 package %i carries vatAmount %s', (id, vat) => {
    const p = getPackage(id)!;
    expect(p.vatAmount).toBe(vat);
    expect(vatAmount(p)).toBe(vat);
  });

  it.each(['USD', 'CAD', 'AUD', 'NZD'] as const)('§3 vatAmount is GBP only: undefined for %s', (currency) => {
    expect(vatForPrice(100, currency)).toBeUndefined();
    expect(vatAmount({ totalPrice: 100, currencyCode: currency })).toBeUndefined();
  });
});
