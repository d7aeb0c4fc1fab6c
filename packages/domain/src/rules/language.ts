function normalize(locale: string | null | undefined): string {
  return (locale ?? '').trim().replace('-', '_').toLowerCase();
}

/**
 * The parent's **language** (spec §1 "Languages": "The language becomes Spanish when the parent locale is es_MX,
 * otherwise English"): `'es'` for es_MX only, `'en'` for everything else — es_US included. This is the language
 * join-api stores for the parent and sends where the spec's calls take a language, and the `language` of
 * `paymentRegionLocale`. Accepts `es_MX` and `es-MX`, any case. The text of the interface follows
 * {@link uiLanguageFor} instead (README "Spanish").
 *
 * Source: spec §1 "Languages".
 */
export function languageFor(parentLocale: string | null | undefined): 'en' | 'es' {
  return normalize(parentLocale) === 'es_mx' ? 'es' : 'en';
}

/**
 * The language of the **interface text** for a UI locale: `'es'` for every Spanish locale (es-US and es-MX are
 * Spanish interfaces, spec §1 "Languages" lists es_US and es_MX as Spanish locales; a bare `es` too), `'en'` for
 * everything else (en-US default, en-GB). Accepts `_` or `-`, any case. Use it for message catalogues and localized
 * lists (e.g. security questions); use {@link languageFor} for the parent's language.
 *
 * Source: spec §1 "Languages".
 */
export function uiLanguageFor(uiLocale: string | null | undefined): 'en' | 'es' {
  const l = normalize(uiLocale);
  return l === 'es' || l.startsWith('es_') ? 'es' : 'en';
}

/** Locales of the product (spec §1 "Languages"): en-US (default), en-GB, es-US, es-MX. */
export const LOCALES = ['en-US', 'en-GB', 'es-US', 'es-MX'] as const;
/** A locale of the product (spec §1 "Languages"), BCP 47 form. */
export type Locale = (typeof LOCALES)[number];
