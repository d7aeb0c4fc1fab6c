// The one list of Chromium flags for every headless Chromium the repository launches: the e2e suite
// (e2e/playwright.config.ts), the join benchmark (scripts/bench-join.mjs) and @ofw/payments' browser test.
// Containers and CI runners have no user namespaces (so no Chromium sandbox), no GPU and a small /dev/shm; the
// background services only add noise to timings.

/** Flags for `chromium.launch({ args })`. */
export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]);
