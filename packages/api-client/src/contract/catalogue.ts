/*
 * The catalogue operations of join-api's contract (docs/CONTRACTS.md "HTTP API"); `contract` (../contract.ts) holds them
 * with the other areas.
 */
import {
  CanadianPhoneQuerySchema,
  CanadianPhoneResponseSchema,
  CountriesResponseSchema,
  JoinCountriesResponseSchema,
  PackagesQuerySchema,
  PackagesResponseSchema,
} from '../schemas.js';
import type { Operation } from './operation.js';

/** The catalogue reads: countries, join countries, packages and the Canadian phone check (§1, §5, §7). */
export const catalogueOperations = {
  getCountries: {
    method: 'GET',
    path: '/countries',
    auth: 'none',
    summary: 'Country options, priority countries first (§1, §7)',
    headers: [{ name: 'Accept-Language', required: false, description: 'Locale of the names' }],
    response: { status: 200, schema: CountriesResponseSchema },
    problems: [400],
  },
  getJoinCountries: {
    method: 'GET',
    path: '/join/countries',
    auth: 'none',
    summary: 'Countries a parent can join from (§1)',
    response: { status: 200, schema: JoinCountriesResponseSchema },
    problems: [400],
  },
  getPackages: {
    method: 'GET',
    path: '/packages',
    auth: 'parent-optional',
    summary: 'Packages priced for the caller (§3, §4)',
    description:
      'For a parent with a current subscription, upgradeOptions.subscriptionUpgradeOptions maps each package that is an upgrade (same currency, higher catalogue price, term at least as long) to its prorated price, and those packages carry proratedPriceInfo. Prorated price = max(0, price − unused value of the current term by whole days remaining); see the join-api README "Upgrade and proration". Otherwise upgradeOptions is null. A signed-in parent is offered only their country\'s currency: another currency answers 422 currency_not_offered. An anonymous answer comes from memory with a strong ETag: If-None-Match with it answers 304 Not Modified.',
    headers: [
      {
        name: 'If-None-Match',
        required: false,
        description: 'The ETag of an earlier anonymous answer (304 if unchanged)',
      },
    ],
    query: PackagesQuerySchema,
    response: { status: 200, schema: PackagesResponseSchema },
    problems: [400, 401, 422],
  },
  checkCanadianPhone: {
    method: 'GET',
    path: '/phone/canadian',
    auth: 'none',
    summary: 'Is a +1 national number Canadian (§5)',
    query: CanadianPhoneQuerySchema,
    response: { status: 200, schema: CanadianPhoneResponseSchema },
    problems: [400, 429],
  },
} as const satisfies Record<string, Operation>;
