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

/** Country options in `locale` (key `['countries', locale]`, §9); reference data, fresh for an hour. */
export function countriesQuery(client: ApiClient, locale: string) {
  return queryOptions({
    queryKey: queryKeys.countries(locale),
    queryFn: ({ signal }) => client.getCountries(locale, signal),
    staleTime: HOUR,
  });
}

/** Join countries (key `['joinCountries']`, §9). */
export function joinCountriesQuery(client: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.joinCountries(),
    queryFn: ({ signal }) => client.getJoinCountries(signal),
    staleTime: HOUR,
  });
}

/** Package data for a currency and flow (key `['packageData', currency, flow]`, §9). */
export function packageDataQuery(client: ApiClient, q: { currency: Currency; flow: Flow }) {
  return queryOptions({
    queryKey: queryKeys.packageData(q.currency, q.flow),
    queryFn: ({ signal }) => client.getPackages(q, signal),
    staleTime: 5 * 60 * 1000,
  });
}
