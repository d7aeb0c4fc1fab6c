import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import type { Fixtures } from './support/fixtures';
import type { UiLocale } from './support/labels';

/**
 * The screenshot tour (not a test suite: `tour/steps.tour.ts` asserts only what it needs to walk on): every step of a
 * join in the four UI locales (§1) at 1280 px and on a 360 px phone, as PNGs in `$TOUR_DIR` (default
 * /tmp/ofw-tour/<locale>-<width>/), to look at. Same servers as the suite, without the Braintree-mode join-api.
 *
 *   cd e2e && pnpm exec playwright test -c tour.config.ts
 */
const locales: UiLocale[] = ['en-US', 'en-GB', 'es-US', 'es-MX'];
const desktop = base.projects?.find((p) => p.name === 'once')?.use ?? {};

export default defineConfig<Pick<Fixtures, 'uiLocale' | 'paymentsDriver' | 'axe'>>({
  ...base,
  testDir: './tour',
  testMatch: '*.tour.ts',
  retries: 0,
  timeout: 180_000,
  projects: locales.flatMap((uiLocale) =>
    ([1280, 360] as const).map((width) => ({
      name: `${uiLocale}-${width}`,
      use: {
        ...desktop,
        uiLocale,
        locale: uiLocale,
        axe: false,
        ...(width === 360 ? { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true } : {}),
      },
    })),
  ),
  webServer: Array.isArray(base.webServer) ? base.webServer.slice(0, 3) : base.webServer,
});
