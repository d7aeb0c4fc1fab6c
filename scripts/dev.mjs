// `pnpm dev`: the payments sandbox and join-api (built, like `pnpm start`) plus Vite with HMR on
// http://localhost:5173, which proxies /api and /ofw to join-api. Ctrl-C stops everything.
import path from 'node:path';
import { root, run, service } from './lib/processes.mjs';

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
});
service('join-api', process.execPath, [path.join(root, 'apps/join-api/dist/main.js')], {
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, '.data/pglite'),
  WEB_DIST: path.join(root, 'apps/join-web/dist'),
});
service('vite', 'pnpm', ['--filter', 'join-web', 'exec', 'vite', '--port', '5173', '--strictPort']);
console.log('\n  Dev server: http://localhost:5173/join  (API proxied to http://localhost:3000)\n');
