import type { Currency } from '../schemas.js';
import { paymentRegionLocale } from './payment-region-locale.js';
import { formatInLocale } from './format-price.js';

/**
 * Formats a major-unit amount with `Intl.NumberFormat` (style currency, 2 decimals).
 *
 * Source: spec §4 "Currency and locale" (the locale defaults to the currency region locale of the currency:
 * en_GB for GBP, en_US otherwise) and §9 "Currency is rounded to 2 decimals".
 *
 * @deprecated Use `formatPrice(amount, currency, { regionLocale })`: it formats in the §4 payment currency region
 *   locale only, so a UI locale passed here by mistake cannot change the symbol (`formatMoney(1, 'USD', 'es-MX')` is
 *   `'USD 1.00'`). Without `locale` the two give the same string.
 * @param amount - major units; rounded half-up to 2 decimals first.
 * @param currency - ISO 4217 code of the catalogue.
 * @param locale - `en_US`/`en-US` style locale; defaults to the region locale of `currency`.
 * @returns e.g. `formatMoney(551.76, 'USD')` → `'$551.76'`, `formatMoney(107.99, 'GBP')` → `'£107.99'`.
 * @throws RangeError for a non-finite amount.
 */
export function formatMoney(amount: number, currency: Currency, locale?: string): string {
  return formatInLocale(amount, currency, locale ?? paymentRegionLocale({ currency }));
}
