import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enGB from '../src/i18n/compiled/en-GB.json';
import enUS from '../src/i18n/compiled/en-US.json';
import esMX from '../src/i18n/compiled/es-MX.json';
import esUS from '../src/i18n/compiled/es-US.json';
import enGBSource from '../src/i18n/lang/en-GB.json';
import enUSSource from '../src/i18n/lang/en-US.json';
import esMXSource from '../src/i18n/lang/es-MX.json';
import esUSSource from '../src/i18n/lang/es-US.json';
import { packageMessages, paymentMessagesUi } from '../src/join/messages.js';

/** Percentages go through the ICU `::percent` skeleton (Intl formats them), never a literal `%`. */
const COMPILED = { 'en-US': enUS, 'en-GB': enGB, 'es-US': esUS, 'es-MX': esMX } as const;
const SOURCES = { 'en-US': enUSSource, 'en-GB': enGBSource, 'es-US': esUSSource, 'es-MX': esMXSource } as const;
type Locale = keyof typeof COMPILED;
const LOCALES = Object.keys(COMPILED) as Locale[];

/** The compiled (AST) catalogue of a locale through react-intl, as I18nProvider gives it to the app. */
const intlFor = (locale: Locale) =>
  createIntl({
    locale,
    defaultLocale: 'en-US',
    messages: COMPILED[locale],
    onError: (err) => {
      throw err;
    },
  });

const percentOf = (locale: Locale, fraction: number) =>
  new Intl.NumberFormat(locale, { style: 'percent' }).format(fraction);

describe('percentages through ICU number skeletons', () => {
  it('no catalogue writes a literal % after an argument', () => {
    for (const locale of LOCALES)
      for (const [id, message] of Object.entries(SOURCES[locale]))
        expect(message, `${locale} ${id}`).not.toMatch(/\}\s*%/);
  });

  it('the discount messages use {percent, number, ::percent …} in every locale', () => {
    for (const locale of LOCALES)
      for (const id of ['package.discount', 'payment.discount'])
        expect(SOURCES[locale][id as keyof (typeof SOURCES)[Locale]], `${locale} ${id}`).toMatch(
          /\{percent, number, ::percent scale\/0\.01\}/,
        );
  });

  it('a 15 % coupon renders "15%" in en-US as before, and as Intl formats 15 % in each locale', () => {
    const en = intlFor('en-US');
    expect(en.formatMessage(packageMessages.discount, { amount: '$25.00', percent: 15 })).toBe('Save $25.00 (15%)');
    expect(en.formatMessage(paymentMessagesUi.discount, { amount: '$25.00', percent: 15 })).toBe(
      'Coupon discount: $25.00 (15%)',
    );
    expect(intlFor('en-GB').formatMessage(packageMessages.discount, { amount: '£25.00', percent: 15 })).toBe(
      'Save £25.00 (15%)',
    );
    for (const locale of LOCALES) {
      const intl = intlFor(locale);
      for (const [percent, fraction] of [
        [15, 0.15],
        [4, 0.04],
        [100, 1],
      ] as const) {
        for (const message of [packageMessages.discount, paymentMessagesUi.discount]) {
          const text = intl.formatMessage(message, { amount: 'AMOUNT', percent });
          expect(text, `${locale} ${message.id}`).toContain(`(${percentOf(locale, fraction)})`);
          expect(text).toContain('AMOUNT');
        }
      }
    }
  });

  it('es-MX and es-US keep their own Spanish text around the Intl percentage', () => {
    for (const locale of ['es-MX', 'es-US'] as const) {
      const intl = intlFor(locale);
      expect(intl.formatMessage(packageMessages.discount, { amount: '$25.00', percent: 15 })).toBe(
        `Ahorra $25.00 (${percentOf(locale, 0.15)})`,
      );
      expect(intl.formatMessage(paymentMessagesUi.discount, { amount: '$25.00', percent: 15 })).toBe(
        `Descuento del cupón: $25.00 (${percentOf(locale, 0.15)})`,
      );
    }
  });
});
