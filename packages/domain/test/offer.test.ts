import { describe, expect, it } from 'vitest';
import {
  buildYourOwnPackages,
  CURRENCIES,
  NOT_SOLD_THROUGH_JOIN,
  offeredCatalogue,
  packages,
  PRICING_GROUPS,
  seriesFor,
  type Currency,
  type Flow,
  type PricingGroup,
} from '../src/index.js';

const FLOWS: readonly Flow[] = ['join', 'pro', 'ctj'];
const ids = (group: PricingGroup, currency: Currency, flow: Flow) => {
  const o = offeredCatalogue(group, currency, flow);
  return { packages: o.packages.map((p) => p.id), byo: o.byo?.packageId ?? null };
};

describe('§4 Pricing group → catalogue series', () => {
  it.each([
    ['P0', 'USD', '900'],
    ['P1', 'USD', '900'],
    ['P2', 'USD', '2k'],
    ['P3', 'USD', '2k'],
    ['P0', 'GBP', '2k'],
    ['P1', 'CAD', '2k'],
  ] as const)('§4 seriesFor(%s, %s) → %s', (group, currency, series) => {
    expect(seriesFor(group, currency)).toBe(series);
  });
});

describe('§1/§9 what each flow offers', () => {
  it.each<[PricingGroup, Currency, Flow, number[], number | null]>([
    ['P3', 'USD', 'join', [2051, 2052, 2053, 2054, 2055, 2056], 2050],
    ['P3', 'USD', 'ctj', [2051, 2052, 2053, 2054, 2055, 2056], 2050],
    ['P3', 'USD', 'pro', [2, 2051, 2052, 2053, 2054, 2055, 2056], 2050],
    ['P0', 'USD', 'join', [901, 902, 903, 904], 900],
    ['P1', 'USD', 'pro', [2, 901, 902, 903, 904], 900],
    ['P3', 'GBP', 'join', [2061, 2062, 2063], 2064],
    ['P3', 'GBP', 'pro', [2065, 2061, 2062, 2063], 2064],
    ['P3', 'CAD', 'join', [2071, 2072, 2073, 2074, 2075, 2076, 2077, 2078], null],
    ['P3', 'CAD', 'pro', [2071, 2072, 2073, 2074, 2075, 2076, 2077, 2078], null],
    ['P2', 'AUD', 'ctj', [2081, 2082, 2083, 2084, 2085, 2086, 2087, 2088], null],
    ['P0', 'NZD', 'join', [2091, 2092, 2093, 2094, 2095, 2096, 2097, 2098], null],
  ])('§9 offeredCatalogue(%s, %s, %s) → %j + build-your-own %s', (group, currency, flow, packageIds, byo) => {
    expect(ids(group, currency, flow)).toEqual({ packages: packageIds, byo });
  });

  it('§3 the pro package is offered in the pro flow only', () => {
    for (const group of PRICING_GROUPS)
      for (const currency of CURRENCIES)
        for (const flow of FLOWS) {
          const types = offeredCatalogue(group, currency, flow).packages.map((p) => p.packageType);
          expect(types.includes('pro')).toBe(flow === 'pro' && (currency === 'USD' || currency === 'GBP'));
        }
  });

  it('§9 every id is offered in some group, currency and flow, or listed as not sold through join — never both', () => {
    const offered = new Set<number>();
    for (const group of PRICING_GROUPS)
      for (const currency of CURRENCIES)
        for (const flow of FLOWS) {
          const o = offeredCatalogue(group, currency, flow);
          o.packages.forEach((p) => offered.add(p.id));
          if (o.byo) offered.add(o.byo.packageId);
        }
    const notSold = new Set(Object.keys(NOT_SOLD_THROUGH_JOIN).map(Number));
    expect([...offered].filter((id) => notSold.has(id))).toEqual([]);
    const all = new Set([...packages.map((p) => p.id), ...buildYourOwnPackages.map((b) => b.packageId)]);
    expect(new Set([...offered, ...notSold])).toEqual(all);
    expect([...notSold].sort((a, b) => a - b)).toEqual([1, 3, 4, 5, 7, 8, 9]);
  });
});
