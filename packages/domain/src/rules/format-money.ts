import type { Currency } from '../schemas.js';
import { roundMoney } from '../money.js';
import { paymentRegionLocale, toBcp47 } from './payment-region-locale.js';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats a major-unit amount with `Intl.NumberFormat` (style currency, 2 decimals).
 *
 * Source: spec §4 "Currency and locale" (the locale defaults to the currency region locale of the currency:
 * en_GB for GBP, en_US otherwise) and §9 "Currency is rounded to 2 decimals".
 *
 * @param amount - major units; rounded half-up to 2 decimals first.
 * @param currency - ISO 4217 code of the catalogue.
 * @param locale - `en_US`/`en-US` style locale; defaults to the region locale of `currency`.
 * @returns e.g. `formatMoney(551.76, 'USD')` → `'$551.76'`, `formatMoney(107.99, 'GBP')` → `'£107.99'`.
 * @throws RangeError for a non-finite amount.
 */
export function formatMoney(amount: number, currency: Currency, locale?: string): string {
  const tag = toBcp47(locale ?? paymentRegionLocale({ currency }));
  const key = `${tag}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(tag, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(roundMoney(amount));
}
