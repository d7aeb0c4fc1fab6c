import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildYourOwnPackages,
  currencyForCountry,
  formatPrice,
  NOT_SOLD_THROUGH_JOIN,
  offeredCatalogue,
  packages,
  quote,
  QuoteError,
  resolvePricingGroup,
  type QuoteContext,
} from '../src/index.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const rows = (columns: number) =>
  readme
    .split('\n')
    .filter((l) => /^\|\s*\d+\s*\|/.test(l))
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    )
    .filter((cells) => cells.length === columns);

describe('§9 the README catalogue table is the catalogue (id → tier mapping is published)', () => {
  it('§9 one row per package with family, type, years, currency, total, per month, VAT, formatted price', () => {
    const expected = packages.map((p) => [
      String(p.id),
      p.family,
      p.displayName,
      p.packageType,
      String(p.subDurationInYears),
      p.currencyCode,
      p.totalPrice.toFixed(2),
      p.pricePerMonth.toFixed(2),
      p.vatAmount === undefined ? '–' : p.vatAmount.toFixed(2),
      p.yearlyPriceFormat,
      p.variant,
    ]);
    expect(rows(11)).toEqual(expected);
  });

  it('§9 one row per build-your-own package and length with base and option prices', () => {
    const expected = buildYourOwnPackages.flatMap((b) =>
      Object.entries(b.subscriptionLengthOptions).map(([length, lo]) => {
        const price = (code: string) =>
          lo.options.find((o) => o.optionCode === code)?.price.toFixed(2) ?? 'not offered';
        return [
          String(b.packageId),
          b.currencyCode,
          length,
          String(lo.productId),
          lo.price.toFixed(2),
          ['1GB', '3GB', '5GB', '10GB'].map((g) => price(`MYFILES_${g}`)).join(' / '),
          price('TONEMETER'),
          price('UNLIMITEDPAYMENTS'),
          `${price('CALLSBASIC_45')} / ${price('CALLSBASIC_60')}`,
        ];
      }),
    );
    expect(rows(9)).toEqual(expected);
  });
});

describe('README "Not sold through join" is NOT_SOLD_THROUGH_JOIN', () => {
  it('§9 one row per id with the same reason', () => {
    expect(rows(3).map(([id, , reason]) => [Number(id), reason])).toEqual(
      Object.entries(NOT_SOLD_THROUGH_JOIN).map(([id, reason]) => [Number(id), reason]),
    );
  });
});

describe('README "Quoting an order": the example gives what it says', () => {
  it('§3 §4 §9 GBP Essentials with £10 off, build-your-own both ways, a USD package refused', () => {
    expect(readme).toContain('## Quoting an order');
    const context: QuoteContext = {
      currency: currencyForCountry('GB'),
      flow: 'join',
      pricingGroup: resolvePricingGroup({ subscriptionStatus: 'none' }),
      coupons: [{ packageId: 2061, status: 'available', discountAmount: 10 }],
    };
    expect(context).toMatchObject({ currency: 'GBP', pricingGroup: 'P3' });
    const { packages: offered, byo } = offeredCatalogue(context.pricingGroup, context.currency, context.flow);
    expect(offered.map((p) => p.id)).toEqual([2061, 2062, 2063]);
    expect(byo?.packageId).toBe(2064);
    const essentials = quote({ packageId: 2061 }, context);
    expect(essentials).toMatchObject({ list: 107.99, discount: 10, charged: 97.99, vat: 16.33, monthly: 8.17 });
    expect(formatPrice(essentials.charged, essentials.currency)).toBe('£97.99');
    const services = [
      { code: 'MYFILES', option: 'MYFILES_3GB' },
      { code: 'TONEMETER', option: 'TONEMETER' },
    ];
    const a = quote(
      { packageId: 2064, alaCarte: { subscription: 'SUB1YEAR', myfiles: 'MYFILES_3GB', tonemeter: true } },
      context,
    );
    const b = quote({ packageId: 2064, productId: 20641, services }, context);
    expect(a).toEqual(b);
    expect(a).toMatchObject({
      list: 101,
      charged: 101,
      vat: 16.83,
      payload: { packageId: 2064, productId: 20641, services },
    });
    expect(() => quote({ packageId: 2051 }, context)).toThrow(QuoteError);
    expect(() => quote({ packageId: 2051 }, context)).toThrow(expect.objectContaining({ code: 'not_offered' }));
  });
});
