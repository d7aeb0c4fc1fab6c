import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createSandboxApp, type SandboxAppOptions } from './app.js';
import { SandboxStore } from './store.js';

export interface RunningSandbox {
  /** Base URL, e.g. `http://127.0.0.1:3110`. */
  url: string;
  port: number;
  store: SandboxStore;
  close(): Promise<void>;
}

/**
 * Starts the sandbox on `host:port` (port 0 = a free port) and resolves once it listens.
 * Used by `main.ts` and by other workspaces' tests to run the sandbox in-process.
 */
export function startSandbox(
  options: SandboxAppOptions & { port?: number; host?: string } = {},
): Promise<RunningSandbox> {
  const store = options.store ?? new SandboxStore();
  const app = createSandboxApp({ ...options, store });
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, (info: AddressInfo) => {
      const displayHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${displayHost}:${info.port}`,
        port: info.port,
        store,
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
