import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, localeForTag, preferredLocale } from '../src/index.js';

describe('§1 the locale of a browser, nearest first (preferredLocale)', () => {
  // One table for both inputs a visitor's preferences arrive as: navigator.languages (an ordered list) and an
  // Accept-Language header (ordered by q-values). The first entry whose language is English or Spanish decides.
  it.each([
    // Spanish: es-MX is its own locale (§1 es_MX); every other Spanish reads the es-US catalogue (§1 es_US)
    [['es-MX'], 'es-MX'],
    [['es_mx'], 'es-MX'],
    [['es-Latn-MX'], 'es-MX'],
    [['es-ES'], 'es-US'],
    [['es-419'], 'es-US'],
    [['es'], 'es-US'],
    [['es-US'], 'es-US'],
    [['es-AR'], 'es-US'],
    // British English for the §1 join countries outside North America
    [['en-GB'], 'en-GB'],
    [['en-AU'], 'en-GB'],
    [['en-NZ'], 'en-GB'],
    [['en-IE'], 'en-GB'],
    [['en-CA'], 'en-US'],
    [['en'], 'en-US'],
    [['en-US'], 'en-US'],
    // neither English nor Spanish: skipped; nothing left → en-US (§1 default)
    [['fr-FR'], 'en-US'],
    [['fr-FR', 'es-ES'], 'es-US'],
    [['de-DE', 'fr', 'en-AU', 'es-MX'], 'en-GB'],
    [['es-419', 'en-GB'], 'es-US'],
    [['en-CA', 'es-MX'], 'en-US'],
    [['*', 'x-klingon', ''], 'en-US'],
    [[], 'en-US'],
  ] as const)('navigator.languages %j → %s', (languages, locale) => {
    expect(preferredLocale(languages)).toBe(locale);
  });

  it.each([
    ['es-ES,es;q=0.9', 'es-US'],
    ['es-419,es;q=0.9,en;q=0.8', 'es-US'],
    ['fr-FR,fr;q=0.9,es-MX;q=0.8,en;q=0.7', 'es-MX'],
    ['en-AU,en;q=0.9', 'en-GB'],
    ['en-NZ', 'en-GB'],
    ['en-IE;q=1.0', 'en-GB'],
    ['en-CA,fr-CA;q=0.5', 'en-US'],
    // q-values, not the header's order, rank the entries; ties keep the header's order
    ['en-US;q=0.5, es-MX;q=0.8', 'es-MX'],
    ['en-GB;q=0.7, es-ES;q=0.7', 'en-GB'],
    // q=0 means "not acceptable" (RFC 9110 §12.4.2)
    ['es-MX;q=0, en-AU;q=0.3', 'en-GB'],
    ['fr-FR', 'en-US'],
    ['*', 'en-US'],
    ['', 'en-US'],
  ])('Accept-Language %j → %s', (header, locale) => {
    expect(preferredLocale(header)).toBe(locale);
  });

  it('no preference at all is the §1 default, en-US', () => {
    expect(preferredLocale(undefined)).toBe('en-US');
    expect(preferredLocale(null)).toBe('en-US');
  });

  it('localeForTag answers undefined for a language the product does not speak (so a later entry may decide)', () => {
    expect(localeForTag('fr-FR')).toBeUndefined();
    expect(localeForTag('pt-BR')).toBeUndefined();
    expect(localeForTag('eng')).toBeUndefined();
    expect(localeForTag(undefined)).toBeUndefined();
  });

  it('RFC 9110 §12.5.4: acceptLanguageTags orders by q-value, drops q=0 and malformed q, keeps ties in order', () => {
    expect(acceptLanguageTags('fr-FR, es-ES;q=0.9, en;q=0.8')).toEqual(['fr-FR', 'es-ES', 'en']);
    expect(acceptLanguageTags('en;q=0.1, es;q=0.9, de')).toEqual(['de', 'es', 'en']);
    expect(acceptLanguageTags('a;q=0, b;q=abc, c ; Q=0.5')).toEqual(['c']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
  });
});
