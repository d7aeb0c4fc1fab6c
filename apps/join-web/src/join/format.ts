import type { IntlShape } from 'react-intl';

/**
 * Formats an amount in major units as currency in the UI locale (Intl through react-intl), always with 2 decimals
 * (§9 "Currency is rounded to 2 decimals"), e.g. `money(intl, 12.5, 'GBP')` → "£12.50" in en-GB.
 */
export function money(intl: IntlShape, amount: number, currency: string): string {
  return intl.formatNumber(amount, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
