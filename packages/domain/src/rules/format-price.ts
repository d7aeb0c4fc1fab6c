import type { Currency } from '../schemas.js';
import { roundMoney } from '../money.js';
import { paymentRegionLocale, toBcp47, type PaymentRegionLocale } from './payment-region-locale.js';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * `Intl.NumberFormat` currency string with exactly 2 decimals in a BCP 47 (or `xx_YY`) locale. Internal: apps use
 * {@link formatPrice}.
 *
 * @throws RangeError for a non-finite amount.
 */
export function formatInLocale(amount: number, currency: Currency, locale: string): string {
  const tag = toBcp47(locale);
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

/** Options of {@link formatPrice}. */
export interface FormatPriceOptions {
  /**
   * The payment currency region locale to format in (§4, see `paymentRegionLocale`); defaults to the currency's own:
   * en_GB for GBP, en_US for the others. es_US (Spanish parent-B packages, USD) renders USD exactly as en_US does.
   * Passing another currency's region locale changes the symbol (en_GB + USD → `US$…`), so only pass what
   * `paymentRegionLocale` returned for this price.
   */
  regionLocale?: PaymentRegionLocale;
}

/**
 * Formats a price for a parent: in the §4 **payment currency region locale**, never in the UI locale, so the same
 * currency renders the same whatever language the interface is in (an es-MX interface shows `$149.99` for USD, not
 * `USD 149.99`; an en-GB interface shows `$149.99`, not `US$149.99`). Symbols are unambiguous outside the US:
 * `$149.99` (USD), `£107.99` (GBP), `CA$179.99`, `A$199.99`, `NZ$219.00` (en_US patterns for CAD, AUD, NZD);
 * grouping with `,` and a `.` decimal point; always 2 decimals (§9 "Currency is rounded to 2 decimals").
 * README "Formatting money".
 *
 * Source: spec §4 "Currency and locale", §9 "Calculation".
 *
 * @param amount - major units; rounded half-up to 2 decimals first.
 * @param currency - catalogue currency (ISO 4217).
 * @param options - `regionLocale`, default `paymentRegionLocale({ currency })`.
 * @returns e.g. `formatPrice(551.76, 'USD')` → `'$551.76'`, `formatPrice(1149.99, 'CAD')` → `'CA$1,149.99'`.
 * @throws RangeError for a non-finite amount.
 */
export function formatPrice(amount: number, currency: Currency, options: FormatPriceOptions = {}): string {
  return formatInLocale(amount, currency, options.regionLocale ?? paymentRegionLocale({ currency }));
}
