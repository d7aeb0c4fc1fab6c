import { describe, expect, it } from 'vitest';
import { LOCALES } from '@ofw/domain';
import { renderEmail } from '../src/emails/render.js';
import type { RenewalNotice, RenewalNoticePayload } from '../src/emails/renewal.js';

/*
 * The renewal e-mails (docs/RENEWAL.md "E-mails") in the parent's language: the renewal date in their zone, the
 * amount, the method it charges and the link — in en-US, en-GB, es-US and es-MX.
 */

const BASE: RenewalNoticePayload = {
  languageLocale: 'en-US',
  firstName: 'Pat',
  notice: 'reminder',
  subscriptionId: 7,
  packageId: 2053,
  // 05:00 UTC on 1 March is still 28 February in Chicago
  date: '2027-03-01T05:00:00.000Z',
  timeZone: 'America/Chicago',
  amountMinor: 21600,
  currency: 'USD',
  paymentMethod: { type: 'card', brand: 'Visa', last4: '1111' },
  link: 'https://join.example/renewal/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
};

const EXPECTED: Record<string, { date: string; method: string; button: string }> = {
  'en-US': { date: 'February 28, 2027', method: 'Visa ending 1111', button: 'Turn off automatic renewal' },
  'en-GB': { date: '28 February 2027', method: 'Visa ending 1111', button: 'Turn off automatic renewal' },
  'es-US': {
    date: '28 de febrero de 2027',
    method: 'Visa terminada en 1111',
    button: 'Desactivar la renovación automática',
  },
  'es-MX': {
    date: '28 de febrero de 2027',
    method: 'Visa terminada en 1111',
    button: 'Desactivar la renovación automática',
  },
};

describe('renewal e-mails', () => {
  it.each(LOCALES)(
    '%s: the reminder names the date in the parent’s zone, the amount, the method and the turn-off link',
    async (locale) => {
      const mail = await renderEmail('renewal_notice', { ...BASE, languageLocale: locale });
      const want = EXPECTED[locale]!;
      expect(mail.locale).toBe(locale);
      expect(mail.subject).toContain(want.date);
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain(want.method);
        expect(body).toContain('$216.00');
        expect(body).toContain(BASE.link);
      }
      expect(mail.text).toContain(want.button);
    },
  );

  it.each<[RenewalNotice, RenewalNoticePayload['paymentMethod'], string]>([
    ['declined', { type: 'paypal', payerEmail: 'pat@paypal.example' }, 'PayPal (pat@paypal.example)'],
    ['ended_declined', { type: 'venmo', username: '@pat' }, 'Venmo @pat'],
    ['expired', null, 'Come back to OurFamilyWizard'],
    ['expiring', null, 'does not renew automatically'],
  ])('%s: says what happened and what to do', async (notice, paymentMethod, text) => {
    const mail = await renderEmail('renewal_notice', { ...BASE, notice, paymentMethod });
    expect(mail.text).toMatch(new RegExp(text.replace(/[()]/g, '\\$&'), 'i'));
    if (notice === 'expiring') expect(mail.text).not.toContain(BASE.link);
    else expect(mail.text).toContain(BASE.link);
  });
});
