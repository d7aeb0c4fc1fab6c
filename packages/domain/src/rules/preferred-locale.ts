import { LOCALES, type Locale } from './language.js';

/**
 * Regions whose English is written the British way (en-GB catalogue): Great Britain, Australia, New Zealand and
 * Ireland — the §1 join countries outside North America. Lower case, as {@link localeForTag} compares them.
 */
export const BRITISH_ENGLISH_REGIONS: readonly string[] = ['gb', 'au', 'nz', 'ie'];

/** Regions whose Spanish is es-MX (§1 "es_MX"); every other Spanish goes to es-US (lower case). */
export const MEXICAN_SPANISH_REGIONS: readonly string[] = ['mx'];

/**
 * The product locale (§1 "Languages") nearest to **one** language tag, or `undefined` when the tag's language is
 * neither English nor Spanish:
 *
 * | tag                                                        | locale  |
 * | ---------------------------------------------------------- | ------- |
 * | `es-MX`                                                    | `es-MX` |
 * | any other Spanish: `es`, `es-ES`, `es-419`, `es-US`, `es-AR`… | `es-US` |
 * | `en-GB`, `en-AU`, `en-NZ`, `en-IE`                         | `en-GB` |
 * | any other English: `en`, `en-US`, `en-CA`…                 | `en-US` |
 * | anything else (`fr-FR`, `de`, `*`, garbage)                | `undefined` |
 *
 * Accepts `_` or `-` separators and any case (`es_mx`); a script subtag is skipped (`es-Latn-MX` → es-MX); the
 * region is the first 2-letter or 3-digit subtag after the language.
 *
 * Source: spec §1 "Languages" (en-US default, en-GB, es_US, es_MX); the mapping of other regions is this library's
 * decision (README "Locale of a browser").
 */
export function localeForTag(tag: string | null | undefined): Locale | undefined {
  const subtags = (tag ?? '').trim().toLowerCase().split(/[-_]/);
  const language = subtags[0];
  if (language !== 'en' && language !== 'es') return undefined;
  const region = subtags.slice(1).find((s) => /^(?:[a-z]{2}|\d{3})$/.test(s));
  if (language === 'es') return region !== undefined && MEXICAN_SPANISH_REGIONS.includes(region) ? 'es-MX' : 'es-US';
  return region !== undefined && BRITISH_ENGLISH_REGIONS.includes(region) ? 'en-GB' : 'en-US';
}

/**
 * The language tags of an HTTP `Accept-Language` header (RFC 9110 §12.5.4), most preferred first: ordered by
 * q-value (default 1; ties keep the header's order), `q=0` entries dropped, at most 32 entries of a 1 KiB header read.
 *
 * @example acceptLanguageTags('fr-FR, es-ES;q=0.9, en;q=0.8') // → ['fr-FR', 'es-ES', 'en']
 */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  const entries: Array<{ tag: string; q: number; index: number }> = [];
  for (const [index, part] of (header ?? '').slice(0, 1024).split(',', 32).entries()) {
    const [rawTag, ...params] = part.split(';');
    const tag = rawTag?.trim();
    if (!tag) continue;
    const qParam = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    entries.push({ tag, q: Math.min(q, 1), index });
  }
  return entries.sort((a, b) => b.q - a.q || a.index - b.index).map((e) => e.tag);
}

/**
 * The product locale for a browser's preferred languages, **nearest first** — the one rule that picks the locale of
 * a visitor with no locale of their own yet (join-web's first render and its prerendered shell guard; join-api's
 * `Accept-Language` answers). The list is walked in order and the **first entry whose language is English or
 * Spanish decides** ({@link localeForTag}): `['fr-FR', 'es-ES']` → es-US, `['en-AU', 'es-MX']` → en-GB. When no entry
 * is English or Spanish the answer is en-US (§1 default).
 *
 * @param preferred - `navigator.languages` (already ordered), or an `Accept-Language` header (ordered by its
 *   q-values, {@link acceptLanguageTags}), or a single tag.
 *
 * Source: spec §1 "Languages"; README "Locale of a browser".
 */
export function preferredLocale(preferred: readonly string[] | string | null | undefined): Locale {
  const tags = typeof preferred === 'string' ? acceptLanguageTags(preferred) : (preferred ?? []);
  for (const tag of tags) {
    const locale = localeForTag(tag);
    if (locale) return locale;
  }
  return LOCALES[0];
}
