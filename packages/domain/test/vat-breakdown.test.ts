import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMinor, vatBreakdown, vatForPrice } from '../src/index.js';

describe('§9 Prices: the VAT invoice lines of a GBP amount (20 % included)', () => {
  it.each([
    [107.99, 89.99, 18],
    [155.99, 129.99, 26],
    [215.99, 179.99, 36],
    [79, 65.83, 13.17],
  ])('§9 £%s → net %s + VAT %s at 20 %', (gross, net, vat) => {
    expect(vatBreakdown(gross, 'GBP')).toEqual({ ratePercent: 20, net, vat, gross });
  });

  it.each(['USD', 'CAD', 'AUD', 'NZD'] as const)('§3 vatAmount is GBP only: no VAT invoice in %s', (currency) => {
    expect(vatBreakdown(100, currency)).toBeUndefined();
  });

  it('§9 "Currency is rounded to 2 decimals": net + VAT is exactly the gross, the VAT is vatForPrice', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (minor) => {
        const b = vatBreakdown(minor / 100, 'GBP')!;
        return toMinor(b.net) + toMinor(b.vat) === minor && b.vat === vatForPrice(minor / 100, 'GBP');
      }),
    );
  });
});
