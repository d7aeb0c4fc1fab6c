import { RENEWAL_REMINDER_DAYS, type Quote } from '@ofw/domain';
import type { IntlShape } from 'react-intl';
import { termsMessages } from '../../messages.js';
import { price } from '../../pricing.js';

/**
 * A renewal's price as the page shows prices (`formatPrice` in the charge currency's region, README "Money format"),
 * with the VAT it includes for GBP ("£107.99 (includes £18.00 VAT)"), as the plans and the summary say it.
 */
export function renewalPriceText(
  intl: Pick<IntlShape, 'formatMessage'>,
  renewal: Pick<Quote, 'charged' | 'vat' | 'currency'>,
): string {
  const amount = price(renewal.charged, renewal.currency);
  return renewal.vat === null
    ? amount
    : intl.formatMessage(termsMessages.renewPriceVat, { price: amount, vat: price(renewal.vat, renewal.currency) });
}

/** The reminder days the renewal sentence names (`@ofw/domain` `RENEWAL_REMINDER_DAYS`: 30 and 7). */
export function reminderDays(): { first: number; second: number } {
  return { first: RENEWAL_REMINDER_DAYS[0] ?? 30, second: RENEWAL_REMINDER_DAYS[1] ?? 7 };
}
