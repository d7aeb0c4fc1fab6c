import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ApiError } from '@ofw/api-client/errors';
import { catalogueEntry, PaymentsError, toPaymentError } from '@ofw/payments';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enGB from '../src/i18n/lang/en-GB.json';
import enUS from '../src/i18n/lang/en-US.json';
import esMX from '../src/i18n/lang/es-MX.json';
import esUS from '../src/i18n/lang/es-US.json';
import { providerMessage, messageFor } from '../src/join/steps/payment/payment-error.js';

const CATALOGUES = { 'en-US': enUS, 'en-GB': enGB, 'es-US': esUS, 'es-MX': esMX } as Record<
  string,
  Record<string, string>
>;

/**
 * The error codes of the braintree-web that @ofw/payments installs, read at test time from its modules'
 * `shared/errors.js` (and the top-level `lib/errors.js`): an upgrade that adds a code fails here until it is mapped.
 */
function installedBraintreeWebCodes(): string[] {
  const payments = createRequire(import.meta.url).resolve('@ofw/payments');
  const pkg = createRequire(payments).resolve('braintree-web/package.json');
  const codes = new Set<string>();
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (entry === 'node_modules' || entry === 'dist') continue;
      if (statSync(file).isDirectory()) visit(file);
      else if (entry === 'errors.js')
        for (const [, code] of readFileSync(file, 'utf8').matchAll(/code: "([A-Z0-9_]+)"/g)) codes.add(code!);
    }
  };
  visit(path.dirname(pkg));
  return [...codes].sort();
}

const codes = installedBraintreeWebCodes();

describe('§8 no developer text: every braintree-web error reaches the parent as a message of this page, in four languages', () => {
  it('reads the installed braintree-web codes (HOSTED_FIELDS_*, THREEDS_*, CLIENT_*, PAYPAL_CHECKOUT_*, VENMO_*, APPLE_PAY_*, DATA_COLLECTOR_*)', () => {
    for (const family of [
      'HOSTED_FIELDS_',
      'THREEDS_',
      'CLIENT_',
      'PAYPAL_CHECKOUT_',
      'VENMO_',
      'APPLE_PAY_',
      'DATA_COLLECTOR_',
    ])
      expect(
        codes.some((c) => c.startsWith(family)),
        family,
      ).toBe(true);
  });

  it.each(codes)('%s is catalogued and shown as a catalogued message, never braintree-web’s own text', (code) => {
    // mapped by its code or its family — an unknown code would only get the generic fallback
    expect(catalogueEntry(code)).toBeDefined();
    const { group } = toPaymentError({ code, type: 'MERCHANT' });
    const descriptor = providerMessage(group);
    const developerText = `braintree-web says ${code} went wrong`;
    for (const [locale, messages] of Object.entries(CATALOGUES)) {
      const shown = messageFor(createIntl({ locale, messages }), new PaymentsError(code, 'MERCHANT', developerText));
      expect(shown, `${code} in ${locale}`).not.toContain(developerText);
      // the 3D Secure cancel keeps its own wording; every other code shows its group's message
      if (!/CANCEL/.test(code) || !code.startsWith('THREEDS_')) {
        expect(messages[descriptor.id], `${descriptor.id} in ${locale}`).toBeTruthy();
        expect(shown).toBe(createIntl({ locale, messages }).formatMessage(descriptor));
      }
      expect(Object.values(messages)).toContain(shown);
    }
  });

  it('an unknown error falls back to the generic localized message', () => {
    for (const [locale, messages] of Object.entries(CATALOGUES)) {
      const intl = createIntl({ locale, messages });
      const generic = intl.formatMessage({ id: 'app.error.unexpected' });
      expect(messageFor(intl, new PaymentsError('A_CODE_FROM_THE_FUTURE', 'UNKNOWN', 'internal detail'))).toBe(generic);
      expect(messageFor(intl, new Error('something internal'))).toBe(generic);
    }
  });

  it.each([
    [403, 'email_unverified', 'payment.error.emailUnverified'],
    [409, 'already_subscribed', 'payment.error.alreadySubscribed'],
  ])(
    'docs/IDENTITY.md "Contract": a %i %s reads as its own message in four languages, saying nothing was charged',
    (status, code, id) => {
      const refusal = new ApiError({
        type: `https://ofw.example/problems/${code}`,
        title: 'developer title',
        status,
        code,
      });
      for (const [locale, messages] of Object.entries(CATALOGUES)) {
        const shown = messageFor(createIntl({ locale, messages }), refusal);
        expect(messages[id], `${id} in ${locale}`).toBeTruthy();
        expect(shown, locale).toBe(messages[id]);
        expect(shown, locale).toMatch(/Nothing (was|has been) charged|No se hizo ningún cargo/);
      }
    },
  );

  it('§8 declines: each declineCategory has its own message; a 402 without one reads as a generic decline, distinct from all four', () => {
    const intl = createIntl({ locale: 'en-US', messages: enUS });
    const decline = (declineCategory?: string) =>
      messageFor(
        intl,
        new ApiError({
          type: 'https://ofw.example/problems/processor_declined',
          title: 'Declined',
          status: 402,
          code: 'processor_declined',
          ...(declineCategory ? { declineCategory } : {}),
        } as ConstructorParameters<typeof ApiError>[0]),
      );
    const shown = ['insufficient_funds', 'expired_card', 'authentication_failed', 'card_declined', undefined].map(
      decline,
    );
    expect(new Set(shown).size).toBe(5);
    expect(shown[0]).toMatch(/try another card/);
    expect(shown[1]).toMatch(/expired/);
    expect(shown[2]).toMatch(/security code/);
    expect(shown[3]).toMatch(/Your bank declined.*try another card/);
    expect(shown[4]).toBe(intl.formatMessage({ id: 'payment.provider.declined' }));
  });
});
