import type { ApiClient } from '@ofw/api-client';
import { createStore } from 'jotai';
import { env } from './env.js';
import { whenFirstScreenIdle } from './first-screen-idle.js';
import { initialLocale } from './i18n/locales.js';
import { lazyApiClient } from './lazy-api-client.js';
import { retryOnceWhenOverloaded } from './retry-overloaded.js';
import type { Services } from './services.js';
import { joinStateAtom, localeAtom, progressAtom, STORAGE_KEYS } from './state/join-state.js';

type Store = ReturnType<typeof createStore>;

/**
 * What every screen runs on, the first-screen tree included (docs/performance/join-web.md "First paint"): the jotai store and the services.
 * Router- and query-free: src/app.tsx's `createAppContext` adds the router and the query client.
 */
export interface CoreContext {
  store: Store;
  services: Services;
}

/** What tests (and the prerender) may replace in {@link createCoreContext}. */
export interface CoreOverrides {
  api?: ApiClient;
  fetch?: typeof fetch;
  /** The API client's request timeout in ms (default: api-client's `DEFAULT_TIMEOUT_MS`, 20 s). */
  apiTimeoutMs?: number;
  services?: Partial<Services>;
}

/**
 * Builds the app's store and services: the API client (authenticated by join-api's session cookie; loaded on its
 * first call, see {@link lazyApiClient}), leaving the SPA, idempotency keys.
 */
export function createCoreContext(overrides: CoreOverrides = {}): CoreContext {
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
  const services: Services = {
    api,
    leaveTo: (url) => window.location.assign(url),
    newIdempotencyKey: () => crypto.randomUUID(),
    ...overrides.services,
  };
  return { store, services };
}
