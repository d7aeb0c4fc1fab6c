import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CACHE_MAX, countryCacheSize, countryOptions, localeFrom } from '../src/reference-data.js';
import { passwordProblem } from '../src/lib/password.js';
import { SIGNUP, order, signup, testApp, withFakeSandboxApp, type FakeSandbox, type TestApp } from './helpers.js';

/*
 * Hostile or odd input answered as designed (SECURITY.md ASVS 15.2.2, 16.5.1, 2.2.3 and 6.2.1):
 * Accept-Language tags cannot grow a cache, malformed paths are 400 problem+json, a package's currency must be the
 * parent's country's, and weak passwords are refused.
 */
describe('Accept-Language cannot grow the country-list cache', () => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await testApp({});
  });
  afterAll(() => t.close());

  it('private-use, extension and variant subtags are dropped before the locale reaches a cache', () => {
    expect(localeFrom('en-x-12345')).toBe('en');
    expect(localeFrom('es-MX-u-ca-buddhist-x-abc')).toBe('es-MX');
    expect(localeFrom('de-DE-1996')).toBe('de-DE');
    expect(localeFrom('x-whatever')).toBe('en-US');
    expect(localeFrom('en-GB;q=0.9, *')).toBe('en-GB');
  });

  it('5 000 distinct en-x-<n> and language-REGION tags keep the cache bounded', async () => {
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

describe('passwords of 12 characters or more, no common ones', () => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await testApp({});
  });
  afterAll(() => t.close());

  it('a short or common password answers 422 with a password field error; a strong one is set', async () => {
    const p = await signup(t);
    const put = (password: string) =>
      t.call(`parents/${p.userId}/credentials`, {
        method: 'PUT',
        token: p.authToken,
        json: { username: 'pat.parent12', password },
      });
    // too short: the request schema's 400 (as every malformed body); common: 422
    for (const [weak, status] of [
      ['short-pw1', 400],
      ['password1234', 422],
      ['qwertyuiop123', 422],
      ['iloveyou12345', 422],
    ] as const) {
      const res = await put(weak);
      expect(res.status, weak).toBe(status);
      const problem = (await res.json()) as { code: string; errors: { field: string; message: string }[] };
      expect(problem.code).toBe('validation_failed');
      expect(problem.errors.map((e) => e.field)).toEqual(['password']);
    }
    expect(passwordProblem('pat.parent12-pat', ['pat.parent12'])).toBeDefined();
    expect((await put('correct horse battery staple 42')).status).toBe(200);
  });
});

describe("a package's currency is the parent's country's (§1 join countries)", () => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  withFakeSandboxApp('pglite', {}, (s, a) => {
    sandbox = s;
    t = a;
  });
  const GB = {
    ...SIGNUP,
    address: { country: 'GB' },
    parent: { ...SIGNUP.parent, email: 'gwen.gb@example.com', phoneCountryCode: '+44', phoneNumber: '7400123456' },
  };
  const GB_BILLING = {
    streetAddress: '1 High St',
    locality: 'London',
    region: 'London',
    postalCode: 'SW1A 1AA',
    countryCodeAlpha2: 'GB',
  };

  it('a GB parent buying a USD package and a US parent buying NZD get 422 currency_not_offered, nothing charged', async () => {
    const charges = sandbox.state.charges;
    const gb = await signup(t, GB);
    const usd = await order(t, gb.authToken, 'gb-buys-usd-01', { packageId: 2053, billingAddress: GB_BILLING });
    expect(usd.status).toBe(422);
    expect(await usd.json()).toMatchObject({ code: 'currency_not_offered', errors: [{ field: 'packageId' }] });
    const us = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: 'nz.prices@example.com' } });
    const nzd = await order(t, us.authToken, 'us-buys-nzd-01', { packageId: 2093 });
    expect(nzd.status).toBe(422);
    expect(await nzd.json()).toMatchObject({ code: 'currency_not_offered' });
    expect(sandbox.state.charges).toBe(charges);
    // the parent's own currency is sold (GB: GBP with VAT)
    const gbp = await order(t, gb.authToken, 'gb-buys-gbp-01', { packageId: 2062, billingAddress: GB_BILLING });
    expect(gbp.status).toBe(201);
    expect(sandbox.state.charges).toBe(charges + 1);
  });

  it("GET /packages offers a signed-in parent only their country's currency", async () => {
    const gb = await signup(t, { ...GB, parent: { ...GB.parent, email: 'gwen.packages@example.com' } });
    const other = await t.call('packages?currency=USD&flow=join', { token: gb.authToken });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: 'currency_not_offered', errors: [{ field: 'query.currency' }] });
    const own = await t.call('packages?flow=join', { token: gb.authToken });
    expect(own.status).toBe(200);
    const { packages } = (await own.json()) as { packages: { currencyCode: string }[] };
    expect(packages.length).toBeGreaterThan(0);
    expect(new Set(packages.map((p) => p.currencyCode))).toEqual(new Set(['GBP']));
    // anonymous callers (the page before signup) still pick the currency of the country they chose
    expect((await t.call('packages?currency=NZD&flow=join')).status).toBe(200);
  });
});

describe('malformed percent-encoding in a path is a 400, not a 500', () => {
  let t!: TestApp;
  let webDist!: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'join-web-dist-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body></body></html>');
    t = await testApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('GET /%ZZ and other malformed paths, web and /api, answer 400 problem+json', async () => {
    const paths = [
      '/%ZZ',
      '/%',
      '/%E0%A4%A',
      '/%C3%28',
      '/assets/%ZZ.js',
      '/join/%ZZ',
      '/invite/%ZZ',
      '/ofw/%ZZ',
      '/api/v1/%ZZ',
      '/api/v1/parents/%ZZ',
      '/api/v1/invites/%E0%A4%A',
    ];
    for (const p of paths) {
      for (const method of ['GET', 'POST']) {
        const res = await t.app.request(p, { method });
        expect([p, method, res.status]).toEqual([p, method, 400]);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
        expect(await res.json()).toMatchObject({ status: 400, code: 'validation_failed' });
      }
    }
    expect(t.logs.lines.some((l) => l.msg === 'unhandled error')).toBe(false);
    // well-formed encodings still work
    expect((await t.app.request('/join/%41bc')).status).toBe(200);
    expect((await t.app.request('/%25ZZ')).status).toBe(200);
    expect((await t.app.request('/api/v1/countries?q=%ZZ')).status).toBe(200);
  });
});
