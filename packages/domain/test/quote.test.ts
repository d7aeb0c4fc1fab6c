import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  quote,
  quoteUpgradeOptions,
  QuoteError,
  type CurrentTerm,
  type QuoteContext,
  type QuoteSelection,
  type UpgradeOptions,
} from '../src/index.js';

const USD: QuoteContext = { currency: 'USD', flow: 'join', pricingGroup: 'P3' };
const GBP: QuoteContext = { currency: 'GBP', flow: 'join', pricingGroup: 'P3' };
const START = new Date('2030-01-01T00:00:00Z');
const YEAR = 365 * DAY_MS;
const at = (ms: number) => new Date(START.getTime() + ms);
/** Premium 1 year (2053) bought at START for 216.00. */
const PREMIUM_1Y: CurrentTerm = {
  packageId: 2053,
  currency: 'USD',
  years: 1,
  startsAt: START,
  expiresAt: at(YEAR),
  valueMinor: 21600,
  listPriceMinor: 21600,
};
const coupon = (packageId: number, discountAmount: number, status = 'available') => [
  { packageId, status, discountAmount },
];

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(QuoteError);
    expect((e as QuoteError).name).toBe('QuoteError');
    return (e as QuoteError).code;
  }
  return undefined;
}

describe('§9 quote: the spec figures of fixed tiers (a purchase)', () => {
  it.each([
    // [packageId, context, list, vat, monthly, years]
    [2061, GBP, 107.99, 18, 9, 1],
    [2062, GBP, 155.99, 26, 13, 1],
    [2063, GBP, 215.99, 36, 18, 1],
    [2051, USD, 149.99, null, 12.5, 1],
    [2052, USD, 276, null, 11.5, 2],
    [2056, USD, 551.76, null, 22.99, 2],
    [903, { ...USD, pricingGroup: 'P0' as const }, 259, null, 10.79, 2],
    [2072, { ...USD, currency: 'CAD' as const }, 335.99, null, 14, 2],
    [2086, { ...USD, currency: 'AUD' as const }, 739, null, 30.79, 2],
    [2096, { ...USD, currency: 'NZD' as const }, 809, null, 33.71, 2],
  ] as const)('§9 package %i → list %s, vat %s, monthly %s', (packageId, context, list, vat, monthly, years) => {
    expect(quote({ packageId }, context)).toEqual({
      packageId,
      productId: null,
      services: [],
      payload: { packageId },
      currency: context.currency,
      years,
      list,
      discount: 0,
      discountPercent: 0,
      credit: 0,
      prorated: null,
      charged: list,
      vat,
      monthly,
    });
  });

  it('§1/§3 pro-referred flow: package A 119.97 (USD 2) and UK A £99 (GBP 2065, VAT 16.50)', () => {
    expect(quote({ packageId: 2 }, { ...USD, flow: 'pro' })).toMatchObject({ charged: 119.97, monthly: 10, vat: null });
    expect(quote({ packageId: 2065 }, { ...GBP, flow: 'pro' })).toMatchObject({
      charged: 99,
      vat: 16.5,
      monthly: 8.25,
    });
    expect(codeOf(() => quote({ packageId: 2 }, USD))).toBe('not_offered');
    expect(codeOf(() => quote({ packageId: 2065 }, { ...GBP, flow: 'ctj' }))).toBe('not_offered');
  });
});

describe('§4 Discount in a quote', () => {
  it('§4 Max 2 years with 100 off: charged 451.76, monthly 18.82, 18 %', () => {
    expect(quote({ packageId: 2056 }, { ...USD, coupons: coupon(2056, 100) })).toMatchObject({
      list: 551.76,
      discount: 100,
      discountPercent: 18,
      charged: 451.76,
      monthly: 18.82,
    });
  });

  it('§4 GBP Essentials with £10 off: VAT of what is charged (£97.99 → 16.33)', () => {
    expect(quote({ packageId: 2061 }, { ...GBP, coupons: coupon(2061, 10) })).toMatchObject({
      charged: 97.99,
      vat: 16.33,
    });
  });

  it('§4 floored at 0; only status available; parent packages only', () => {
    expect(quote({ packageId: 2051 }, { ...USD, coupons: coupon(2051, 500) })).toMatchObject({
      discount: 149.99,
      charged: 0,
      monthly: 0,
      discountPercent: 100,
    });
    expect(quote({ packageId: 2051 }, { ...USD, coupons: coupon(2051, 50, 'expired') }).charged).toBe(149.99);
    expect(quote({ packageId: 2051 }, { ...USD, coupons: coupon(2052, 50) }).charged).toBe(149.99);
    expect(quote({ packageId: 2 }, { ...USD, flow: 'pro', coupons: coupon(2, 50) }).charged).toBe(119.97);
  });

  it('a negative coupon amount is bad context', () => {
    expect(codeOf(() => quote({ packageId: 2051 }, { ...USD, coupons: coupon(2051, -1) }))).toBe('bad_context');
  });
});

