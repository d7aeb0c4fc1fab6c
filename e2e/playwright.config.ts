import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { apiPort, baseURL, dataDir, demoLinksFile, root, sandboxPort, sandboxURL } from './support/env';

/**
 * The e2e suite runs the built product as `pnpm start` does, on test ports bound to 127.0.0.1, with a fresh
 * PGlite folder per run: join-api (API + SPA) on 3100 and the payments sandbox on 3110 — two origins, so the
 * hosted card fields really are cross-origin frames (DESIGN.md §5). Chromium is Debian's (CHROMIUM_PATH, set by
 * scripts/test.sh); Playwright's own browser download is never used.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
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
    {
      name: 'chromium',
      use: {
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
      },
    },
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
