import { LOCALES, preferredLocale, type Locale } from '@ofw/domain';
import type { CataloguePart } from './catalogue-parts.js';

export { LOCALES, type Locale };

/** Native names of the locales for the locale switch (not translated: each is shown in its own language). */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English (US)',
  'en-GB': 'English (UK)',
  'es-US': 'Español (EE. UU.)',
  'es-MX': 'Español (México)',
};

/**
 * A stored or chosen locale value (`es_MX`, `es-mx`, `en-GB`…) as a supported locale, by `@ofw/domain`'s
 * `preferredLocale` of that one tag (a bare `es` reads es-US, `en-AU` en-GB); anything else is en-US (§1 default).
 */
export function toLocale(value: string | null | undefined): Locale {
  return preferredLocale(value ? [value] : []);
}

/**
 * The locale to show a visitor with no join in progress, from the browser's preferred languages (`navigator.languages`,
 * nearest first): `@ofw/domain`'s `preferredLocale` — the first English or Spanish entry decides (es-MX → es-MX, any
 * other Spanish → es-US, en-GB/AU/NZ/IE → en-GB, any other English → en-US), else en-US (§1 default). The prerendered
 * shell's guard (first-paint.ts) applies the same rule.
 */
export function initialLocale(preferred: readonly string[]): Locale {
  return preferredLocale(preferred);
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
