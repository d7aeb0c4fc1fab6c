import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import type { Fixtures } from './support/fixtures';
import { apiPort, baseURL, dataDir, demoLinksFile, root, sandboxPort, sandboxURL } from './support/env';

/**
 * The e2e suite runs the built product as `pnpm start` does, on test ports bound to 127.0.0.1, with a fresh
 * PGlite folder per run: join-api (API + SPA) on 3100 and the payments sandbox on 3110 — two origins, so the
 * hosted card fields really are cross-origin frames (DESIGN.md §5). Chromium is Debian's (CHROMIUM_PATH, set by
 * scripts/test.sh); Playwright's own browser download is never used.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';

const desktop = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: chromium,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  },
};

export default defineConfig<Pick<Fixtures, 'uiLocale'>>({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  // A flow is ~20-50 s on a loaded 2-core machine (the upgrade pays twice); 90 s leaves room without hiding a hang.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // The matrix (issue 6 "Done when"): every flow in tests/flows in en-US and es-MX, at 1280 px and on a 360 px
    // touch phone. The browser's locale is the UI locale, so join-web starts in it (§1).
    ...(['en-US', 'es-MX'] as const).flatMap((uiLocale) =>
      ([1280, 360] as const).map((width) => ({
        name: `${uiLocale}-${width}`,
        testMatch: 'flows/**/*.spec.ts',
        use: {
          ...desktop,
          uiLocale,
          locale: uiLocale,
          ...(width === 360 ? { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true } : {}),
        },
      })),
    ),
    // Run once (en-US, 1280 px): 3D Secure, keyboard only, decline, back, invite request, language switch.
    { name: 'once', testMatch: 'once/**/*.spec.ts', use: desktop },
  ],
  webServer: [
    {
      command: `node ${path.join(root, 'apps/payments-sandbox/dist/main.js')}`,
      url: `${sandboxURL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        HOST: '127.0.0.1',
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_ALLOWED_ORIGINS: baseURL,
        LOG_LEVEL: 'warn',
      },
    },
    {
      command: `node ${path.join(root, 'e2e/support/serve-api.mjs')} ${path.join(root, 'apps/join-api/dist/main.js')} ${dataDir} ${demoLinksFile}`,
      url: `${baseURL}/api/v1/join/countries`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: {
        HOST: '127.0.0.1',
        PORT: String(apiPort),
        DATA_DIR: dataDir,
        SANDBOX_URL: sandboxURL,
        WEB_DIST: path.join(root, 'apps/join-web/dist'),
        PAYMENTS_DRIVER: 'sandbox',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
