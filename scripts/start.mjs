// `pnpm start`: builds what is needed (turbo, cached), then serves the product:
//   join-api (API + built SPA + /ofw/home.form) on http://localhost:3000 — it applies migrations and seeds demo
//   data into the PGlite folder .data/pglite (kept between starts) and prints the demo links it seeded;
//   the payments sandbox on http://localhost:3010, its bank (the 3D Secure challenge's ACS, a third origin) on
//   http://127.0.0.1:3011; maildev (the e-mail catcher: SMTP 127.0.0.1:3026, web UI and
//   REST API on http://localhost:3025) receives join-api's e-mails (invitations, receipts).
// Ctrl-C stops everything.
// `PAYMENTS_DRIVER=braintree BRAINTREE_ENVIRONMENT=Development pnpm start` runs join-api on the real braintree SDK
// against the sandbox's Braintree gateway API instead (scripts/lib/payments-mode.mjs; docs/DEVELOPMENT.md "Braintree mode").
import path from 'node:path';
import { PaymentsModeError, paymentsMode } from './lib/payments-mode.mjs';
import { buildWorkspaces, root, startServers, stopAll, waitForHttp } from './lib/processes.mjs';
import { maildevSmtpUrl, maildevUrl, startMaildev } from './lib/maildev.mjs';

const apiPort = process.env.PORT ?? '3000';
const sandboxPort = process.env.SANDBOX_PORT ?? '3010';
const apiUrl = `http://localhost:${apiPort}`;
const sandboxUrl = `http://localhost:${sandboxPort}`;
// the sandbox's bank listens on 127.0.0.1 on its own port (SANDBOX_ACS_PORT, default the sandbox's + 1)
const acsPort = process.env.SANDBOX_ACS_PORT ?? String(Number(sandboxPort) + 1);
const acsUrl = `http://127.0.0.1:${acsPort}`;

let payments;
try {
  payments = paymentsMode(process.env, { sandboxPort });
} catch (e) {
  if (!(e instanceof PaymentsModeError)) throw e;
  console.error(`✗ ${e.message}`);
  process.exit(1);
}

console.log('› Building (turbo; cached after the first start)…');
// new-only: a cold build streams each task's own output (tsup, vite) as it runs; a cached task prints one
// "cache hit" line. (errors-only printed nothing for minutes on a cold start.)
await buildWorkspaces(['join-api', 'payments-sandbox', 'join-web']);

startMaildev();
// the sandbox and join-api share a fresh SANDBOX_API_KEY (the sandbox's server API needs it)
startServers({
  sandbox: {
    env: {
      SANDBOX_PORT: sandboxPort,
      SANDBOX_ACS_PORT: acsPort,
      SANDBOX_ALLOWED_ORIGINS: process.env.SANDBOX_ALLOWED_ORIGINS ?? `${apiUrl},http://127.0.0.1:${apiPort}`,
      // the sandbox posts Braintree-signed webhook notifications to join-api (retried while it does not answer 2xx)
      SANDBOX_WEBHOOK_URL: process.env.SANDBOX_WEBHOOK_URL ?? `${apiUrl}/api/v1/webhooks/braintree`,
      ...payments.sandboxEnv,
    },
  },
  joinApi: {
    env: {
      PORT: apiPort,
      SMTP_URL: maildevSmtpUrl,
      SANDBOX_URL: process.env.SANDBOX_URL ?? sandboxUrl,
      SANDBOX_ACS_URL: process.env.SANDBOX_ACS_URL ?? acsUrl,
      DATA_DIR: process.env.DATA_DIR ?? path.join(root, '.data/pglite'),
      WEB_DIST: path.join(root, 'apps/join-web/dist'),
      ...payments.apiEnv,
    },
  },
});

try {
  await Promise.all([
    waitForHttp(`${sandboxUrl}/`),
    waitForHttp(`${acsUrl}/health`),
    waitForHttp(`${apiUrl}/`),
    waitForHttp(`${maildevUrl}/api/email`),
  ]);
} catch (e) {
  console.error(`✗ ${e.message}`);
  await stopAll(1);
}
console.log(`
  OFW Join is running.
    Join:              ${apiUrl}/join
    API:               ${apiUrl}/api/v1  (OpenAPI: ${apiUrl}/api/v1/openapi.json)
    Payments sandbox:  ${sandboxUrl}  (test cards: ${payments.cards})
    Sandbox bank:      ${acsUrl}  (the 3D Secure challenge page's own origin)
    Payment mode:      ${payments.label}
    E-mail (maildev):  ${maildevUrl}/index.html  (REST: ${maildevUrl}/api/email; SMTP ${maildevSmtpUrl})
  The demo links join-api seeded are printed above by [join-api]. Ctrl-C stops everything.
`);
