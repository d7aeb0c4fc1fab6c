import type { Currency, PackageFamily, PackageType } from '../schemas.js';

/** A payment currency region locale (§4 "Currency and locale"). */
export type PaymentRegionLocale = 'en_GB' | 'es_US' | 'en_US';

/** Input of {@link paymentRegionLocale}; every field is optional. */
export interface PaymentRegionLocaleInput {
  /** Country of the parent (ISO alpha-2) — `'GB'` selects en_GB. */
  country?: string | null;
  /** Currency of the package — `'GBP'` selects en_GB as well (a GBP package is sold to GB). */
  currency?: Currency | null;
  /** Language of the parent (see `languageFor`), `'es'` for Spanish. */
  language?: 'en' | 'es' | null;
  /** Family and type of the package: Spanish + parent + family B selects es_US. */
  family?: PackageFamily | null;
  packageType?: PackageType | null;
}

/**
 * The payment currency region locale: en_GB for GB, es_US for Spanish parent-B packages, en_US by default.
 *
 * Source: spec §4 "Currency and locale". GB wins over the Spanish rule.
 */
export function paymentRegionLocale(input: PaymentRegionLocaleInput = {}): PaymentRegionLocale {
  if (input.country?.toUpperCase() === 'GB' || input.currency === 'GBP') return 'en_GB';
  if (input.language === 'es' && input.packageType === 'parent' && input.family === 'B') return 'es_US';
  return 'en_US';
}

/** BCP 47 form of a region locale for `Intl` (`'en_GB'` → `'en-GB'`). */
export function toBcp47(locale: string): string {
  return locale.replace('_', '-');
}