describe('§3 Build-your-own in a quote: the browser selection and the order payload give the same quote', () => {
  const alaCarte = { subscription: 'SUB2YEAR', myfiles: 'MYFILES_5GB', tonemeter: true } as const;
  const services = [
    { code: 'MYFILES', option: 'MYFILES_5GB' },
    { code: 'TONEMETER', option: 'TONEMETER' },
  ];

  it('§9 2050, 2 years, MyFiles 5GB, Tonemeter: 220 + 58 + 20 = 298, monthly 12.42', () => {
    const fromSelection = quote({ packageId: 2050, alaCarte }, USD);
    const fromPayload = quote({ packageId: 2050, productId: 20502, services }, USD);
    expect(fromSelection).toEqual(fromPayload);
    expect(fromSelection).toEqual({
      packageId: 2050,
      productId: 20502,
      services,
      payload: { packageId: 2050, productId: 20502, services },
      currency: 'USD',
      years: 2,
      list: 298,
      discount: 0,
      discountPercent: 0,
      credit: 0,
      prorated: null,
      charged: 298,
      vat: null,
      monthly: 12.42,
    });
  });

  it('§9 UK build-your-own 2064: £79 + 3GB £14 + Tonemeter £8 = £101, VAT 16.83; coupon on the BYO id', () => {
    const selection = {
      packageId: 2064,
      alaCarte: { subscription: 'SUB1YEAR', myfiles: 'MYFILES_3GB', tonemeter: true },
    };
    expect(quote(selection as QuoteSelection, GBP)).toMatchObject({ list: 101, charged: 101, vat: 16.83, years: 1 });
    expect(quote(selection as QuoteSelection, { ...GBP, coupons: coupon(2064, 11) })).toMatchObject({
      discount: 11,
      charged: 90,
      vat: 15,
      monthly: 7.5,
    });
  });

  it('§9 the base product alone (services missing or empty)', () => {
    expect(quote({ packageId: 2050, productId: 20501 }, USD).charged).toBe(110);
    expect(quote({ packageId: 900, productId: 9002, services: [] }, { ...USD, pricingGroup: 'P1' }).charged).toBe(198);
  });

  it.each<[string, QuoteSelection, QuoteContext]>([
    ['no product', { packageId: 2050 }, USD],
    ['both alaCarte and productId', { packageId: 2050, alaCarte, productId: 20502 }, USD],
    ['an unknown product', { packageId: 2050, productId: 9002 }, USD],
    ['an unknown option', { packageId: 2050, productId: 20501, services: [{ code: 'MYFILES', option: 'X' }] }, USD],
    ['an unknown code', { packageId: 2050, productId: 20501, services: [{ code: 'NOPE', option: 'NOPE' }] }, USD],
    ['a service twice', { packageId: 2050, productId: 20502, services: [...services, services[0]!] }, USD],
    [
      'unlimited payments in GBP (no UK price)',
      { packageId: 2064, productId: 20641, services: [{ code: 'UNLIMITEDPAYMENTS', option: 'UNLIMITEDPAYMENTS' }] },
      GBP,
    ],
    ['a 2-year UK build-your-own', { packageId: 2064, alaCarte: { subscription: 'SUB2YEAR' } }, GBP],
    ['services on a fixed tier', { packageId: 2051, services }, USD],
    ['a product on a fixed tier', { packageId: 2051, productId: 20501 }, USD],
    ['alaCarte on a fixed tier', { packageId: 2051, alaCarte }, USD],
  ])('bad_selection: %s', (_name, selection, context) => {
    expect(codeOf(() => quote(selection, context))).toBe('bad_selection');
  });
});

describe('§9 not offered', () => {
  it.each<[string, QuoteSelection, QuoteContext]>([
    ['an id §9 does not list', { packageId: 6 }, USD],
    ['a legacy package (not sold through join)', { packageId: 3 }, USD],
    ['another currency', { packageId: 2051 }, GBP],
    ['the 900 series to P3', { packageId: 901 }, USD],
    ['the 2k series to P0', { packageId: 2051 }, { ...USD, pricingGroup: 'P0' }],
    ['the 2k build-your-own to P1', { packageId: 2050, productId: 20501 }, { ...USD, pricingGroup: 'P1' }],
    ['the legacy build-your-own', { packageId: 1, productId: 11 }, USD],
    ['legacy UK A in the pro flow', { packageId: 5 }, { ...GBP, flow: 'pro' }],
  ])('not_offered: %s', (_name, selection, context) => {
    expect(codeOf(() => quote(selection, context))).toBe('not_offered');
  });
});

