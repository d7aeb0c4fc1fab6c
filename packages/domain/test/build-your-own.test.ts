import { describe, expect, it } from 'vitest';
import {
  BuildYourOwnPackageSchema,
  buildYourOwnPackages,
  byoOrderPayload,
  byoPrice,
  computePack,
  getBuildYourOwnPackage,
  orderPayloadPrice,
  type AlaCarteSelection,
} from '../src/index.js';

const byo = (id: number) => getBuildYourOwnPackage(id)!;
const price = (id: number, length: 'SUB1YEAR' | 'SUB2YEAR', optionCode: string) =>
  byo(id).subscriptionLengthOptions[length]!.options.find((o) => o.optionCode === optionCode)?.price;

describe('§3/§9 Build-your-own: base prices and options', () => {
  it.each([
    [1, 99, 179],
    [7, 99, 179],
    [900, 99, 198],
    [2050, 110, 220],
    [4, 79, undefined],
    [2064, 79, undefined],
  ])('§9 package %i base: 1 year %s, 2 years %s', (id, y1, y2) => {
    const b = byo(id);
    expect(b.subscriptionLengthOptions.SUB1YEAR?.price).toBe(y1);
    expect(b.subscriptionLengthOptions.SUB2YEAR?.price).toBe(y2);
  });

  it.each([
    ['MYFILES_1GB', 0, 0, 0],
    ['MYFILES_3GB', 18, 36, 14],
    ['MYFILES_5GB', 29, 58, 23],
    ['MYFILES_10GB', 57, 114, 45],
    ['TONEMETER', 10, 20, 8],
    ['UNLIMITEDPAYMENTS', 75, 150, undefined],
  ])('§9 option %s: %s per 1 year, %s per 2 years, UK %s', (code, y1, y2, uk) => {
    expect(price(2050, 'SUB1YEAR', code)).toBe(y1);
    expect(price(2050, 'SUB2YEAR', code)).toBe(y2);
    expect(price(4, 'SUB1YEAR', code)).toBe(uk);
  });

  it('§3 each option carries code, description, duration, optionCode, optionName, price, priceFormatted', () => {
    for (const b of buildYourOwnPackages) {
      expect(() => BuildYourOwnPackageSchema.parse(b)).not.toThrow();
      for (const [length, lo] of Object.entries(b.subscriptionLengthOptions)) {
        for (const o of lo.options) {
          expect(o.duration).toBe(length);
          expect(o.code).toBe(o.optionName);
        }
      }
    }
    expect(
      byo(2050).subscriptionLengthOptions.SUB2YEAR!.options.find((o) => o.optionCode === 'MYFILES_10GB')
        ?.priceFormatted,
    ).toBe('$114.00');
    expect(
      byo(4).subscriptionLengthOptions.SUB1YEAR!.options.find((o) => o.optionCode === 'MYFILES_3GB')?.priceFormatted,
    ).toBe('£14.00');
  });

  it('§3/§9 options without a §9 price (CALLSBASIC, TONEMETERENHANCED) are offered by no package or length', () => {
    const names = buildYourOwnPackages.flatMap((b) =>
      Object.values(b.subscriptionLengthOptions).flatMap((l) => l.options.map((o) => o.optionName)),
    );
    expect(names).toContain('MYFILES');
    expect(names).not.toContain('CALLSBASIC');
    expect(names).not.toContain('TONEMETERENHANCED');
  });

  it('§3 productIds are distinct per package and length', () => {
    const ids = buildYourOwnPackages.flatMap((b) => Object.values(b.subscriptionLengthOptions).map((l) => l.productId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('§3 A la carte selection: byoPrice and byoOrderPayload', () => {
  it.each<[number, AlaCarteSelection, number]>([
    [2050, { subscription: 'SUB1YEAR' }, 110],
    [2050, { subscription: 'SUB2YEAR', myfiles: 'MYFILES_5GB', tonemeter: true }, 298],
    [
      2050,
      {
        subscription: 'SUB1YEAR',
        myfiles: 'MYFILES_10GB',
        tonemeter: true,
        unlimitedPayments: true,
      },
      252,
    ],
    [1, { subscription: 'SUB2YEAR', myfiles: 'MYFILES_3GB', unlimitedPayments: true }, 365],
    [900, { subscription: 'SUB2YEAR', tonemeter: false, unlimitedPayments: false, myfiles: null }, 198],
    [4, { subscription: 'SUB1YEAR', myfiles: 'MYFILES_5GB', tonemeter: true }, 110],
  ])('§3/§9 byoPrice for package %i %j → %s', (id, selection, total) => {
    expect(byoPrice(selection, byo(id))).toBe(total);
  });

  it('§3 byoOrderPayload gives packageId, productId and services [{ code, option }]', () => {
    expect(
      byoOrderPayload(
        {
          subscription: 'SUB2YEAR',
          myfiles: 'MYFILES_3GB',
          tonemeter: true,
          unlimitedPayments: true,
        },
        byo(2050),
      ),
    ).toEqual({
      packageId: 2050,
      productId: 20502,
      services: [
        { code: 'MYFILES', option: 'MYFILES_3GB' },
        { code: 'TONEMETER', option: 'TONEMETER' },
        { code: 'UNLIMITEDPAYMENTS', option: 'UNLIMITEDPAYMENTS' },
      ],
    });
  });

  it.each<[number, AlaCarteSelection, RegExp]>([
    [4, { subscription: 'SUB2YEAR' }, /no subscription length SUB2YEAR/],
    [4, { subscription: 'SUB1YEAR', unlimitedPayments: true }, /UNLIMITEDPAYMENTS/],
    [2050, { subscription: 'SUB1YEAR', myfiles: 'MYFILES_7GB' }, /MYFILES_7GB/],
    [2050, { subscription: 'SUB1YEAR', calls: 'MYFILES_3GB' }, /CALLSBASIC\/MYFILES_3GB/],
    // §9 gives the calls feature minutes (45 or 60) but no price: it is not sold
    [2050, { subscription: 'SUB1YEAR', calls: 'CALLSBASIC_45' }, /CALLSBASIC\/CALLSBASIC_45/],
    [4, { subscription: 'SUB1YEAR', calls: 'CALLSBASIC_60' }, /CALLSBASIC\/CALLSBASIC_60/],
  ])('§3 package %i rejects an option it does not offer: %j', (id, selection, message) => {
    expect(() => byoPrice(selection, byo(id))).toThrow(message);
  });

  it('§3 orderPayloadPrice re-prices a payload and refuses tampered payloads', () => {
    const b = byo(2050);
    expect(
      orderPayloadPrice(
        { packageId: 2050, productId: 20501, services: [{ code: 'TONEMETER', option: 'TONEMETER' }] },
        b,
      ),
    ).toBe(120);
    expect(() => orderPayloadPrice({ packageId: 900, productId: 20501, services: [] }, b)).toThrow(/package 900/);
    expect(() => orderPayloadPrice({ packageId: 2050, productId: 9001, services: [] }, b)).toThrow(/9001/);
    expect(() =>
      orderPayloadPrice(
        {
          packageId: 2050,
          productId: 20501,
          services: [
            { code: 'TONEMETER', option: 'TONEMETER' },
            { code: 'TONEMETER', option: 'TONEMETER' },
          ],
        },
        b,
      ),
    ).toThrow(/twice/);
  });
});

describe('§4 Pack', () => {
  const payload = {
    packageId: 2050,
    productId: 20501,
    services: [{ code: 'TONEMETER' as const, option: 'TONEMETER' }],
  };
  it('§4 is computed when the selected package id equals the order payload package id', () => {
    const pack = computePack(2050, payload);
    expect(pack).toEqual(payload);
    expect(pack).not.toBe(payload);
    expect(pack!.services).not.toBe(payload.services);
  });
  it.each([2051, 900, 0])('§4 is undefined when the selected package is %i', (selected) => {
    expect(computePack(selected, payload)).toBeUndefined();
  });
});
