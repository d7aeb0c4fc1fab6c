/**
 * The language of the product for a parent locale: Spanish (`'es'`) when the parent locale is es_MX, otherwise
 * English (`'en'`). Accepts `es_MX` and `es-MX`, any case.
 *
 * Source: spec §1 "Languages".
 */
export function languageFor(parentLocale: string | null | undefined): 'en' | 'es' {
  return parentLocale?.trim().replace('-', '_').toLowerCase() === 'es_mx' ? 'es' : 'en';
}

/** Locales of the product (spec §1 "Languages"): en-US (default), en-GB, es-US, es-MX. */
export const LOCALES = ['en-US', 'en-GB', 'es-US', 'es-MX'] as const;
/** A locale of the product (spec §1 "Languages"), BCP 47 form. */
export type Locale = (typeof LOCALES)[number];
