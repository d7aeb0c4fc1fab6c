import { isApiError } from '@ofw/api-client/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import { createCoreContext, type CoreContext, type CoreOverrides } from './core-context.js';
import { I18nProvider } from './i18n/I18nProvider.js';
import { JoinPortProvider } from './join/join-port.js';
import { queryJoinPort } from './join/query-port.js';
import { routeTree } from './routeTree.gen.js';
import { ServicesProvider } from './services.js';

/** Everything the app runs on; `createAppContext` builds the production defaults, tests override parts. */
export interface AppContext extends CoreContext {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/**
 * The TanStack router over the generated route tree.
 * @param history - the router's history (the browser's by default).
 * @param o.keepLandingScroll - the router takes over a page already on screen (the first-screen tree, README "First
 *   paint"): its first renders on the details step — the landing and its `?step=details` replace — leave the scroll
 *   where the parent has it instead of scrolling to the top; from the first move to another step on, the router
 *   restores and resets the scroll as usual.
 */
export function createAppRouter(history?: RouterHistory, o: { keepLandingScroll?: boolean } = {}) {
  let landing = o.keepLandingScroll ?? false;
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    scrollRestoration: landing
      ? ({ location }) => {
          const step = (location.search as { step?: unknown }).step;
          landing &&= step === undefined || step === 'details';
          return !landing;
        }
      : true,
    ...(history ? { history } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

/**
 * Builds the app's store, services ({@link createCoreContext}), query client and router.
 */
export function createAppContext(overrides: CoreOverrides & { history?: RouterHistory } = {}): AppContext {
  return withRouterAndQuery(createCoreContext(overrides), overrides.history);
}

/**
 * The full app's context over an existing {@link CoreContext} — the first-screen tree's, on a fresh `/join` (README
 * "First paint"): the same store (what was typed) and services, plus the query client and the router.
 * @param history - the router's history (the browser's by default).
 * @param o.keepLandingScroll - see {@link createAppRouter} (true when it takes over from the first-screen tree).
 */
export function withRouterAndQuery(
  core: CoreContext,
  history?: RouterHistory,
  o: { keepLandingScroll?: boolean } = {},
): AppContext {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: retryOnceAfterServerError, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return { ...core, queryClient, router: createAppRouter(history, o) };
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

/**
 * The whole app: jotai store, TanStack Query, services, react-intl and the router; the first screen's components get
 * the router- and query-backed {@link queryJoinPort}.
 */
export function App({ context }: { context: AppContext }) {
  return (
    <JotaiProvider store={context.store}>
      <QueryClientProvider client={context.queryClient}>
        <JoinPortProvider port={queryJoinPort}>
          <ServicesProvider services={context.services}>
            <I18nProvider>
              <RouterProvider router={context.router} />
            </I18nProvider>
          </ServicesProvider>
        </JoinPortProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
