import { LRUCache } from 'lru-cache';
import { getCountries, getCountryCallingCode, type CountryCode as PhoneCountry } from 'libphonenumber-js';
import type { CountryOption } from '@ofw/api-client';
import { JOIN_COUNTRIES as DOMAIN_JOIN_COUNTRIES, JOIN_COUNTRY_CURRENCIES } from '@ofw/domain';

/** Priority countries, in order, at the top of every country list (§1): `@ofw/domain`'s, the one home of the fact. */
export { PRIORITY_COUNTRIES } from '@ofw/domain';

/** Countries a parent can join from (§1) and the currency each pays in (§9): from `@ofw/domain`'s facts. */
export const JOIN_COUNTRIES = DOMAIN_JOIN_COUNTRIES.map((code) => ({ code, currency: JOIN_COUNTRY_CURRENCIES[code] }));

/** Every region libphonenumber-js knows that Intl can name (≈ 245 ISO 3166 codes). */
export function allCountryCodes(): string[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return getCountries().filter((c) => /^[A-Z]{2}$/.test(c) && names.of(c) !== undefined);
}

/**
 * Picks the display locale from `Accept-Language` (first tag Intl supports), default `en-US`.
 * The tag is reduced to `language[-Script][-REGION]` before anything else: variants, `-u-`/`-t-` extensions and
 * private-use subtags (`en-x-<anything>`) are dropped, so the set of locales that reach a cache is small and closed
 * (100k distinct `en-x-<n>` tags must not grow the heap).
 */
export function localeFrom(acceptLanguage: string | undefined): string {
  for (const part of (acceptLanguage ?? '').slice(0, 512).split(',', 16)) {
    const tag = part.split(';')[0]?.trim().replace('_', '-');
    if (!tag || tag === '*' || tag.length > 64) continue;
    try {
      const loc = new Intl.Locale(tag);
      const reduced = [loc.language, loc.script, loc.region].filter(Boolean).join('-');
      const [canonical] = Intl.getCanonicalLocales(reduced);
      if (canonical && Intl.DisplayNames.supportedLocalesOf([canonical]).length) return canonical;
    } catch {
      /* not a BCP 47 tag: try the next */
    }
  }
  return 'en-US';
}

/** Most locales whose country lists are kept: a bounded LRU, so even valid `language-REGION` pairs cannot grow it. */
export const COUNTRY_CACHE_MAX = 64;
const cache = new LRUCache<string, CountryOption[]>({ max: COUNTRY_CACHE_MAX });

/** How many country lists are cached now (tests). */
export function countryCacheSize(): number {
  return cache.size;
}

/**
 * Country options (§3 `{ key, value, name, label }`) named through `Intl.DisplayNames` in `locale`:
 * the priority countries first in §1 order, then the rest in the locale's alphabetical order.
 * `label` is `"<name> (+<calling code>)"`, which `@ofw/domain`'s `countryFromPhoneCode` matches on (§5).
 */
export function countryOptions(codes: readonly { code: string; priority: number }[], locale: string): CountryOption[] {
  const key = `${locale}|${codes.length}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  const option = (code: string): CountryOption => {
    const name = names.of(code) ?? code;
    let calling: string;
    try {
      calling = getCountryCallingCode(code as PhoneCountry);
    } catch {
      calling = '';
    }
    return { key: code, value: code, name, label: calling ? `${name} (+${calling})` : name };
  };
  const priority = codes.filter((c) => c.priority > 0).sort((a, b) => a.priority - b.priority);
  const rest = codes
    .filter((c) => c.priority === 0)
    .map((c) => option(c.code))
    .sort((a, b) => collator.compare(a.name, b.name));
  const list = [...priority.map((c) => option(c.code)), ...rest];
  cache.set(key, list);
  return list;
}

/** Security questions (§2), seeded in en and es; ids are shared between languages. */
export const SECURITY_QUESTIONS: readonly { id: number; en: string; es: string }[] = [
  { id: 1, en: 'What was the name of your first pet?', es: '¿Cómo se llamaba tu primera mascota?' },
  { id: 2, en: 'In what city were you born?', es: '¿En qué ciudad naciste?' },
  { id: 3, en: "What is your mother's maiden name?", es: '¿Cuál es el apellido de soltera de tu madre?' },
  { id: 4, en: 'What was the name of your elementary school?', es: '¿Cómo se llamaba tu escuela primaria?' },
  { id: 5, en: 'What was the make of your first car?', es: '¿De qué marca era tu primer coche?' },
  { id: 6, en: 'What is the name of the street you grew up on?', es: '¿Cómo se llama la calle donde creciste?' },
  { id: 7, en: 'What was your childhood nickname?', es: '¿Cuál era tu apodo de la infancia?' },
  { id: 8, en: 'What is your favorite book?', es: '¿Cuál es tu libro favorito?' },
];

/** Coupons (§3 availability entries). Amounts in minor units. */
export const COUPONS = [
  { code: 'TWOYEARMAX25', packageId: 2056, discountMinor: 2500, audience: 'join', autoApply: true },
  { code: 'WELCOME10', packageId: 2053, discountMinor: 1000, audience: 'join', autoApply: false },
  { code: 'COPARENT20', packageId: 2053, discountMinor: 2000, audience: 'invite', autoApply: true },
  { code: 'COPARENT2Y30', packageId: 2054, discountMinor: 3000, audience: 'invite', autoApply: true },
  // by code only: switched off (an expired promotion), and one for a GBP package (not offered to other currencies)
  { code: 'SPRING15', packageId: 2053, discountMinor: 1500, audience: 'join', autoApply: false, active: false },
  { code: 'WELCOMEUK10', packageId: 2062, discountMinor: 1000, audience: 'join', autoApply: false },
] as const;

/** Experiments flagged in §9 with the share of users in 'treatment'. */
export const EXPERIMENT_ROLLOUTS = [
  { name: 'GROW-621', rolloutPercent: 50 },
  { name: 'GROW-722', rolloutPercent: 50 },
  { name: 'GROW-805', rolloutPercent: 100 },
  { name: 'GROW-892', rolloutPercent: 0 },
  { name: 'GROW-886', rolloutPercent: 50 },
  { name: 'GROW-794', rolloutPercent: 25 },
  { name: 'GROW-872', rolloutPercent: 75 },
] as const;

/** Feature flags (§9) and their seeded values; change them in the `feature_flags` table. */
export const FEATURE_FLAG_DEFAULTS = [
  { name: 'applePay', enabled: false },
  { name: 'cadPayPal', enabled: false },
  { name: 'venmo', enabled: false },
] as const;
