import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  currencyForCountry,
  isJoinCountry,
  JOIN_COUNTRIES,
  JOIN_COUNTRY_CURRENCIES,
  PRIORITY_COUNTRIES,
} from '../src/index.js';

describe('§1 Countries: join countries and priority countries', () => {
  it('§1 a parent can join from US, AU, CA, GB, IE, NZ (in this order)', () => {
    expect(JOIN_COUNTRIES).toEqual(['US', 'AU', 'CA', 'GB', 'IE', 'NZ']);
  });

  it('§1 priority countries in country lists: US, AU, CA, GB, MX, NZ (in this order)', () => {
    expect(PRIORITY_COUNTRIES).toEqual(['US', 'AU', 'CA', 'GB', 'MX', 'NZ']);
  });

  it.each([
    ['US', true],
    ['ie', true],
    [' nz ', true],
    ['MX', false],
    ['FR', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('§1 isJoinCountry(%j) → %s', (country, expected) => {
    expect(isJoinCountry(country)).toBe(expected);
  });
});

describe('§1/§9 the currency of a country', () => {
  it.each([
    ['US', 'USD'],
    ['GB', 'GBP'],
    ['IE', 'GBP'],
    ['CA', 'CAD'],
    ['AU', 'AUD'],
    ['NZ', 'NZD'],
    ['gb', 'GBP'],
    [' ca ', 'CAD'],
    ['MX', 'USD'],
    ['FR', 'USD'],
    ['', 'USD'],
    [null, 'USD'],
    [undefined, 'USD'],
  ])('§1/§9 currencyForCountry(%j) → %s', (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });

  it('§9 every join country pays in a catalogue currency, and every catalogue currency has a join country', () => {
    expect(Object.keys(JOIN_COUNTRY_CURRENCIES)).toEqual([...JOIN_COUNTRIES]);
    expect(new Set(Object.values(JOIN_COUNTRY_CURRENCIES))).toEqual(new Set(CURRENCIES));
  });
});
