import { defineConfig, devices } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { CHROMIUM_ARGS } from '../scripts/lib/chromium.mjs';
import { findChromium } from './support/browser';
import type { Fixtures } from './support/fixtures';
import {
  apiPort,
  baseURL,
  braintreeApiPort,
  braintreeBaseURL,
  braintreeDataDir,
  braintreeDemoLinksFile,
  dataDir,
  demoLinksFile,
  maildevDir,
  maildevSmtpPort,
  maildevURL,
  maildevWebPort,
  root,
  SANDBOX_MERCHANT_ACCOUNTS,
  sandboxAcsPort,
  sandboxAcsURL,
  sandboxPort,
  sandboxURL,
} from './support/env';

/**
 * The e2e suite runs the built product as `pnpm start` does, on test ports bound to 127.0.0.1, with a fresh
 * PGlite folder per run: join-api (API + SPA) on 3100 and the payments sandbox on 3110 — two origins, so the
 * hosted card fields really are cross-origin frames (docs/PAYMENTS.md) — and the sandbox's bank on 3111, the third origin
 * a 3D Secure challenge page is served from. A second join-api on 3120 runs in Braintree mode
 * (docs/DEVELOPMENT.md "Braintree mode": its `braintree` driver, the real npm `braintree` SDK, against the same sandbox's Braintree
 * gateway API) for the `braintree` project. The browser (support/browser.ts): `CHROMIUM_PATH` (scripts/test.sh sets it),
 * else Playwright's own Chromium when installed (`npx playwright install chromium`, e.g. on macOS), else Debian's
 * chromium.
 */
const chromium = findChromium().executablePath;

/**
 * The Node that runs this runner (the root devDependency `node`, docs/DEVELOPMENT.md "Runtime"), quoted for the webServer
 * commands' shell: the servers run on the same runtime as the specs, never on a `node` that the shell finds first.
 */
const node = JSON.stringify(process.execPath);

/**
 * The sandbox's server API key, shared by the sandbox, both join-api servers and the specs that read the
 * sandbox's transactions (support/join.ts). Set here, in the runner's environment, before the workers start, so they
 * inherit the same value; the caller's SANDBOX_API_KEY wins.
 */
const sandboxApiKey = (process.env.SANDBOX_API_KEY ??= randomBytes(24).toString('base64url'));

/**
 * The money check's proof (tests/money): a doubled charge must fail it. It runs in every project — each locale and
 * width, and both payment drivers — since every project runs the check (support/money.ts).
 */
const MONEY_PROOF = ['money/**/*.spec.ts'];

const desktop = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: chromium,
    args: [...CHROMIUM_ARGS],
  },
};

