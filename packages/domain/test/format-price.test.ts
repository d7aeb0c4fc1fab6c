import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  formatMoney,
  formatPrice,
  languageFor,
  LOCALES,
  packages,
  paymentRegionLocale,
  type Currency,
} from '../src/index.js';

/** What a parent sees for 149.99 and 1149.99, written out, for every UI locale of §1 (README "Formatting money"). */
const TABLE: ReadonlyArray<readonly [ui: string, currency: Currency, small: string, large: string]> = [
  ['en-US', 'USD', '$149.99', '$1,149.99'],
  ['en-US', 'GBP', '£149.99', '£1,149.99'],
  ['en-US', 'CAD', 'CA$149.99', 'CA$1,149.99'],
  ['en-US', 'AUD', 'A$149.99', 'A$1,149.99'],
  ['en-US', 'NZD', 'NZ$149.99', 'NZ$1,149.99'],
  ['en-GB', 'USD', '$149.99', '$1,149.99'],
  ['en-GB', 'GBP', '£149.99', '£1,149.99'],
  ['en-GB', 'CAD', 'CA$149.99', 'CA$1,149.99'],
  ['en-GB', 'AUD', 'A$149.99', 'A$1,149.99'],
  ['en-GB', 'NZD', 'NZ$149.99', 'NZ$1,149.99'],
  ['es-US', 'USD', '$149.99', '$1,149.99'],
  ['es-US', 'GBP', '£149.99', '£1,149.99'],
  ['es-US', 'CAD', 'CA$149.99', 'CA$1,149.99'],
  ['es-US', 'AUD', 'A$149.99', 'A$1,149.99'],
  ['es-US', 'NZD', 'NZ$149.99', 'NZ$1,149.99'],
  ['es-MX', 'USD', '$149.99', '$1,149.99'],
  ['es-MX', 'GBP', '£149.99', '£1,149.99'],
  ['es-MX', 'CAD', 'CA$149.99', 'CA$1,149.99'],
  ['es-MX', 'AUD', 'A$149.99', 'A$1,149.99'],
  ['es-MX', 'NZD', 'NZ$149.99', 'NZ$1,149.99'],
];

describe('§4 Currency and locale: a price renders in the payment currency region locale, whatever the UI locale', () => {
  it('§1 the table covers every UI locale × every catalogue currency', () => {
    expect(new Set(TABLE.map(([ui, c]) => `${ui}|${c}`)).size).toBe(LOCALES.length * CURRENCIES.length);
  });

  it.each(TABLE)('§4 UI %s, %s: %s and %s', (ui, currency, small, large) => {
    // The region locale an app derives for this parent (the Spanish-parent-B rule needs the parent language of §1).
    const regionLocale = paymentRegionLocale({ currency, language: languageFor(ui), packageType: 'parent' });
    expect(formatPrice(149.99, currency, { regionLocale })).toBe(small);
    expect(formatPrice(1149.99, currency, { regionLocale })).toBe(large);
    expect(formatPrice(149.99, currency)).toBe(small);
  });

  it('§4 es_US (Spanish parent, family B: package 3, USD) renders as en_US: $209.97', () => {
    const regionLocale = paymentRegionLocale({ language: languageFor('es-MX'), packageType: 'parent', family: 'B' });
    expect(regionLocale).toBe('es_US');
    expect(formatPrice(209.97, 'USD', { regionLocale })).toBe('$209.97');
    // Formatting in the UI locale instead is what this rule removes: es-MX shows "USD 209.97", en-GB "US$209.97".
    expect(new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'USD' }).format(209.97)).toBe(
      'USD\u00a0209.97',
    );
    expect(new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'USD' }).format(209.97)).toBe('US$209.97');
  });

  it('§4 every catalogue price renders the same for every UI locale and its derived region locale', () => {
    for (const p of packages) {
      const expected = formatPrice(p.totalPrice, p.currencyCode);
      expect(p.yearlyPriceFormat).toBe(expected);
      for (const ui of LOCALES) {
        const regionLocale = paymentRegionLocale({
          currency: p.currencyCode,
          language: languageFor(ui),
          family: p.family,
          packageType: p.packageType,
        });
        expect(formatPrice(p.totalPrice, p.currencyCode, { regionLocale })).toBe(expected);
      }
    }
  });

  it.each([
    [1.005, 'USD', '$1.01'],
    [0, 'GBP', '£0.00'],
    [219, 'NZD', 'NZ$219.00'],
  ] as const)('§9 rounded to 2 decimals: formatPrice(%s, %s) → %s', (amount, currency, expected) => {
    expect(formatPrice(amount, currency)).toBe(expected);
  });

  it('§9 formatMoney without a locale (deprecated) gives the same string', () => {
    for (const currency of CURRENCIES) expect(formatMoney(551.76, currency)).toBe(formatPrice(551.76, currency));
  });

  it('§9 a non-finite amount throws RangeError', () => {
    expect(() => formatPrice(Number.NaN, 'USD')).toThrow(RangeError);
  });
});
