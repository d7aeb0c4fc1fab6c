import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import { createAcsApp } from './acs.js';
import { createSandboxApp, type SandboxAppOptions } from './app.js';
import { SandboxStore } from './store.js';
import { WebhookQueue } from './webhooks.js';

/** Where the bank (the 3D Secure ACS) listens: this machine only, on its own port — an origin of its own. */
export const ACS_HOST = '127.0.0.1';

export interface RunningSandbox {
  /** Base URL, e.g. `http://127.0.0.1:3110`. */
  url: string;
  port: number;
  /** The bank's (ACS) base URL, e.g. `http://127.0.0.1:3111`: the 3D Secure challenge's third origin. */
  acsUrl: string;
  acsPort: number;
  store: SandboxStore;
  /** The webhook notifications sent so far and their deliveries. */
  webhooks: WebhookQueue;
  close(): Promise<void>;
}

interface Listening {
  port: number;
  close(): Promise<void>;
}

function listen(app: Hono, port: number, host: string): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server: ServerType = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done, fail) => {
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close((error) => (error ? fail(error) : done()));
          }),
      });
    });
    server.once('error', reject);
  });
}

/**
 * Starts the sandbox on `host:port` (port 0 = a free port) and its bank — the 3D Secure ACS (acs.ts) — on
 * `127.0.0.1:acsPort` (default 0 = a free port), sharing one store; resolves once both listen.
 * Used by `main.ts` and by other workspaces' tests to run the sandbox in-process.
 * @throws Error (rejects) when a port is taken.
 */
export async function startSandbox(
  options: SandboxAppOptions & {
    port?: number;
    host?: string;
    acsPort?: number;
    /** Where webhook notifications are POSTed (`SANDBOX_WEBHOOK_URL`); none: only recorded. */
    webhookUrls?: readonly string[];
    /** The first retry's delay (ms; `SANDBOX_WEBHOOK_RETRY_BASE_MS`), doubled for each further one. */
    webhookRetryBaseMs?: number;
  } = {},
): Promise<RunningSandbox> {
  const store = options.store ?? new SandboxStore();
  const webhooks =
    options.webhooks ??
    new WebhookQueue({
      urls: options.webhookUrls,
      ...(options.webhookRetryBaseMs === undefined ? {} : { retryBaseMs: options.webhookRetryBaseMs }),
    });
  const acs = await listen(createAcsApp({ store }), options.acsPort ?? 0, ACS_HOST);
  const acsUrl = `http://${ACS_HOST}:${acs.port}`;
  const host = options.host ?? '127.0.0.1';
  const app = createSandboxApp({ ...options, store, webhooks, acsOrigin: acsUrl });
  const provider = await listen(app, options.port ?? 0, host).catch(async (error: unknown) => {
    await acs.close();
    webhooks.close();
    throw error;
  });
  const displayHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${displayHost}:${provider.port}`,
    port: provider.port,
    acsUrl,
    acsPort: acs.port,
    store,
    webhooks,
    close: async () => {
      webhooks.close();
      await Promise.all([provider.close(), acs.close()]);
    },
  };
}
