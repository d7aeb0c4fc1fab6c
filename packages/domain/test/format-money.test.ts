import { describe, expect, it } from 'vitest';
import { formatMoney, paymentRegionLocale, languageFor, uiLanguageFor } from '../src/index.js';

describe('§4 Currency and locale: formatted through Intl.NumberFormat for the currency region locale', () => {
  it.each([
    [551.76, 'USD', undefined, '$551.76'],
    [107.99, 'GBP', undefined, '£107.99'],
    [179.99, 'CAD', undefined, 'CA$179.99'],
    [199.99, 'AUD', undefined, 'A$199.99'],
    [219, 'NZD', undefined, 'NZ$219.00'],
    [1234.5, 'USD', undefined, '$1,234.50'],
    [1.005, 'USD', undefined, '$1.01'],
    [1144, 'USD', 'es_US', '$1,144.00'],
    [1144, 'USD', 'en_GB', 'US$1,144.00'],
  ] as const)('§4 formatMoney(%s, %s, %s) → %s', (amount, currency, locale, expected) => {
    expect(formatMoney(amount, currency, locale)).toBe(expected);
  });
});

describe('§4 Currency and locale: payment currency region locale', () => {
  it.each([
    [{ country: 'GB' }, 'en_GB'],
    [{ country: 'gb' }, 'en_GB'],
    [{ currency: 'GBP' as const }, 'en_GB'],
    [{ language: 'es' as const, packageType: 'parent' as const, family: 'B' as const }, 'es_US'],
    [{ language: 'es' as const, packageType: 'pro' as const, family: 'B' as const }, 'en_US'],
    [{ language: 'es' as const, packageType: 'parent' as const, family: 'MAX' as const }, 'en_US'],
    [{ language: 'en' as const, packageType: 'parent' as const, family: 'B' as const }, 'en_US'],
    [{ country: 'GB', language: 'es' as const, packageType: 'parent' as const, family: 'B' as const }, 'en_GB'],
    [{ country: 'IE' }, 'en_US'],
    [{}, 'en_US'],
  ])('§4 paymentRegionLocale(%j) → %s', (input, locale) => {
    expect(paymentRegionLocale(input)).toBe(locale);
  });
});

describe('§1 Languages: Spanish when the parent locale is es_MX, otherwise English', () => {
  it.each([
    ['es_MX', 'es'],
    ['es-MX', 'es'],
    ['ES_mx', 'es'],
    ['es_US', 'en'],
    ['en_US', 'en'],
    ['en-GB', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('§1 languageFor(%s) → %s', (locale, language) => {
    expect(languageFor(locale)).toBe(language);
  });
});

describe('§1 Languages: the interface text is Spanish for every Spanish UI locale (es-US and es-MX)', () => {
  it.each([
    ['es-MX', 'es', 'es'],
    ['es-US', 'es', 'en'],
    ['es_US', 'es', 'en'],
    ['ES-us', 'es', 'en'],
    ['es', 'es', 'en'],
    ['en-US', 'en', 'en'],
    ['en-GB', 'en', 'en'],
    ['eso', 'en', 'en'],
    ['', 'en', 'en'],
    [undefined, 'en', 'en'],
  ])('§1 %s: uiLanguageFor → %s, languageFor (the parent language) → %s', (locale, ui, parent) => {
    expect(uiLanguageFor(locale)).toBe(ui);
    expect(languageFor(locale)).toBe(parent);
  });
});
