import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the e2e servers run (shared by playwright.config.ts and the specs): join-api (API + SPA) and the payments
 * sandbox on test ports bound to 127.0.0.1 — two origins, so the hosted card fields are cross-origin frames
 * (DESIGN.md §5). `E2E_API_PORT` / `E2E_SANDBOX_PORT` move them (default 3100 / 3110).
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const apiPort = Number(process.env.E2E_API_PORT ?? 3100);
export const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 3110);
export const baseURL = `http://127.0.0.1:${apiPort}`;
export const sandboxURL = `http://127.0.0.1:${sandboxPort}`;
export const dataDir = path.join(root, '.data/e2e-pglite');
/** Where support/serve-api.mjs writes the demo links join-api printed at start-up (read by support/demo.ts). */
export const demoLinksFile = path.join(root, '.data/e2e-demo-links.json');
