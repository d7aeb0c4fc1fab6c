import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import type { AppDeps } from './context.js';

/** A started HTTP server (tests and main): `url` is its origin; `close()` stops accepting and resolves when closed. */
export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startServer(deps: AppDeps, opts: { port: number; hostname: string }): Promise<RunningServer> {
  const app = createApp(deps);
  return new Promise((resolve, reject) => {
    let server: ServerType;
    try {
      server = serve({ fetch: app.fetch, port: opts.port, hostname: opts.hostname }, (info: AddressInfo) => {
        const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
        resolve({
          url: `http://${host}:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((res) => {
              server.close(() => res());
              (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            }),
        });
      });
      server.on('error', reject);
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}
