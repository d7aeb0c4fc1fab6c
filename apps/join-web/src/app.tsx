import type { ApiClient } from '@ofw/api-client';
import { isApiError } from '@ofw/api-client/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { env } from './env.js';
import { whenFirstScreenIdle } from './first-screen-idle.js';
import { lazyApiClient } from './lazy-api-client.js';
import { retryOnceWhenOverloaded } from './retry-overloaded.js';
import { I18nProvider } from './i18n/I18nProvider.js';
import { routeTree } from './routeTree.gen.js';
import { ServicesProvider, type Services } from './services.js';
import { joinStateAtom, localeAtom, progressAtom, STORAGE_KEYS } from './state/join-state.js';
import { initialLocale } from './i18n/locales.js';

type Store = ReturnType<typeof createStore>;

/** Everything the app runs on; `createAppContext` builds the production defaults, tests override parts. */
export interface AppContext {
  store: Store;
  queryClient: QueryClient;
  services: Services;
  router: ReturnType<typeof createAppRouter>;
}

/** The TanStack router over the generated route tree. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    scrollRestoration: true,
    ...(history ? { history } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

/**
 * Builds the app's store, query client, API client (authenticated by join-api's session cookie; loaded on its first
 * call, see {@link lazyApiClient}) and router.
 */
export function createAppContext(
  overrides: {
    api?: ApiClient;
    fetch?: typeof fetch;
    /** The API client's request timeout in ms (default: api-client's `DEFAULT_TIMEOUT_MS`, 20 s). */
    apiTimeoutMs?: number;
    history?: RouterHistory;
    services?: Partial<Services>;
  } = {},
): AppContext {
  const store = createStore();
  // Mount the persisted atoms now: each re-reads sessionStorage when mounted, so the first render of any screen sees
  // the stored join (e.g. that the parent signed up), not the value read when the module loaded.
  store.sub(joinStateAtom, () => undefined);
  store.sub(progressAtom, () => undefined);
  // §1: a parent with no join in progress gets the browser's language when the product speaks it (es-MX → Spanish).
  if (
    typeof sessionStorage !== 'undefined' &&
    !sessionStorage.getItem(STORAGE_KEYS.state) &&
    typeof navigator !== 'undefined'
  ) {
    const locale = initialLocale(navigator.languages ?? [navigator.language]);
    if (locale !== 'en-US') store.set(localeAtom, locale);
  }
  // the client (and the zod schemas it validates answers with) loads with the first request, not before
  // the first screen; on a fresh /join that request (the country lists) waits until the parent acts or the page is
  // idle (first-screen-idle.ts).
  const api =
    overrides.api ??
    lazyApiClient(() =>
      whenFirstScreenIdle(() => import('@ofw/api-client')).then(({ createApiClient }) =>
        createApiClient({
          baseUrl: env.VITE_API_BASE_URL,
          // join-api's 503 `overloaded` (nothing ran) is sent again once after Retry-After, then shown
          fetch: retryOnceWhenOverloaded(overrides.fetch ?? ((input, init) => fetch(input, init))),
          ...(overrides.apiTimeoutMs ? { timeoutMs: overrides.apiTimeoutMs } : {}),
          // no bearer token in the browser; the HttpOnly __Host-ofw_session cookie goes with each request
          credentials: env.VITE_API_BASE_URL ? 'include' : 'same-origin',
        }),
      ),
    );
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: retryOnceAfterServerError, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  const services: Services = {
    api,
    leaveTo: (url) => window.location.assign(url),
    newIdempotencyKey: () => crypto.randomUUID(),
    ...overrides.services,
  };
  return { store, queryClient, services, router: createAppRouter(overrides.history) };
}

/**
 * The queries' automatic retry (README "Recoverable failures"): once, and only after a 5xx answer (a server hiccup
 * that answered at once). No answer at all — the connection dropped (`network_error`) or the API client's 20 s
 * `timeout` ran out — is shown to the parent at once with Try again: an automatic retry would make them wait as long
 * again in front of a loading message.
 * @param failureCount - how many times the query failed so far (TanStack Query).
 * @param error - the last failure.
 */
export function retryOnceAfterServerError(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isApiError(error) && error.status >= 500;
}

/** The whole app: jotai store, TanStack Query, services, react-intl and the router. */
export function App({ context }: { context: AppContext }) {
  return (
    <JotaiProvider store={context.store}>
      <QueryClientProvider client={context.queryClient}>
        <ServicesProvider services={context.services}>
          <I18nProvider>
            <RouterProvider router={context.router} />
          </I18nProvider>
        </ServicesProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
