import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { TOKENIZATION_KEY } from './authorization.js';
import { registerClientApi } from './client-api.js';
import { registerClock } from './clock-routes.js';
import { registerControlPanel } from './control-panel.js';
import { DEFAULT_ALLOWED_ORIGINS, EnvSchema } from './env.js';
import { Faults, registerFaultControl } from './faults.js';
import { registerHostedFieldFrames } from './frames.js';
import { registerGateway } from './gateway/routes.js';
import { registerVaultGateway } from './gateway/vault-routes.js';
import { registerServerApi } from './server-api.js';
import { SandboxStore } from './store.js';
import { registerThreeDSecure } from './three-d-secure.js';
import { registerWallets } from './wallets.js';
import { WebhookQueue } from './webhooks.js';

export interface SandboxAppOptions {
  /** Parent-page origins allowed to host the card frames and call the browser-facing API. */
  allowedOrigins?: readonly string[];
  /** State holder; pass one to inspect nonces and transactions in tests. */
  store?: SandboxStore;
  /** The built frame script; read from `dist/public/hosted-field.js` (or `frameScriptFile`) when omitted. */
  frameScript?: string;
  /** Where the built frame script is read from when `frameScript` is omitted (default `dist/public/hosted-field.js`). */
  frameScriptFile?: URL | string;
  /**
   * Read the frame script again whenever its file changes, and send it `no-cache` (`pnpm dev`, which rebuilds it on
   * every edit under src/frame/). Off by default: read once, cached 5 minutes by browsers.
   */
  liveFrameScript?: boolean;
  /** `NODE_ENV`; fault control (`/sandbox/*`) answers 404 in `production`. Read from the environment when omitted. */
  nodeEnv?: string;
  /** The fault queue (tests may share one); a new one when omitted. */
  faults?: Faults;
  /**
   * The key the server API requires (`Authorization: Bearer <apiKey>`); `main.ts` passes
   * `SANDBOX_API_KEY`, which it requires. Omitted (in-process tests and benches): the server API is open.
   */
  apiKey?: string;
  /**
   * The bank's origin: where the 3D Secure challenge's ACS (acs.ts) is served, on its own listener — `startSandbox`
   * passes the one it started. Default {@link DEFAULT_ACS_ORIGIN}.
   */
  acsOrigin?: string;
  /**
   * The webhook notifications' delivery queue (webhooks.ts); `startSandbox` makes one from `webhookUrls` /
   * `webhookRetryBaseMs` and closes it. Omitted: a queue without URLs (notifications only recorded).
   */
  webhooks?: WebhookQueue;
}

/** The bank's (ACS) origin when none is given: `SANDBOX_ACS_PORT`'s default next to the default `SANDBOX_PORT`. */
export const DEFAULT_ACS_ORIGIN = 'http://127.0.0.1:3011';

export { TOKENIZATION_KEY };

const HOME_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>OFW payments sandbox</title></head><body><main><h1>OFW payments sandbox</h1><p>A local stand-in for the card payment provider. Test cards: 4111111111111111 (authorized), 4000111111111115 (processor declined 2000), 4000000000002701 / 4000000000002925 / 4000000000002503 (3D Secure frictionless success / failure / challenge). See apps/payments-sandbox/README.md.</p></main></body></html>`;

/**
 * The payments sandbox as a Hono app (docs/PAYMENTS.md), one area a module: hosted-field frames (`frames.ts`), the client
 * API with tokenization (`client-api.ts`), the server API join-api's sandbox gateway charges nonces with
 * (`server-api.ts`, docs/CONTRACTS.md "Sandbox server API"), Braintree's XML gateway (`gateway/`), 3D Secure, wallets
 * and fault control.
 */
export function createSandboxApp(options: SandboxAppOptions = {}): Hono {
  const allowedOrigins = (options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS).map((origin) => new URL(origin).origin);
  const store = options.store ?? new SandboxStore();
  const faults = options.faults ?? new Faults(store);
  const webhooks = options.webhooks ?? new WebhookQueue();
  // webhook notifications are stamped by the sandbox's test clock (clock.ts)
  webhooks.now = () => store.now();
  const nodeEnv = options.nodeEnv ?? EnvSchema.shape.NODE_ENV.parse(process.env.NODE_ENV);
  const app = new Hono();
  // CORS for the browser-facing APIs the parent page calls directly (3D Secure lookup, wallets)
  app.use(
    '/v1/browser/*',
    cors({ origin: [...allowedOrigins], allowMethods: ['GET', 'POST'], allowHeaders: ['content-type'] }),
  );
  app.get('/health', (c) => c.json({ ok: true }));
  app.get('/', (c) => c.html(HOME_PAGE));

  registerHostedFieldFrames(app, {
    allowedOrigins,
    frameScript: options.frameScript,
    frameScriptFile: options.frameScriptFile,
    liveFrameScript: options.liveFrameScript,
  });
  registerClientApi(app, { store, allowedOrigins });
  registerServerApi(app, { store, faults, apiKey: options.apiKey });
  registerGateway(app, { store, faults, webhooks });
  registerVaultGateway(app, { store, faults });
  registerFaultControl(app, { faults, store, production: nodeEnv === 'production' });
  registerControlPanel(app, { store, webhooks });
  registerClock(app, { store, webhooks });
  registerThreeDSecure(app, {
    store,
    allowedOrigins,
    acsOrigin: new URL(options.acsOrigin ?? DEFAULT_ACS_ORIGIN).origin,
  });
  registerWallets(app, { store, allowedOrigins });
  return app;
}
