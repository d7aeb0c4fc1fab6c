import { describe, expect, it } from 'vitest';
import { countryFromPhoneCode, isUK, needsCanadianPhoneCheck, type CountryOption } from '../src/index.js';

const countries: CountryOption[] = [
  { key: 'IE', value: '+353', name: 'Ireland', label: '+353' },
  { key: 'mx', value: '+52', name: 'Mexico', label: 'Mexico (+52)' },
];

describe('§5 Country detection from the phone code', () => {
  it.each<[string, Parameters<typeof countryFromPhoneCode>[1], string | undefined]>([
    ['+1', undefined, 'US'],
    ['+1', { isCanadianPhoneNumber: false }, 'US'],
    ['+1', { isCanadianPhoneNumber: true }, 'CA'],
    ['1', { isCanadianPhoneNumber: true }, 'CA'],
    ['+44', undefined, 'GB'],
    ['+44', { isCanadianPhoneNumber: true }, 'GB'],
    [' 44 ', undefined, 'GB'],
    ['+61', undefined, 'AU'],
    ['+64', undefined, 'NZ'],
    ['+353', { countries }, 'IE'],
    ['+52', { countries }, 'MX'],
    ['+353', undefined, undefined],
    ['+99', { countries }, undefined],
    ['+35', { countries }, undefined],
  ])('§5 countryFromPhoneCode(%j, %j) → %s', (code, opts, country) => {
    expect(countryFromPhoneCode(code, opts)).toBe(country);
  });

  it.each([
    ['+1', '5551234567', true],
    ['+1', '', false],
    ['+1', '   ', false],
    ['+1', undefined, false],
    ['+44', '5551234567', false],
  ])('§5 the Canadian check runs only with a phone number and +1: (%s, %j) → %s', (code, phone, runs) => {
    expect(needsCanadianPhoneCheck(code, phone)).toBe(runs);
  });

  it.each([
    ['GB', true],
    ['IE', true],
    ['gb', true],
    ['US', false],
    ['CA', false],
    ['AU', false],
    ['NZ', false],
    [undefined, false],
    [null, false],
  ])('§5 GB and IE count as UK: isUK(%s) → %s', (country, uk) => {
    expect(isUK(country)).toBe(uk);
  });
});
