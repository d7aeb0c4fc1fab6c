import { languageFor, LOCALES, type Locale } from '@ofw/domain';
import type { CataloguePart } from './catalogue-parts.js';

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
// scripts/catalogue-parts.ts: each locale's catalogue in two parts (src/i18n/catalogue-parts.ts), each its own chunk.
const parts: Record<CataloguePart, Record<string, () => Promise<Catalogue>>> = {
  first: import.meta.glob<Catalogue>('./compiled/*.json', { query: '?part=first', import: 'default' }),
  later: import.meta.glob<Catalogue>('./compiled/*.json', { query: '?part=later', import: 'default' }),
};

/**
 * Loads one part of a locale's compiled (AST) catalogue: `first` (what the first screen shows) or `later` (the steps
 * after it); see src/i18n/catalogue-parts.ts.
 * @throws Error when the locale has no catalogue.
 */
export async function loadMessages(locale: Locale, part: CataloguePart): Promise<Catalogue> {
  const load = parts[part][`./compiled/${locale}.json`];
  if (!load) throw new Error(`No message catalogue for ${locale}`);
  return load();
}
