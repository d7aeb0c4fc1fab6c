import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enGB from '../src/i18n/lang/en-GB.json';
import enUS from '../src/i18n/lang/en-US.json';
import esMX from '../src/i18n/lang/es-MX.json';
import esUS from '../src/i18n/lang/es-US.json';
import { cardFieldOptions } from '../src/join/steps/payment/use-card-nonce.js';

const CATALOGUES = { 'en-US': enUS, 'en-GB': enGB, 'es-US': esUS, 'es-MX': esMX } as const;

describe('§2 hosted field placeholder: the card expiry format is in the parent’s language', () => {
  it.each([
    ['en-US', 'MM/YY'],
    ['en-GB', 'MM/YY'],
    ['es-US', 'MM/AA'],
    ['es-MX', 'MM/AA'],
  ] as const)('%s: the expirationDate field shows %s', (locale, placeholder) => {
    const intl = createIntl({ locale, messages: CATALOGUES[locale] });
    expect(cardFieldOptions(intl).expirationDate.placeholder).toBe(placeholder);
  });

  it.each(Object.keys(CATALOGUES) as (keyof typeof CATALOGUES)[])(
    '%s: the placeholder and the expiry error name the same format (the error says what the field shows)',
    (locale) => {
      const messages: Record<string, string> = CATALOGUES[locale];
      expect(messages['payment.error.expirationDate']).toContain(messages['payment.expirationPlaceholder']);
    },
  );
});
