// first: zod must not probe eval under the page's CSP (zod-jitless.ts)
import './zod-jitless.js';
import '@ofw/ui/styles.css';
import './app.css';
import './first-paint.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { installChunkReload } from './chunk-reload.js';
import { createCoreContext, type CoreContext } from './core-context.js';
import { SHELL_ATTRIBUTE, startJoinBeforeFirstRender } from './first-paint.js';
import { FirstScreen } from './first-screen.js';
import { holdUntilFirstScreenIdle, startFirstScreenIdleWatch } from './first-screen-idle.js';
import { firstScreenMessagesFor, preloadFirstScreenMessages, preloadMessages } from './i18n/I18nProvider.js';
import { paymentStep } from './join/lazy-step.js';
import { toLocale } from './i18n/locales.js';
import { replaceTree, takeOverShell } from './shell-input.js';
import {
  hasStoredJoin,
  loadStoredJoinValidation,
  localeAtom,
  progressAtom,
  STEP_IDS,
  type StepId,
} from './state/join-state.js';
import { landingStep, parseStepSearch } from './state/steps.js';

// The later steps' chunks (JoinStepper loads them lazily): a join resumed at one of them gets it before the first
// commit, so the step shows at once instead of a loading message. The same modules, so the same chunks.
const lazySteps: Partial<Record<StepId, () => Promise<unknown>>> = {
  package: () => import('./join/steps/PackageStep.js'),
  terms: () => import('./join/steps/TermsStep.js'),
  payment: () => paymentStep.preload(), // renders without suspending once loaded (join/lazy-step.ts)
  account: () => import('./join/steps/AccountStep.js'),
};

installChunkReload();
// a join stored in this tab is validated (zod) before the app's store reads it; a fresh visitor — the first
// screen of /join — loads no schema at all.
const storedJoin = hasStoredJoin(); // read before boot: startJoinBeforeFirstRender stores a fresh join
if (storedJoin) void loadStoredJoinValidation().then(boot, boot);
else boot();

/** Creates the app and renders it once the first screen's chunks and catalogue are in. */
function boot(): void {
  const core = createCoreContext();
  startJoinBeforeFirstRender(core.store, location.pathname);
  const locale = toLocale(core.store.get(localeAtom));

  // docs/performance/join-web.md "First paint": the first commit must already show the whole screen — it replaces the prerendered /join
  // shell in one go (no flash, no shift), or is the first thing painted on other routes. So the locale's catalogue
  // (en-US if it fails, as I18nProvider does), the route's chunks and the current step's chunk are awaited side by
  // side first; a failure is left to the app, which shows its own loading or error state. (A promise, not a
  // top-level await: the bundler would split the entry into many more chunks for one.)
  // The first step (details, or an invite page) needs only the catalogue's first part; I18nProvider loads
  // the rest right after, before any later step shows.
  // the step shown: the URL's (README "Steps in the URL") when reached, else the furthest reached (the flow's own
  // steps are known only in the app; a step it lacks falls back there too)
  const { step: urlStep } = parseStepSearch(Object.fromEntries(new URLSearchParams(location.search)));
  const step = landingStep(STEP_IDS, urlStep, core.store.get(progressAtom).step);
  const messages = step === 'details' ? preloadFirstScreenMessages : preloadMessages;
  const catalogue = messages(locale)
    .catch(() => messages('en-US'))
    .catch(() => undefined);
  // a fresh join's first screen of /join fetches nothing more (API client, zod, later texts) until the
  // parent acts or the page is idle (first-screen-idle.ts); a resumed join (booted after its validation) is not held
  const fresh = step === 'details' && !storedJoin && /^\/join\/?$/.test(location.pathname);
  if (fresh) holdUntilFirstScreenIdle();
  // The prerendered shell accepts typing before the app runs (docs/performance/join-web.md "First paint"): the app takes it over keeping
  // what was typed and the focus.
  const shell = document.querySelector(`[${SHELL_ATTRIBUTE}]`);
  const live = shell && document.documentElement.getAttribute('data-shell') !== 'off' ? shell : undefined;
  const container = document.getElementById('root')!;
  if (fresh && live) {
    // the first-screen tree takes the shell over without the router and the query client (not in the first load);
    // they load right after, and the full app then takes over from that tree
    void catalogue.then(() => {
      const root = createRoot(container);
      takeOverShell(
        root,
        <StrictMode>
          <FirstScreen context={core} />
        </StrictMode>,
        core.store,
        live,
      );
      startFirstScreenIdleWatch();
      void fullApp(core, { keepLandingScroll: true })
        // a language picked meanwhile: its catalogue first, so the full app's first commit shows it, not nothing
        .then((app) => firstScreenMessagesFor(() => toLocale(core.store.get(localeAtom))).then(() => app))
        .then((app) => replaceTree(root, app, container));
    });
    return;
  }
  void Promise.all([fullApp(core), catalogue, lazySteps[step]?.().catch(() => undefined)]).then(([app]) => {
    const root = createRoot(container);
    if (live) {
      takeOverShell(root, app, core.store, live);
      startFirstScreenIdleWatch();
      return;
    }
    // A transition: should anything still suspend (React.lazy resolves an already-loaded chunk a microtask later),
    // React keeps what is on screen until it is ready instead of committing a fallback.
    startTransition(() => root.render(app));
    startFirstScreenIdleWatch();
  });
}

/**
 * The full app (router, query client, every route) over `core`, once its chunk and the route's are in
 * (`router.load()`; a failure is left to the app, which shows its own loading or error state).
 * @param o.keepLandingScroll - it takes over from the first-screen tree: the scroll stays (createAppRouter).
 */
async function fullApp(
  core: CoreContext,
  o: { keepLandingScroll?: boolean } = {},
): Promise<Parameters<Root['render']>[0]> {
  const { App, withRouterAndQuery } = await import('./app.js');
  const context = withRouterAndQuery(core, undefined, o);
  await context.router.load().catch(() => undefined);
  return (
    <StrictMode>
      <App context={context} />
    </StrictMode>
  );
}
