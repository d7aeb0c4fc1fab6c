// `pnpm dev`: the payments sandbox and join-api (built, like `pnpm start`) plus Vite with HMR on
// http://localhost:5173, which proxies /api and /ofw to join-api, and maildev (e-mail catcher, http://localhost:3025).
// Ctrl-C stops everything.
// The payment mode is chosen as for `pnpm start` (scripts/lib/payments-mode.mjs), e.g.
// `PAYMENTS_DRIVER=braintree BRAINTREE_ENVIRONMENT=Development pnpm dev`.
import path from 'node:path';
import { PaymentsModeError, paymentsMode } from './lib/payments-mode.mjs';
import { root, run, service } from './lib/processes.mjs';
import { maildevSmtpUrl, maildevUrl, startMaildev } from './lib/maildev.mjs';

let payments;
try {
  payments = paymentsMode(process.env, { sandboxPort: process.env.SANDBOX_PORT ?? '3010' });
} catch (e) {
  if (!(e instanceof PaymentsModeError)) throw e;
  console.error(`✗ ${e.message}`);
  process.exit(1);
}

console.log('› Building the packages and servers (turbo; cached)…');
await run('pnpm', [
  'exec',
  'turbo',
  'run',
  'build',
  '--filter=join-api',
  '--filter=payments-sandbox',
  '--filter=join-web^...',
  '--output-logs=errors-only',
]);

service('sandbox', process.execPath, [path.join(root, 'apps/payments-sandbox/dist/main.js')], {
  SANDBOX_ALLOWED_ORIGINS: 'http://localhost:5173,http://localhost:3000',
  ...payments.sandboxEnv,
});
startMaildev();
service('join-api', process.execPath, [path.join(root, 'apps/join-api/dist/main.js')], {
  SMTP_URL: maildevSmtpUrl,
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, '.data/pglite'),
  WEB_DIST: path.join(root, 'apps/join-web/dist'),
  ...payments.apiEnv,
});
service('vite', 'pnpm', ['--filter', 'join-web', 'exec', 'vite', '--port', '5173', '--strictPort']);
console.log(
  `\n  Dev server: http://localhost:5173/join  (API proxied to http://localhost:3000)\n  Payment mode: ${payments.label}\n  E-mail (maildev): ${maildevUrl}/index.html  (REST: ${maildevUrl}/api/email)\n`,
);
