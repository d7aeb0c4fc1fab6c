import type { ApiClient } from '@ofw/api-client';
import { useAtom } from 'jotai';
import { useCallback } from 'react';
import type { JoinPort, ReadState, SignupState } from './join-port.js';
import { pendingSignupAtom } from './steps/details/pending-signup.js';

/** Nobody has signed up on the first screen: the sign-up itself sends the page's language. */
const saveNothing = () => undefined;

/** A read not started yet: what TanStack Query's loading query shows (no data, no error). */
const notYet: ReadState<never> = {
  data: undefined,
  isError: false,
  isFetching: false,
  error: null,
  refetch: () => undefined,
};

/**
 * The first screen's {@link JoinPort} (docs/performance/join-web.md "First paint", the first-screen tree): no router and no query client.
 * It shows the details step as the full app's first commit does on a fresh `/join` — the country lists loading (on a
 * fresh `/join` their request waits for the parent's first input anyway, first-screen-idle.ts; the full app, which
 * arrives right after, reads them) and no one signed in —, runs the Canadian check straight through the API client,
 * and records a Continue ({@link pendingSignupAtom}) for the full app to send: it is busy until then.
 */
export const firstScreenPort: JoinPort = {
  JoinLink: ({ className, children }) => (
    // what the router's Link renders on /join (the link is active there), so the full app's commit changes nothing
    <a className={className ? `${className} active` : 'active'} href="/join" data-status="active" aria-current="page">
      {children}
    </a>
  ),
  SessionLine: () => null,
  useSaveLanguage: () => saveNothing,
  useJoinCountries: () => notYet,
  useCountries: () => notYet,
  useCanadianPhone: () => notYet,
  useFetchCanadianPhone: useCanadianCheck,
  useSubmitDetails: () => {
    const [pending, setPending] = useAtom(pendingSignupAtom);
    return {
      ready: false,
      isPending: pending !== undefined,
      error: undefined,
      reset: () => undefined,
      mutate: (country) => setPending(country),
    } satisfies SignupState;
  },
};

/** The Canadian check as api-client's `canadianPhoneQuery` sends it (digits only), without the query cache. */
function useCanadianCheck(api: ApiClient) {
  return useCallback(
    (phone: string) => api.checkCanadianPhone({ query: { phoneNumber: phone.replace(/\D/g, '') } }),
    [api],
  );
}
