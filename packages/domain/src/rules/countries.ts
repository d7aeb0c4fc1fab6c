import type { Currency } from '../schemas.js';

/**
 * Countries a parent can join from, in the spec's order (spec §1 "Countries": US, AU, CA, GB, IE, NZ). join-api's
 * `GET /join/countries` answers these; every other country can be chosen in a country select but cannot join.
 */
export const JOIN_COUNTRIES = ['US', 'AU', 'CA', 'GB', 'IE', 'NZ'] as const;

/** A country a parent can join from (spec §1 "Countries"), ISO 3166-1 alpha-2. */
export type JoinCountry = (typeof JOIN_COUNTRIES)[number];

/**
 * Countries listed first in every country list, in this order (spec §1 "Countries": "Priority countries in country
 * lists: US, AU, CA, GB, MX, NZ"). MX is a priority country but not a join country.
 */
export const PRIORITY_COUNTRIES = ['US', 'AU', 'CA', 'GB', 'MX', 'NZ'] as const;

/** A priority country of country lists (spec §1 "Countries"), ISO 3166-1 alpha-2. */
export type PriorityCountry = (typeof PRIORITY_COUNTRIES)[number];

/**
 * The catalogue currency each join country pays in (spec §1 "Countries", §9 "Package ids" currencies): US USD,
 * AU AUD, CA CAD, GB GBP, IE GBP (GB and IE count as UK, §5; the catalogue has no EUR), NZ NZD. This is the mapping
 * join-api seeds and join-web uses today.
 */
export const JOIN_COUNTRY_CURRENCIES: Readonly<Record<JoinCountry, Currency>> = {
  US: 'USD',
  AU: 'AUD',
  CA: 'CAD',
  GB: 'GBP',
  IE: 'GBP',
  NZ: 'NZD',
};

/**
 * Whether a parent can join from this country (spec §1 "Countries").
 *
 * @param country - ISO alpha-2 code, any case, surrounding spaces ignored; `null`/`undefined` is not a join country.
 */
export function isJoinCountry(country: string | null | undefined): country is JoinCountry {
  const c = country?.trim().toUpperCase();
  return c !== undefined && (JOIN_COUNTRIES as readonly string[]).includes(c);
}

/**
 * The currency a parent from this country is quoted and charged in (spec §1 "Countries", §9): the
 * {@link JOIN_COUNTRY_CURRENCIES} entry of a join country, and USD (the §9 default catalogue currency) for any other
 * country or none.
 *
 * @param country - ISO alpha-2 code, any case, surrounding spaces ignored.
 * @example currencyForCountry('ie') // → 'GBP'
 */
export function currencyForCountry(country: string | null | undefined): Currency {
  const c = country?.trim().toUpperCase();
  return isJoinCountry(c) ? JOIN_COUNTRY_CURRENCIES[c] : 'USD';
}
