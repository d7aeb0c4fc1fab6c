import { languageFor, LOCALES, type Locale } from '@ofw/domain';

export { LOCALES, type Locale };

/** Native names of the locales for the locale switch (not translated: each is shown in its own language). */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English (US)',
  'en-GB': 'English (UK)',
  'es-US': 'Español (EE. UU.)',
  'es-MX': 'Español (México)',
};

/** Normalizes `es_MX`, `es-mx`… to a supported locale; unknown values fall back to en-US (§1 default). */
export function toLocale(value: string | null | undefined): Locale {
  const v = value?.trim().replace('_', '-').toLowerCase();
  return LOCALES.find((l) => l.toLowerCase() === v) ?? 'en-US';
}

/**
 * The first locale to show from the browser's preferred languages: an exact supported locale (en-GB, es-US, es-MX)
 * wins; otherwise Spanish speakers get es-MX when `languageFor` (§1) says Spanish, everyone else en-US (§1 default).
 */
export function initialLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag.replace('_', '-').toLowerCase());
    if (exact) return exact;
  }
  return preferred.some((tag) => languageFor(tag) === 'es') ? 'es-MX' : 'en-US';
}

type Catalogue = Record<string, unknown>;
const loaders = import.meta.glob<Catalogue>('./compiled/*.json', { import: 'default' });

/** Loads the compiled (AST) catalogue of a locale; each locale is its own chunk. */
export async function loadMessages(locale: Locale): Promise<Catalogue> {
  const load = loaders[`./compiled/${locale}.json`];
  if (!load) throw new Error(`No message catalogue for ${locale}`);
  return load();
}