describe('§3 Upgrade options, §4 Purchase flow: proration on the server (currentTerm + now)', () => {
  const server = (now: Date): QuoteContext => ({ ...USD, currentTerm: PREMIUM_1Y, now });

  it.each([
    ['start of term', at(0), 216, 83.88],
    ['day 100 (264 whole days left)', at(100 * DAY_MS + 3_600_000), 156.23, 143.65],
    ['last day', at(YEAR - 3_600_000), 0, 299.88],
  ])('Premium 1y → Max 1y (299.88), %s: credit %s, charged %s', (_name, now, credit, charged) => {
    expect(quote({ packageId: 2055 }, server(now))).toMatchObject({
      list: 299.88,
      discount: 0,
      credit,
      prorated: charged,
      charged,
      monthly: Math.round((charged * 100) / 12) / 100,
    });
  });

  it('§4 with a coupon: charged = max(0, list − discount − credit)', () => {
    const q = quote({ packageId: 2056 }, { ...server(START), coupons: coupon(2056, 100) });
    expect(q).toMatchObject({ list: 551.76, discount: 100, credit: 216, charged: 235.76, prorated: 235.76 });
  });

  it('build-your-own upgrades too: Essentials 1y (149.99) → 2050 2 years with 10GB (220 + 114 = 334)', () => {
    const term: CurrentTerm = { ...PREMIUM_1Y, packageId: 2051, valueMinor: 14999, listPriceMinor: 14999 };
    const q = quote(
      { packageId: 2050, alaCarte: { subscription: 'SUB2YEAR', myfiles: 'MYFILES_10GB' } },
      { ...USD, currentTerm: term, now: START },
    );
    expect(q).toMatchObject({ list: 334, credit: 149.99, charged: 184.01, prorated: 184.01, years: 2, monthly: 7.67 });
  });

  it.each([
    ['the same package', 2053],
    ['a cheaper package', 2051],
    ['a pricier but shorter term', 2055],
  ])('not_an_upgrade: %s', (_name, packageId) => {
    const term =
      packageId === 2055 ? { ...PREMIUM_1Y, packageId: 2054, years: 2, expiresAt: at(2 * YEAR) } : PREMIUM_1Y;
    const context = { ...USD, currentTerm: { ...term, listPriceMinor: packageId === 2055 ? 100 : 21600 }, now: START };
    expect(codeOf(() => quote({ packageId }, context))).toBe('not_an_upgrade');
  });

  it('a term in another currency is never upgraded', () => {
    const context = { ...GBP, currentTerm: { ...PREMIUM_1Y, listPriceMinor: 1 }, now: START };
    expect(codeOf(() => quote({ packageId: 2063 }, context))).toBe('not_an_upgrade');
  });

  it('currentTerm needs a valid now', () => {
    expect(codeOf(() => quote({ packageId: 2055 }, { ...USD, currentTerm: PREMIUM_1Y }))).toBe('bad_context');
    const invalid = { ...USD, currentTerm: PREMIUM_1Y, now: new Date(Number.NaN) };
    expect(codeOf(() => quote({ packageId: 2055 }, invalid))).toBe('bad_context');
  });
});

describe('§3 Upgrade options: the map the server sends and the browser reads', () => {
  const serverContext: QuoteContext = { ...USD, currentTerm: PREMIUM_1Y, now: at(100 * DAY_MS + 3_600_000) };

  it('quoteUpgradeOptions: every offered fixed tier that is an upgrade, at its prorated price', () => {
    expect(quoteUpgradeOptions(serverContext)).toEqual({
      subscriptionUpgradeOptions: {
        '2052': { packageId: 2052, price: 119.77, priceFormatted: '$119.77' },
        '2054': { packageId: 2054, price: 239.77, priceFormatted: '$239.77' },
        '2055': { packageId: 2055, price: 143.65, priceFormatted: '$143.65' },
        '2056': { packageId: 2056, price: 395.53, priceFormatted: '$395.53' },
      },
    });
    expect(quoteUpgradeOptions(USD)).toBeNull();
    const top = { ...serverContext, currentTerm: { ...PREMIUM_1Y, packageId: 2056, years: 2, listPriceMinor: 55176 } };
    expect(quoteUpgradeOptions(top)).toBeNull();
  });

  it('the browser (upgradeOptions only) quotes the same charged as the server for every entry', () => {
    const upgradeOptions = quoteUpgradeOptions(serverContext)!;
    for (const key of Object.keys(upgradeOptions.subscriptionUpgradeOptions)) {
      const packageId = Number(key);
      const browser = quote({ packageId }, { ...USD, upgradeOptions });
      const onServer = quote({ packageId }, serverContext);
      expect(browser).toEqual(onServer);
    }
  });

  it('the browser: a package outside a non-empty map, or build-your-own, is not an upgrade; an empty map is a purchase', () => {
    const upgradeOptions: UpgradeOptions = {
      subscriptionUpgradeOptions: { '2055': { packageId: 2055, price: 83.88, priceFormatted: '$83.88' } },
    };
    expect(quote({ packageId: 2055 }, { ...USD, upgradeOptions })).toMatchObject({
      charged: 83.88,
      prorated: 83.88,
      credit: 216,
    });
    expect(codeOf(() => quote({ packageId: 2051 }, { ...USD, upgradeOptions }))).toBe('not_an_upgrade');
    expect(codeOf(() => quote({ packageId: 2050, productId: 20502 }, { ...USD, upgradeOptions }))).toBe(
      'not_an_upgrade',
    );
    const empty = { ...USD, upgradeOptions: { subscriptionUpgradeOptions: {} } };
    expect(quote({ packageId: 2051 }, empty)).toMatchObject({ charged: 149.99, prorated: null });
  });
});
