import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the e2e servers run (shared by playwright.config.ts and the specs): join-api (API + SPA) and the payments
 * sandbox on test ports bound to 127.0.0.1 — two origins, so the hosted card fields are cross-origin frames
 * (docs/PAYMENTS.md). `E2E_API_PORT` / `E2E_SANDBOX_PORT` move them (default 3100 / 3110). A second join-api in Braintree
 * mode (its `braintree` driver: the real npm `braintree` SDK against the same sandbox's Braintree gateway API, README
 * "Braintree mode") serves the `braintree` project on `E2E_BRAINTREE_API_PORT` (default 3120).
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const apiPort = Number(process.env.E2E_API_PORT ?? 3100);
export const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 3110);
export const baseURL = `http://127.0.0.1:${apiPort}`;
export const sandboxURL = `http://127.0.0.1:${sandboxPort}`;
/**
 * The sandbox's bank — the 3D Secure challenge page's own origin (docs/PAYMENTS.md), the sandbox's second listener:
 * `E2E_SANDBOX_ACS_PORT` (default the sandbox's port + 1, 3111). Both join-api servers name it in their CSP.
 */
export const sandboxAcsPort = Number(process.env.E2E_SANDBOX_ACS_PORT ?? sandboxPort + 1);
export const sandboxAcsURL = `http://127.0.0.1:${sandboxAcsPort}`;
export const braintreeApiPort = Number(process.env.E2E_BRAINTREE_API_PORT ?? 3120);
export const braintreeBaseURL = `http://127.0.0.1:${braintreeApiPort}`;
/**
 * The payments sandbox's test merchant and its merchant account per currency (docs/PAYMENTS.md), as the Braintree-mode
 * join-api is configured with them (scripts/lib/payments-mode.mjs fills in the same for `pnpm start`).
 */
export const SANDBOX_MERCHANT_ACCOUNTS = {
  USD: 'ofw_usd',
  GBP: 'ofw_gbp',
  CAD: 'ofw_cad',
  AUD: 'ofw_aud',
  NZD: 'ofw_nzd',
} as const;
export const dataDir = path.join(root, '.data/e2e-pglite');
/** Where support/serve-api.mjs writes the demo links join-api printed at start-up (read by support/demo.ts). */
export const demoLinksFile = path.join(root, '.data/e2e-demo-links.json');
/** The Braintree-mode join-api's PGlite folder and demo links (its specs use no demo link; serve-api.mjs wants a file). */
export const braintreeDataDir = path.join(root, '.data/e2e-braintree-pglite');
export const braintreeDemoLinksFile = path.join(root, '.data/e2e-braintree-demo-links.json');
/**
 * The e-mail catcher of the suite: maildev 3, as `pnpm start` runs it, on its own test ports (SMTP
 * `E2E_MAILDEV_SMTP_PORT`, default 3136; web UI and REST API `E2E_MAILDEV_WEB_PORT`, default 3135). Both join-api
 * servers deliver their outbox to it (SMTP_URL); the specs read it with `GET /api/email` (support/mail.ts).
 */
export const maildevSmtpPort = Number(process.env.E2E_MAILDEV_SMTP_PORT ?? 3136);
export const maildevWebPort = Number(process.env.E2E_MAILDEV_WEB_PORT ?? 3135);
export const maildevURL = `http://127.0.0.1:${maildevWebPort}`;
export const maildevDir = path.join(root, '.data/e2e-maildev');
