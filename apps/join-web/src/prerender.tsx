/**
 * Build-time prerender of the `/join` first screen (the account-details step, en-US, a fresh join), run by
 * `scripts/prerender.mjs` through a Vite SSR build of this file. The markup goes into dist/join.html, which join-api
 * serves for `GET /join`, so the parent sees the step before the app's JavaScript has loaded; src/main.tsx then
 * replaces it with the live app in its first commit (docs/performance/join-web.md "First paint").
 *
 * React 19's `prerender` (react-dom/static) waits for lazy components and Suspense, unlike `renderToString`.
 * Queries (countries, join countries) are not fetched here: their loading state is what the shell shows, as the
 * app's first render does.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';
import { createIntl } from 'react-intl';
import { App, createAppContext } from './app.js';
import { SHELL_LOCALE, SHELL_PATH, startJoinBeforeFirstRender } from './first-paint.js';
import { preloadMessages } from './i18n/I18nProvider.js';
import { appMessages, stepMessages } from './join/messages.js';

export { SHELL_ATTRIBUTE, SHELL_LOCALE, intlWarmUpScript, shellGuardScript } from './first-paint.js';

/**
 * Renders `/join` as a first visitor's first commit shows it: a memory history at `/join`, the en-US catalogue
 * loaded, `router.load()` done, the join started, no network (a request would fail; none is made while rendering).
 * @returns the app's markup (for inside `<div id="root">`; it may hold the router's server-only scroll script,
 * which the caller removes) and the page title the app sets for the first step.
 */
export async function prerenderJoin(): Promise<{ html: string; title: string }> {
  const messages = await preloadMessages(SHELL_LOCALE);
  const context = createAppContext({
    history: createMemoryHistory({ initialEntries: [SHELL_PATH] }),
    fetch: () => Promise.reject(new Error('No network while prerendering')),
  });
  startJoinBeforeFirstRender(context.store, SHELL_PATH);
  await context.router.load();
  const { prelude } = await prerender(<App context={context} />);
  const html = await new Response(prelude).text();
  const intl = createIntl({ locale: SHELL_LOCALE, messages: messages as never });
  const title = intl.formatMessage(appMessages.pageTitle, { step: intl.formatMessage(stepMessages.details) });
  return { html, title };
}
