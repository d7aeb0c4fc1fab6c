import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CACHE_MAX, countryCacheSize, countryOptions, localeFrom } from '../src/reference.js';
import { testApp, type TestApp } from './helpers.js';

describe('issue 12: Accept-Language cannot grow the country-list cache', () => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await testApp({});
  });
  afterAll(() => t.close());

  it('issue 12: private-use, extension and variant subtags are dropped before the locale reaches a cache', () => {
    expect(localeFrom('en-x-12345')).toBe('en');
    expect(localeFrom('es-MX-u-ca-buddhist-x-abc')).toBe('es-MX');
    expect(localeFrom('de-DE-1996')).toBe('de-DE');
    expect(localeFrom('x-whatever')).toBe('en-US');
    expect(localeFrom('en-GB;q=0.9, *')).toBe('en-GB');
  });

  it('issue 12: 5 000 distinct en-x-<n> and language-REGION tags keep the cache bounded', async () => {
    const codes = [{ code: 'US', priority: 1 }];
    for (let n = 0; n < 5_000; n++) countryOptions(codes, localeFrom(`en-x-${n}`));
    expect(countryCacheSize()).toBeLessThanOrEqual(COUNTRY_CACHE_MAX);
    const regions = ['US', 'GB', 'CA', 'AU', 'NZ', 'MX', 'ES', 'FR', 'DE', 'IT'];
    for (const lang of ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'sv', 'pl', 'ja'])
      for (const r of regions) countryOptions(codes, localeFrom(`${lang}-${r}`));
    expect(countryCacheSize()).toBeLessThanOrEqual(COUNTRY_CACHE_MAX);
    for (let n = 0; n < 200; n++) {
      const res = await t.call('countries', { headers: { 'accept-language': `en-x-${n}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-language')).toBe('en');
    }
    expect(countryCacheSize()).toBeLessThanOrEqual(COUNTRY_CACHE_MAX);
  });
});
