// `@ofw/api-client/query`: TanStack Query options over the typed client (optional peer `@tanstack/react-query`).
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client.js';
import type { Currency, Flow } from './schemas.js';

/** Cache keys of §9 ("Cache keys: countries, joinCountries, packageData"). */
export const queryKeys = {
  countries: (locale: string) => ['countries', locale] as const,
  joinCountries: () => ['joinCountries'] as const,
  packageData: (currency: Currency, flow: Flow) => ['packageData', currency, flow] as const,
};

const HOUR = 60 * 60 * 1000;

/**
 * Country options in `locale` (key `['countries', locale]`, §9); reference data, fresh for an hour.
 * The query rejects with `ApiError` as `client.getCountries` does.
 */
export function countriesQuery(client: ApiClient, locale: string) {
  return queryOptions({
    queryKey: queryKeys.countries(locale),
    queryFn: ({ signal }) => client.getCountries(locale, signal),
    staleTime: HOUR,
  });
}

/**
 * Join countries (key `['joinCountries']`, §9), fresh for an hour. The query rejects with `ApiError` as
 * `client.getJoinCountries` does (join-web shows §8 'An unexpected error occurred, please try again later.').
 */
export function joinCountriesQuery(client: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.joinCountries(),
    queryFn: ({ signal }) => client.getJoinCountries(signal),
    staleTime: HOUR,
  });
}

/**
 * Package data for a currency and flow (key `['packageData', currency, flow]`, §9), fresh for 5 minutes; prices in
 * major units (see `PackagesResponse`). The query rejects with `ApiError` as `client.getPackages` does.
 */
export function packageDataQuery(client: ApiClient, q: { currency: Currency; flow: Flow }) {
  return queryOptions({
    queryKey: queryKeys.packageData(q.currency, q.flow),
    queryFn: ({ signal }) => client.getPackages(q, signal),
    staleTime: 5 * 60 * 1000,
  });
}
