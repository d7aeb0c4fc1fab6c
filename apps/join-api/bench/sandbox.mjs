// The real payments sandbox (apps/payments-sandbox's `createSandboxApp`) for the benches, served in-process.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';

/** apps/payments-sandbox (its built entry; built once here when missing, e.g. on a fresh clone). */
export async function loadSandbox() {
  try {
    return await import('payments-sandbox');
  } catch (e) {
    if (e?.code !== 'ERR_MODULE_NOT_FOUND') throw e;
    console.log('payments-sandbox is not built; building it (pnpm --filter payments-sandbox build)…');
    const repo = fileURLToPath(new URL('../../../', import.meta.url));
    execFileSync('pnpm', ['--filter', 'payments-sandbox', 'build'], { cwd: repo, stdio: 'inherit' });
    return import('payments-sandbox');
  }
}

/** The real payments sandbox app (createSandboxApp) served in-process on a free 127.0.0.1 port. */
export async function startSandbox() {
  const { createSandboxApp, SandboxStore } = await loadSandbox();
  const store = new SandboxStore();
  const app = createSandboxApp({ store });
  return new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        store,
        close: () =>
          new Promise((r) => {
            s.closeAllConnections?.();
            s.close(() => r());
          }),
      }),
    );
  });
}
