import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { getPackage, LOCALES, packages, packageText } from '@ofw/domain';
import { EMAIL_CATALOGUES, emailLocale, renderEmail } from '../src/emails/render.js';
import { EMAIL_NAME_MAX } from '../src/emails/display-name.js';
import type { ReceiptPayload } from '../src/emails/templates.js';

const USD_ESSENTIALS: ReceiptPayload = {
  languageLocale: 'en-US',
  firstName: 'Pat',
  orderId: 'ord_123',
  paidAt: '2026-03-01T12:00:00.000Z',
  packageId: 2051,
  packageName: 'Essentials',
  years: 1,
  currency: 'USD',
  amountMinor: 14999,
  vatMinor: null,
  discountMinor: 0,
  creditMinor: 0,
  cardBrand: 'Visa',
  cardLast4: '1111',
};
const GBP_ESSENTIALS: ReceiptPayload = {
  ...USD_ESSENTIALS,
  languageLocale: 'en-GB',
  packageId: 2061,
  currency: 'GBP',
  amountMinor: 10799,
  vatMinor: 1800,
};

describe('e-mail templates (React, react-intl catalogues)', () => {
  it('every locale catalogue (en-US, en-GB, es-US, es-MX) has the same message ids, none empty', () => {
    const ids = Object.keys(EMAIL_CATALOGUES['en-US']).sort();
    for (const locale of LOCALES) {
      expect(Object.keys(EMAIL_CATALOGUES[locale]).sort()).toEqual(ids);
      for (const text of Object.values(EMAIL_CATALOGUES[locale])) expect(text.trim()).not.toBe('');
    }
  });

  it("§1 the e-mail's locale is the parent's (stored at signup): es-US and es-MX read Spanish, en-GB British English", () => {
    expect(emailLocale('es_MX')).toBe('es-MX');
    expect(emailLocale('es-MX')).toBe('es-MX');
    expect(emailLocale('es_US')).toBe('es-US');
    expect(emailLocale('es-US')).toBe('es-US');
    expect(emailLocale('en-GB')).toBe('en-GB');
    expect(emailLocale('en-US')).toBe('en-US');
    // a value outside the four goes through @ofw/domain's preferredLocale (the browser rule)
    expect(emailLocale('es-ES')).toBe('es-US');
    expect(emailLocale('en-AU')).toBe('en-GB');
    expect(emailLocale(undefined)).toBe('en-US');
  });

  it('§1 the plan names of the receipt are the texts join-web shows (the same @ofw/domain message ids, same translations)', () => {
    for (const locale of LOCALES) {
      const web = JSON.parse(
        readFileSync(new URL(`../../join-web/src/i18n/lang/${locale}.json`, import.meta.url), 'utf8'),
      ) as Record<string, string>;
      for (const pkg of packages) {
        const id = packageText(pkg).name.id;
        expect(EMAIL_CATALOGUES[locale][id], `${locale} ${id}`).toBe(web[id]);
      }
    }
  });

  it('§1 a receipt for an es-MX parent is Spanish throughout: plan name, term, labels — no English plan text', async () => {
    const premium = getPackage(2053)!;
    const mail = await renderEmail('receipt', {
      ...USD_ESSENTIALS,
      languageLocale: 'es-MX',
      packageId: premium.id,
      packageName: premium.displayName,
      amountMinor: 21600,
    });
    expect(mail.locale).toBe('es-MX');
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain(EMAIL_CATALOGUES['es-MX']['catalogue.family.PREMIUM']);
      expect(body).toContain('1 año');
      expect(body).toContain('$216.00 USD');
      expect(body).not.toMatch(/\bPremium\b/);
      expect(body).not.toMatch(/\b1 year\b/);
    }
    expect(mail.subject).not.toMatch(/receipt/i);
  });

  it('§1 an es-US parent (stored es-US) gets the receipt in es-US Spanish, not English', async () => {
    const mail = await renderEmail('receipt', { ...USD_ESSENTIALS, languageLocale: 'es-US' });
    expect(mail.locale).toBe('es-US');
    expect(mail.text).toContain(EMAIL_CATALOGUES['es-US']['catalogue.family.ESSENTIALS']);
    expect(mail.text).not.toContain('Essentials');
  });

  it('receipt (USD Essentials 2051): $149.99, term, card brand + last four, order id and date, HTML and text', async () => {
    const mail = await renderEmail('receipt', USD_ESSENTIALS);
    expect(mail.subject).toBe('Your OurFamilyWizard receipt (ord_123)');
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('$149.99 USD');
      expect(body).toContain('Essentials');
      expect(body).toContain('1 year');
      expect(body).toContain('Visa ending in 1111');
      expect(body).toContain('ord_123');
      expect(body).toContain('March 1, 2026');
      expect(body).not.toContain('VAT');
    }
    expect(mail.html).toMatch(/^<!DOCTYPE html/i);
    expect(mail.text).not.toContain('<');
  });

  const WALLET = { ...USD_ESSENTIALS, cardBrand: null, cardLast4: null };
  it.each([
    [
      'en-US',
      { ...WALLET, paymentMethod: { type: 'paypal', payerEmail: 'jane.doe@example.com' } },
      'PayPal, jane.doe@example.com',
    ],
    ['en-US', { ...WALLET, paymentMethod: { type: 'venmo', username: '@venmojoe' } }, 'Venmo, @venmojoe'],
    [
      'en-US',
      { ...USD_ESSENTIALS, cardLast4: '1881', paymentMethod: { type: 'apple_pay', brand: 'Visa', last4: '1881' } },
      'Apple Pay, Visa ending in 1881',
    ],
    [
      'es-MX',
      { ...USD_ESSENTIALS, cardLast4: '1881', paymentMethod: { type: 'apple_pay', brand: 'Visa', last4: '1881' } },
      'Apple Pay, Visa terminada en 1881',
    ],
    ['es-MX', { ...WALLET, paymentMethod: { type: 'venmo', username: '@venmojoe' } }, 'Venmo, @venmojoe'],
    [
      'en-US',
      { ...USD_ESSENTIALS, paymentMethod: { type: 'card', brand: 'Visa', last4: '1111' } },
      'Visa ending in 1111',
    ],
  ] as Array<[string, ReceiptPayload, string]>)(
    'a %s receipt names the wallet that paid, not a card (§3 Venmo @username; PayPal payer e-mail; Apple Pay brand + last four)',
    async (languageLocale, payload, paidWith) => {
      const mail = await renderEmail('receipt', { ...payload, languageLocale });
      for (const body of [mail.html, mail.text]) {
        expect(body).toContain(paidWith);
        expect(body).not.toContain('No payment needed');
        expect(body).not.toContain('No se necesitó un pago');
      }
    },
  );

  it('receipt (GBP Essentials 2061, en-GB): £107.99 with £18.00 VAT', async () => {
    const mail = await renderEmail('receipt', GBP_ESSENTIALS);
    expect(mail.locale).toBe('en-GB');
    expect(mail.text).toContain('£107.99 GBP');
    expect(mail.text).toMatch(/Including VAT\s+£18\.00/);
    expect(mail.text).toContain('1 March 2026');
  });

  it('receipt in Spanish for an es_MX parent; money still formatted by formatPrice ($149.99)', async () => {
    const mail = await renderEmail('receipt', { ...USD_ESSENTIALS, languageLocale: 'es_MX', years: 2 });
    expect(mail.locale).toBe('es-MX');
    expect(mail.subject).toContain('Tu recibo');
    expect(mail.text).toContain('Importe cobrado');
    expect(mail.text).toContain('$149.99 USD');
    expect(mail.text).toContain('2 años');
    expect(mail.text).toContain('Visa terminada en 1111');
  });

  it('invitation: the link, the inviter and the expiry — never a price', async () => {
    const link = 'http://localhost:3000/invite/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const mail = await renderEmail('invitation', {
      languageLocale: 'en-US',
      inviterName: 'Pat Parent',
      link,
      expiresAt: '2026-03-15T12:00:00.000Z',
    });
    // an older queued row (no inviterFirstName): the first word of the name
    expect(mail.subject).toBe('Pat invited you to OurFamilyWizard');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('March 15, 2026');
    expect(mail.text).not.toMatch(/[$£]|\d+\.\d\d/);
  });

  it('§1 an es-US parent’s co-parent invitation is in Spanish (the parent’s stored locale, es-US catalogue)', async () => {
    const mail = await renderEmail('invitation', {
      languageLocale: 'es-US',
      inviterName: 'Pat Parent',
      inviterFirstName: 'Pat',
      link: 'http://localhost:3000/invite/x',
      expiresAt: '2026-03-15T12:00:00.000Z',
    });
    expect(mail.locale).toBe('es-US');
    expect(mail.subject).toBe('Pat te invitó a OurFamilyWizard');
    expect(mail.text).toContain('15 de marzo de 2026');
    expect(mail.text).not.toMatch(/invited you|March/);
  });

  it("subject, preview and body show the inviter's cleaned first name only: no links or addresses (no mail relay)", async () => {
    const spam = 'WIN\r\nBcc: x@evil.example A FREE CRUISE at http://evil.example now claim your prize';
    const mail = await renderEmail('invitation', {
      languageLocale: 'en-US',
      inviterName: `${spam} Parent`,
      inviterFirstName: spam,
      link: 'http://localhost:3000/invite/x',
      expiresAt: '2026-03-15T12:00:00.000Z',
    });
    expect(mail.subject).toBe('WIN invited you to OurFamilyWizard');
    expect(mail.html).toContain('Join WIN&#x27;s family on OurFamilyWizard');
    for (const part of [mail.subject, mail.html, mail.text]) {
      expect(part).not.toMatch(/evil|CRUISE|Bcc|Parent/);
    }
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('a name with nothing left after cleaning reads as the neutral phrase in every locale (subject, preview, greeting)', async () => {
    const invitation = (languageLocale: string) =>
      renderEmail('invitation', {
        languageLocale,
        inviterFirstName: '\u202Ehttps://evil.example',
        link: 'http://localhost:3000/invite/x',
        expiresAt: '2026-03-15T12:00:00.000Z',
      });
    const en = await invitation('en-GB');
    expect(en.subject).toBe('Your co-parent invited you to OurFamilyWizard');
    expect(en.text).toContain('ask your co-parent for a new invitation');
    const es = await invitation('es-MX');
    expect(es.subject).toBe('Tu copadre o comadre te invitó a OurFamilyWizard');
    const receipt = await renderEmail('receipt', { ...USD_ESSENTIALS, firstName: '<b>' });
    expect(receipt.text).toContain('Hi, here is the receipt for your subscription.');
    const long = await renderEmail('receipt', {
      ...USD_ESSENTIALS,
      languageLocale: 'es-US',
      firstName: 'A'.repeat(200),
    });
    expect(long.text).toContain(`Hola, ${'A'.repeat(EMAIL_NAME_MAX)}: este es el recibo`);
  });

  it('sign-in e-mail for an address that has an account', async () => {
    const mail = await renderEmail('coparent_sign_in', {
      languageLocale: 'es-MX',
      inviterName: 'Pat Parent',
      signInUrl: 'http://localhost:3000/ofw/home.form',
    });
    expect(mail.subject).toBe('Pat quiere conectarse contigo en OurFamilyWizard');
    expect(mail.text).toContain('http://localhost:3000/ofw/home.form');
  });
});
