import { describe, expect, it } from 'vitest';
import {
  BillingAddressSchema,
  checkBillingAddress,
  normalizeRegion,
  regionRequired,
  SUBDIVISIONS,
  subdivisionOptions,
  type BillingAddress,
} from '../src/index.js';

const address = (over: Partial<BillingAddress>): BillingAddress => ({
  streetAddress: '1 Main St',
  locality: 'Springfield',
  postalCode: '12345',
  countryCodeAlpha2: 'US',
  region: 'IL',
  ...over,
});

describe('billing addresses as each join country (§1) writes them', () => {
  it.each([
    ['US', true],
    ['CA', true],
    ['AU', true],
    ['GB', false],
    ['IE', false],
    ['NZ', false],
    ['FR', false],
  ])('%s: a state, province or territory is required → %s', (country, required) => {
    expect(regionRequired(country)).toBe(required);
  });

  it.each([
    ['ny', 'US', 'NY'],
    ['New York', 'US', 'NY'],
    [' district of columbia ', 'US', 'DC'],
    ['PR', 'US', 'PR'],
    ['Québec', 'CA', 'QC'],
    ['on', 'CA', 'ON'],
    ['nsw', 'AU', 'NSW'],
    ['Victoria', 'AU', 'VIC'],
    ['West Yorkshire', 'GB', 'West Yorkshire'],
    ['', 'GB', undefined],
    ['Nowhere', 'US', undefined],
    ['ON', 'US', undefined],
    ['NY', 'AU', undefined],
  ])('normalizeRegion(%j, %s) → %j', (region, country, expected) => {
    expect(normalizeRegion(region, country)).toBe(expected);
  });

  it('the shape takes an address without a region (Braintree billing fields are optional)', () => {
    const gb = { streetAddress: '10 Downing St', locality: 'London', postalCode: 'SW1A 2AA', countryCodeAlpha2: 'GB' };
    expect(BillingAddressSchema.safeParse(gb).success).toBe(true);
  });

  it('GB without a county passes, normalised, with address line 2 kept', () => {
    const r = checkBillingAddress(
      address({ countryCodeAlpha2: 'GB', region: '', postalCode: 'sw1a2aa', extendedAddress: ' Flat 2 ' }),
    );
    expect(r).toEqual({
      ok: true,
      address: {
        streetAddress: '1 Main St',
        extendedAddress: 'Flat 2',
        locality: 'Springfield',
        postalCode: 'SW1A 2AA',
        countryCodeAlpha2: 'GB',
      },
    });
  });

  it.each(['IE', 'NZ'])('%s without a county or region passes', (country) => {
    const postalCode = country === 'IE' ? 'D02 X285' : '6011';
    expect(checkBillingAddress(address({ countryCodeAlpha2: country, region: undefined, postalCode })).ok).toBe(true);
  });

  it.each(['US', 'CA', 'AU'])('%s without a state, province or territory is refused (region required)', (country) => {
    const postalCode = { US: '12345', CA: 'K1A 0B1', AU: '2000' }[country]!;
    expect(checkBillingAddress(address({ countryCodeAlpha2: country, region: ' ', postalCode }))).toEqual({
      ok: false,
      issues: [{ field: 'region', reason: 'required' }],
    });
  });

  it('a US state that is none, and a postal code of another country, are both named', () => {
    expect(checkBillingAddress(address({ region: 'Ontario', postalCode: 'K1A 0B1' }))).toEqual({
      ok: false,
      issues: [
        { field: 'region', reason: 'invalid' },
        { field: 'postalCode', reason: 'invalid' },
      ],
    });
  });

  it('the US state is written as its code, the ZIP+4 with its hyphen', () => {
    const r = checkBillingAddress(address({ region: 'california', postalCode: '941031234' }));
    expect(r.ok && r.address).toMatchObject({ region: 'CA', postalCode: '94103-1234' });
  });

  it('every subdivision code is upper-case, 2–3 letters, and its name finds it', () => {
    for (const [country, list] of Object.entries(SUBDIVISIONS))
      for (const [code, name] of Object.entries(list)) {
        expect(code).toMatch(/^[A-Z]{2,3}$/);
        expect(normalizeRegion(name, country)).toBe(code);
        expect(normalizeRegion(code.toLowerCase(), country)).toBe(code);
      }
  });
});

describe('the states, provinces and territories a parent chooses from', () => {
  it('offer exactly the codes the address check accepts, so no choice is refused and none is missing', () => {
    for (const country of ['US', 'CA', 'AU'] as const)
      for (const locale of ['en-US', 'en-GB', 'es-US', 'es-MX']) {
        const codes = subdivisionOptions(country, locale).map((o) => o.code);
        expect(codes.toSorted()).toEqual(Object.keys(SUBDIVISIONS[country]).toSorted());
        for (const region of codes)
          expect(
            checkBillingAddress(
              address({
                countryCodeAlpha2: country,
                region,
                postalCode: country === 'AU' ? '2000' : country === 'CA' ? 'K1A 0B1' : '12345',
              }),
            ).ok,
          ).toBe(true);
      }
  });

  it('are named in the language of the page and sorted as it sorts, so a Spanish reader finds "Nueva York" under N', () => {
    const es = subdivisionOptions('US', 'es-MX');
    expect(es.find((o) => o.code === 'NY')?.name).toBe('Nueva York');
    expect(subdivisionOptions('CA', 'es-US').find((o) => o.code === 'BC')?.name).toBe('Columbia Británica');
    expect(subdivisionOptions('AU', 'en-GB').find((o) => o.code === 'NSW')?.name).toBe('New South Wales');
    const names = es.map((o) => o.name);
    expect(names).toEqual(names.toSorted(new Intl.Collator('es-MX').compare));
    expect(subdivisionOptions('US', 'en-US')[0]).toEqual({ code: 'AL', name: 'Alabama' });
  });

  it('are none outside the US, Canada and Australia, where the region is free text', () => {
    expect(subdivisionOptions('GB', 'en-GB')).toEqual([]);
    expect(subdivisionOptions('NZ', 'en-US')).toEqual([]);
  });
});
