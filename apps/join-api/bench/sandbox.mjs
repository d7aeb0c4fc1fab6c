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

/** What the card's 3D Secure lookup gave (liability shifted), recorded on each single-use nonce. */
export const THREE_DS_OK = {
  liabilityShifted: true,
  liabilityShiftPossible: true,
  status: 'authenticate_successful',
  enrolled: 'Y',
  threeDSecureVersion: '2.2.0',
};

/**
 * A function tokenizing the 3D Secure test Visa into a new single-use nonce of `store` carrying a successful
 * (liability-shifted) 3DS result, as the payment page's hosted fields and 3DS lookup do: join-api's 3D Secure policy
 * (docs/PAYMENTS.md) refuses a sale without one, so `fake-valid-nonce` alone is refused.
 */
export function nonceMaker(store, FAKE_NONCES) {
  const visa = FAKE_NONCES['fake-three-d-secure-visa-full-authentication-nonce'];
  return () => {
    const nonce = store.createNonce({ ...visa });
    store.setThreeDSecure(nonce, THREE_DS_OK);
    return nonce;
  };
}

/**
 * The real payments sandbox app (createSandboxApp) served in-process on a free 127.0.0.1 port; `newNonce()` makes a
 * liability-shifted single-use nonce ({@link nonceMaker}).
 */
export async function startSandbox() {
  const { createSandboxApp, SandboxStore, FAKE_NONCES } = await loadSandbox();
  const store = new SandboxStore();
  const app = createSandboxApp({ store });
  const newNonce = nonceMaker(store, FAKE_NONCES);
  return new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        store,
        newNonce,
        close: () =>
          new Promise((r) => {
            s.closeAllConnections?.();
            s.close(() => r());
          }),
      }),
    );
  });
}
