import type { ApiClient, CanadianPhoneResponse, JoinCountryCode } from '@ofw/api-client';
import type { Flow } from '@ofw/domain';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Locale } from '../i18n/locales.js';
import type { StepNav } from './use-join.js';

/**
 * docs/performance/join-web.md "First paint", "the first-screen tree": what the first screen (the header and the details step) needs from
 * TanStack Router and TanStack Query, behind one small port. On a fresh `/join` the app first takes the shell over
 * with {@link JoinPort}'s first-screen implementation (src/first-screen.tsx: no router, no query client — neither is
 * in the first load), then the full app (src/app.tsx) supplies the router- and query-backed one and takes over from
 * that tree. A component of the first screen imports neither library; it asks {@link useJoinPort}.
 */

/** A read as the details step shows it: TanStack Query's result fields it uses (a loading read has no `data`). */
export interface ReadState<T> {
  data: T | undefined;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  /** Reads again (Try again). */
  refetch: () => unknown;
}

/** Answers of the reads the details step makes. */
export type Countries = Awaited<ReturnType<ApiClient['getCountries']>>;
export type JoinCountries = Awaited<ReturnType<ApiClient['getJoinCountries']>>;

/** The details step's sign-up (Continue): TanStack Query's mutation fields it uses; the variable is the country. */
export interface SignupState {
  /** Whether this implementation sends the sign-up itself (the full app's), or only records a Continue for it. */
  ready: boolean;
  /** A sign-up is on its way (or a Continue waits for the full app to send it). */
  isPending: boolean;
  error: unknown;
  reset: () => void;
  mutate: (country: JoinCountryCode, o?: { onError?: (err: unknown) => void }) => void;
}

/** What the first screen needs from the router and the query client (see the module comment). */
export interface JoinPort {
  /** A link to `/join` (the router's `Link`; a plain `<a href="/join">` before the router is in). */
  JoinLink: ComponentType<{ className?: string; children: ReactNode }>;
  /** The header's "Signed in as … Sign out" line (nothing on a fresh join: nobody signed up yet). */
  SessionLine: ComponentType;
  /** `GET /join/countries` (§9). */
  useJoinCountries: (api: ApiClient) => ReadState<JoinCountries>;
  /** `GET /countries` in the page's language (§5 "Other codes are mapped by country label"). */
  useCountries: (api: ApiClient, locale: Locale) => ReadState<Countries>;
  /** `GET /phone/canadian` for `phone` while `enabled` (§5). */
  useCanadianPhone: (api: ApiClient, phone: string, enabled: boolean) => ReadState<CanadianPhoneResponse>;
  /** A function that runs the Canadian check for a phone number now (before Continue trusts the country). */
  useFetchCanadianPhone: (api: ApiClient) => (phone: string) => Promise<CanadianPhoneResponse>;
  /**
   * Stores the language the parent picks in the header once signed up (`PUT /parents/{userId}/language`, §3), so
   * join-api's e-mails speak it; nothing before the sign-up (the first screen: nobody signed up yet).
   */
  useSaveLanguage: () => (locale: Locale) => void;
  /** Continue's `POST /signups`, then the next step (`nav.next`). */
  useSubmitDetails: (o: { flow: Flow; nav: StepNav; proReferralToken?: string | undefined }) => SignupState;
}

const JoinPortContext = createContext<JoinPort | null>(null);

/** Provides a {@link JoinPort} to the first screen's components. */
export function JoinPortProvider({ port, children }: { port: JoinPort; children: ReactNode }) {
  return <JoinPortContext.Provider value={port}>{children}</JoinPortContext.Provider>;
}

/**
 * The {@link JoinPort} of the tree (the first screen's or the full app's).
 * @throws Error "useJoinPort must be used within <JoinPortProvider>" outside the provider.
 */
export function useJoinPort(): JoinPort {
  const port = useContext(JoinPortContext);
  if (!port) throw new Error('useJoinPort must be used within <JoinPortProvider>');
  return port;
}
