import { canadianPhoneQuery, countriesQuery, joinCountriesQuery } from '@ofw/api-client/query';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import type { ApiClient } from '@ofw/api-client';
import type { JoinPort, SignupState } from './join-port.js';
import { useSaveLanguage } from './save-language.js';
import { SignOut } from './SignOut.js';
import { pendingSignupAtom } from './steps/details/pending-signup.js';
import { useSubmitDetails } from './steps/details/use-submit-details.js';

/**
 * The full app's {@link JoinPort} (src/app.tsx provides it): TanStack Router's `Link` and the header's Sign out, the
 * details step's reads as TanStack Query queries (api-client's query options, so every screen shares the cache), and
 * Continue as the sign-up mutation ({@link useSubmitDetails}).
 */
export const queryJoinPort: JoinPort = {
  JoinLink: ({ className, children }) => (
    <Link to="/join" className={className}>
      {children}
    </Link>
  ),
  SessionLine: SignOut,
  useSaveLanguage,
  useJoinCountries: (api) => useQuery(joinCountriesQuery(api)),
  useCountries: (api, locale) => useQuery(countriesQuery(api, locale)),
  useCanadianPhone: (api, phone, enabled) => useQuery({ ...canadianPhoneQuery(api, phone), enabled }),
  useFetchCanadianPhone: useFetchCanadianPhone,
  useSubmitDetails: (o) => {
    const submit = useSubmitDetails(o);
    // a Continue recorded by the first screen (pending-signup.ts) still shows as busy until this sign-up takes it
    const waiting = useAtomValue(pendingSignupAtom) !== undefined;
    return {
      ready: true,
      isPending: submit.isPending || waiting,
      error: submit.error,
      reset: submit.reset,
      mutate: submit.mutate,
    } satisfies SignupState;
  },
};

/** The Canadian check through the query cache (the answer is kept: `staleTime: Infinity`). */
function useFetchCanadianPhone(api: ApiClient) {
  const queryClient = useQueryClient();
  return useCallback((phone: string) => queryClient.fetchQuery(canadianPhoneQuery(api, phone)), [api, queryClient]);
}
