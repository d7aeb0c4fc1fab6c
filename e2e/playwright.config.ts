import { defineConfig, devices } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * The e2e suite runs the built product as `pnpm start` does, on test ports bound to 127.0.0.1, with a fresh
 * PGlite folder per run: join-api (API + SPA) on 3100 and the payments sandbox on 3110 — two origins, so the
 * hosted card fields really are cross-origin frames (DESIGN.md §5). Chromium is Debian's (CHROMIUM_PATH, set by
 * scripts/test.sh); Playwright's own browser download is never used.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = Number(process.env.E2E_API_PORT ?? 3100);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 3110);
const baseURL = `http://127.0.0.1:${apiPort}`;
const sandboxURL = `http://127.0.0.1:${sandboxPort}`;
const dataDir = path.join(root, '.data/e2e-pglite');
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
      command: `node -e "require('node:fs').rmSync(process.argv[1],{recursive:true,force:true})" ${dataDir} && node ${path.join(root, 'apps/join-api/dist/main.js')}`,
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
