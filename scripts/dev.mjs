// `pnpm dev`: the payments sandbox and join-api from their sources under `tsx watch` (each restarts when a file it
// imports changes — join-api also on packages/domain/src and packages/api-client/src, the sandbox on
// packages/payments/src/protocol.ts, through each app's tsconfig.dev.json), plus Vite with HMR on http://localhost:5173, which proxies /api and /ofw to join-api
// and resolves the @ofw/* packages to their sources (apps/join-web/vite.config.ts), and maildev (e-mail catcher,
// http://localhost:3025). The sandbox's hosted-field frame script (src/frame/, a browser bundle) is rebuilt on every
// edit of it or of the protocol (`tsup --watch`) and served as last built (SANDBOX_LIVE_FRAME_SCRIPT=1: re-read when it changes, no-cache).
// Ctrl-C stops everything (exit 0). Ports: PORT (join-api, 3000), SANDBOX_PORT (3010), SANDBOX_ACS_PORT (the
// sandbox's bank, the 3D Secure challenge's own origin on 127.0.0.1: the sandbox's + 1), VITE_PORT (5173),
// MAILDEV_SMTP_PORT / MAILDEV_WEB_PORT (3026 / 3025).
// The payment mode is chosen as for `pnpm start` (scripts/lib/payments-mode.mjs), e.g.
// `PAYMENTS_DRIVER=braintree BRAINTREE_ENVIRONMENT=Development pnpm dev`.
import path from 'node:path';
import { PaymentsModeError, paymentsMode } from './lib/payments-mode.mjs';
import { buildWorkspaces, root, service, startServers } from './lib/processes.mjs';
import { maildevSmtpUrl, maildevUrl, startMaildev } from './lib/maildev.mjs';

const apiPort = process.env.PORT ?? '3000';
const sandboxPort = process.env.SANDBOX_PORT ?? '3010';
const vitePort = process.env.VITE_PORT ?? '5173';
const apiUrl = `http://localhost:${apiPort}`;
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

console.log('› Building the packages and the sandbox frame script (turbo; cached)…');
// new-only: a cold build streams each task's own output (tsup, vite) as it runs; a cached task prints one
// "cache hit" line. (errors-only printed nothing for minutes on a cold start.)
await buildWorkspaces(['payments-sandbox', 'join-web^...']);

const tsxWatch = () => [
  path.join(root, 'node_modules/tsx/dist/cli.mjs'),
  'watch',
  '--clear-screen=false',
  // each app's tsconfig.dev.json resolves the workspace packages it imports to their sources
  '--tsconfig',
  'tsconfig.dev.json',
  'src/main.ts',
];
const inApp = (app) => ({ cwd: path.join(root, 'apps', app) });

startMaildev();
// the sandbox and join-api share a fresh SANDBOX_API_KEY (the sandbox's server API needs it)
startServers({
  sandbox: {
    args: tsxWatch(),
    ...inApp('payments-sandbox'),
    env: {
      SANDBOX_PORT: sandboxPort,
      SANDBOX_ACS_PORT: acsPort,
      SANDBOX_ALLOWED_ORIGINS: process.env.SANDBOX_ALLOWED_ORIGINS ?? `http://localhost:${vitePort},${apiUrl}`,
      // the sandbox posts Braintree-signed webhook notifications to join-api (retried while it does not answer 2xx)
      SANDBOX_WEBHOOK_URL: process.env.SANDBOX_WEBHOOK_URL ?? `${apiUrl}/api/v1/webhooks/braintree`,
      SANDBOX_LIVE_FRAME_SCRIPT: '1',
      ...payments.sandboxEnv,
    },
  },
  joinApi: {
    args: tsxWatch(),
    ...inApp('join-api'),
    env: {
      PORT: apiPort,
      // no metrics endpoint unless asked for: a second checkout's `pnpm dev` (or its smoke test) must not collide on 9464
      METRICS_PORT: process.env.METRICS_PORT ?? '0',
      SMTP_URL: maildevSmtpUrl,
      SANDBOX_URL: process.env.SANDBOX_URL ?? `http://localhost:${sandboxPort}`,
      SANDBOX_ACS_URL: process.env.SANDBOX_ACS_URL ?? acsUrl,
      DATA_DIR: process.env.DATA_DIR ?? path.join(root, '.data/pglite'),
      WEB_DIST: path.join(root, 'apps/join-web/dist'),
      ...payments.apiEnv,
    },
  },
});
// The frame script's build on every edit of src/frame/ (the sandbox serves it as last built).
service(
  'frame',
  process.execPath,
  [
    path.join(root, 'apps/payments-sandbox/node_modules/tsup/dist/cli-default.js'),
    '--watch',
    'src/frame',
    '--watch',
    '../../packages/payments/src/protocol.ts',
  ],
  { SANDBOX_FRAME_ONLY: '1' },
  inApp('payments-sandbox'),
);
// Vite's own bin, not `pnpm exec vite`: a pnpm in between prints ELIFECYCLE when Ctrl-C stops Vite.
service(
  'vite',
  process.execPath,
  [path.join(root, 'apps/join-web/node_modules/vite/bin/vite.js'), '--port', vitePort, '--strictPort'],
  { JOIN_API_URL: apiUrl },
  {
    cwd: path.join(root, 'apps/join-web'),
  },
);
console.log(
  `\n  Dev server: http://localhost:${vitePort}/join  (API proxied to ${apiUrl})\n  Payments sandbox: http://localhost:${sandboxPort}, its bank (3D Secure challenge) ${acsUrl}\n  Payment mode: ${payments.label}\n  E-mail (maildev): ${maildevUrl}/index.html  (REST: ${maildevUrl}/api/email)\n`,
);
