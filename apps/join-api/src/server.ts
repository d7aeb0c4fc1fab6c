import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import type { AppDeps } from './context.js';
import { CONNECTIONS_CHECK_MS } from './env-server.js';

/** The HTTP server's timeouts (ms; env-server.ts `HTTP_*`). */
export interface HttpTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** How often Node checks the header and request timeouts (default {@link CONNECTIONS_CHECK_MS}). */
  checkIntervalMs?: number;
}

/** A started HTTP server (tests and main): `url` is its origin. */
export interface RunningServer {
  url: string;
  port: number;
  /** Requests received and not answered yet (their response not closed). */
  inFlight(): number;
  /**
   * Drains the server for a shutdown (README "Timeouts and shutdown"): at once `/readyz` answers 503 and every answer
   * carries `Connection: close`; for `graceMs` new connections are still accepted (the load balancer stops sending
   * them once its health check sees the 503); then the listener closes (new connections refused) and idle
   * connections with it; requests in flight get `deadlineMs` more to finish — a charge in progress included —, then
   * every connection left is cut.
   * @returns how many requests were still in flight when their connections were cut (0: all finished).
   */
  drain(opts: { graceMs: number; deadlineMs: number }): Promise<number>;
  /** Stops at once: the listener and every connection (tests). */
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The timeouts of {@link startServer} when none are given: env-server.ts's defaults. */
const DEFAULT_TIMEOUTS: HttpTimeouts = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 25_000,
  keepAliveTimeoutMs: 65_000,
};

/**
 * Serves the app on `port` with the timeouts of running behind a load balancer (Node docs "http.createServer"):
 * `headersTimeout` and `requestTimeout` cut a client that sends its request too slowly (408, then closed), checked
 * every `checkIntervalMs`; `keepAliveTimeout` keeps an idle connection open longer than the balancer does.
 */
export async function startServer(
  deps: AppDeps,
  opts: { port: number; hostname: string; timeouts?: HttpTimeouts },
): Promise<RunningServer> {
  const t = opts.timeouts ?? DEFAULT_TIMEOUTS;
  const lifecycle = { draining: false };
  const app = createApp({ ...deps, lifecycle: { draining: () => lifecycle.draining } });
  const server = await listen(app.fetch, opts, t);
  let active = 0;
  const idle = new Set<() => void>();
  server.on('request', (_req, res) => {
    active++;
    res.once('close', () => {
      active--;
      if (active === 0) for (const done of idle) done();
    });
  });
  const allAnswered = (ms: number) =>
    new Promise<void>((resolve) => {
      if (active === 0) return resolve();
      const done = () => {
        idle.delete(done);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, ms);
      idle.add(done);
    });
  const stopListening = () => new Promise<void>((res) => server.close(() => res()));
  const info = server.address() as AddressInfo;
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  return {
    url: `http://${host}:${info.port}`,
    port: info.port,
    inFlight: () => active,
    async drain({ graceMs, deadlineMs }) {
      lifecycle.draining = true;
      await sleep(graceMs);
      const closed = stopListening();
      server.closeIdleConnections();
      await allAnswered(deadlineMs);
      const cut = active;
      server.closeAllConnections();
      await closed;
      return cut;
    },
    close: async () => {
      const closed = stopListening();
      server.closeAllConnections();
      await closed;
    },
  };
}

/** Listens with the timeouts set at creation (`connectionsCheckingInterval` can only be given there). */
function listen(
  fetch: Parameters<typeof serve>[0]['fetch'],
  opts: { port: number; hostname: string },
  t: HttpTimeouts,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    try {
      const server: ServerType = serve(
        {
          fetch,
          port: opts.port,
          hostname: opts.hostname,
          serverOptions: {
            headersTimeout: t.headersTimeoutMs,
            requestTimeout: t.requestTimeoutMs,
            keepAliveTimeout: t.keepAliveTimeoutMs,
            connectionsCheckingInterval: t.checkIntervalMs ?? CONNECTIONS_CHECK_MS,
          },
        },
        () => resolve(server as Server),
      );
      server.on('error', reject);
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}