export default defineConfig<Pick<Fixtures, 'uiLocale' | 'paymentsDriver' | 'axe'>>({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  // A test that passes only on its retry is a failure in CI: it hides a race that parents would meet too.
  failOnFlakyTests: !!process.env.CI,
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
    // The matrix (docs/QUALITY.md "Accessible by default"): every flow in tests/flows in en-US and es-MX, at 1280 px and on a 360 px
    // touch phone. The browser's locale is the UI locale, so join-web starts in it (§1).
    ...(['en-US', 'es-MX'] as const).flatMap((uiLocale) =>
      ([1280, 360] as const).map((width) => ({
        name: `${uiLocale}-${width}`,
        testMatch: ['flows/**/*.spec.ts', ...MONEY_PROOF],
        use: {
          ...desktop,
          uiLocale,
          locale: uiLocale,
          ...(width === 360 ? { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true } : {}),
        },
      })),
    ),
    // Run once (en-US, 1280 px): 3D Secure, keyboard only, decline, back, invite request, language switch.
    { name: 'once', testMatch: ['once/**/*.spec.ts', ...MONEY_PROOF], use: desktop },
    // Braintree mode (en-US, 1280 px): the specs tagged @braintree — regular (USD), GB (GBP with VAT), declined then
    // paid, 3D Secure challenge — against the Braintree-mode join-api; each also checks the parent's one approved
    // sale in the sandbox (currency, merchant account). axe is the other projects' job.
    {
      name: 'braintree',
      testMatch: ['flows/**/*.spec.ts', 'once/**/*.spec.ts', ...MONEY_PROOF],
      grep: /@braintree/,
      use: { ...desktop, baseURL: braintreeBaseURL, paymentsDriver: 'braintree', axe: false },
    },
  ],
  webServer: [
    {
      // The e-mail catcher (maildev 3, as `pnpm start` runs it) on the suite's own ports; both join-api servers send
      // their outbox to it (SMTP_URL).
      command: `${node} ${path.join(root, 'node_modules/maildev/dist/bin/maildev.js')} --smtp ${maildevSmtpPort} --ip 127.0.0.1 --web ${maildevWebPort} --web-ip 127.0.0.1 --mail-directory ${maildevDir}`,
      url: `${maildevURL}/api/email`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `${node} ${path.join(root, 'apps/payments-sandbox/dist/main.js')}`,
      url: `${sandboxURL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        HOST: '127.0.0.1',
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_ACS_PORT: String(sandboxAcsPort),
        SANDBOX_ALLOWED_ORIGINS: `${baseURL},${braintreeBaseURL}`,
        SANDBOX_API_KEY: sandboxApiKey,
        LOG_LEVEL: 'warn',
      },
    },
    {
      command: `${node} ${path.join(root, 'e2e/support/serve-api.mjs')} ${path.join(root, 'apps/join-api/dist/main.js')} ${dataDir} ${demoLinksFile}`,
      url: `${baseURL}/api/v1/join/countries`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: {
        HOST: '127.0.0.1',
        PORT: String(apiPort),
        DATA_DIR: dataDir,
        SANDBOX_URL: sandboxURL,
        SANDBOX_ACS_URL: sandboxAcsURL,
        SANDBOX_API_KEY: sandboxApiKey,
        WEB_DIST: path.join(root, 'apps/join-web/dist'),
        PAYMENTS_DRIVER: 'sandbox',
        SMTP_URL: `smtp://127.0.0.1:${maildevSmtpPort}`,
        OUTBOX_POLL_MS: '500',
        // production limits: each test's browser is a client of its own (X-Forwarded-For from support/fixtures.ts,
        // believed from 127.0.0.1 only), as parents are in production
        RATE_LIMIT_FACTOR: '1',
        TRUSTED_PROXIES: 'loopback',
        METRICS_PORT: '0',
        // Load shedding stays on (production's in-flight cap and Retry-After), with looser event-loop and queue
        // thresholds than production's 150 / 250 ms: on a 2-core CI machine Chromium and three servers share the
        // cores, and a refused call would be the machine's delay, not the product's.
        LOAD_SHED_EVENT_LOOP_DELAY_MS: '1000',
        LOAD_SHED_QUEUE_MS: '3000',
        LOAD_SHED_DATABASE_QUEUE_MS: '3000',
        LOG_LEVEL: 'warn',
      },
    },
    {
      // join-api in Braintree mode, as `PAYMENTS_DRIVER=braintree BRAINTREE_ENVIRONMENT=Development pnpm start` runs it
      // (scripts/lib/payments-mode.mjs), every setting given so none comes from the caller's environment. Its specs
      // need no demo link: one demo set.
      command: `${node} ${path.join(root, 'e2e/support/serve-api.mjs')} ${path.join(root, 'apps/join-api/dist/main.js')} ${braintreeDataDir} ${braintreeDemoLinksFile}`,
      url: `${braintreeBaseURL}/api/v1/join/countries`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: {
        HOST: '127.0.0.1',
        PORT: String(braintreeApiPort),
        DATA_DIR: braintreeDataDir,
        SANDBOX_URL: sandboxURL,
        SANDBOX_ACS_URL: sandboxAcsURL,
        SANDBOX_API_KEY: sandboxApiKey,
        WEB_DIST: path.join(root, 'apps/join-web/dist'),
        E2E_DEMO_COPIES: '1',
        RATE_LIMIT_FACTOR: '1',
        TRUSTED_PROXIES: 'loopback',
        METRICS_PORT: '0',
        // Load shedding stays on (production's in-flight cap and Retry-After), with looser event-loop and queue
        // thresholds than production's 150 / 250 ms: on a 2-core CI machine Chromium and three servers share the
        // cores, and a refused call would be the machine's delay, not the product's.
        LOAD_SHED_EVENT_LOOP_DELAY_MS: '1000',
        LOAD_SHED_QUEUE_MS: '3000',
        LOAD_SHED_DATABASE_QUEUE_MS: '3000',
        PAYMENTS_DRIVER: 'braintree',
        BRAINTREE_ENVIRONMENT: 'Development',
        GATEWAY_HOST: '127.0.0.1',
        GATEWAY_PORT: String(sandboxPort),
        GATEWAY_SSL: 'false',
        BRAINTREE_MERCHANT_ID: 'ofw_sandbox',
        BRAINTREE_PUBLIC_KEY: 'sandbox_public_key',
        BRAINTREE_PRIVATE_KEY: 'sandbox_private_key',
        SMTP_URL: `smtp://127.0.0.1:${maildevSmtpPort}`,
        BRAINTREE_MERCHANT_ACCOUNTS: Object.entries(SANDBOX_MERCHANT_ACCOUNTS)
          .map(([currency, account]) => `${currency}:${account}`)
          .join(','),
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
