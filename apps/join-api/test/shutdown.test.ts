import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loadEnv } from '../src/env.js';
import { orders } from '../src/db/schema.js';
import { LoadShedder } from '../src/lib/load-shedding.js';
import { startServer, type HttpTimeouts, type RunningServer } from '../src/server.js';
import { gracefulShutdown, shutdownDeadlineMs } from '../src/shutdown.js';
import { createSandboxGateway } from '../src/gateway/sandbox.js';
import { BILLING, signup, startFakeSandbox, testApp, type FakeSandbox, type TestApp } from './helpers.js';

/** Small timeouts, so the tests run in seconds what production does in 20–25 s (README "Timeouts and shutdown"). */
const SMALL: HttpTimeouts = {
  headersTimeoutMs: 800,
  requestTimeoutMs: 1_200,
  keepAliveTimeoutMs: 65_000,
  checkIntervalMs: 100,
};

/** Opens a raw connection, sends `head` then one byte of `trickle` every `everyMs`; resolves with how long until closed. */
function trickle(url: string, head: string, everyMs: number): Promise<{ ms: number; answer: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = performance.now();
    let answer = '';
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    const timer = setInterval(() => socket.writable && socket.write('a'), everyMs);
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: performance.now() - started, answer });
    });
  });
}

describe('HTTP timeouts behind a load balancer (Node docs "http.createServer")', () => {
  let t!: TestApp;
  let server!: RunningServer;
  const shedder = new LoadShedder({ maxEventLoopDelayMs: 0, maxInFlight: 50, retryAfterSeconds: 1 });
  beforeAll(async () => {
    t = await testApp({ loadShedder: shedder });
    server = await startServer(t.deps, { port: 0, hostname: '127.0.0.1', timeouts: SMALL });
  });
  afterAll(async () => {
    shedder.stop();
    await server.close();
    await t.close();
  });

  it('a client trickling its headers (a byte every 200 ms) is answered 408 and cut off at the headers timeout', async () => {
    const { ms, answer } = await trickle(server.url, 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ', 200);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(SMALL.headersTimeoutMs + 1_000);
  });

  it('a client trickling its body is cut off at the request timeout, never holding an in-flight slot meanwhile', async () => {
    const head =
      'POST /api/v1/signups HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n';
    const slow = trickle(server.url, head, 100);
    // the body is read before admission (src/lib/read-body.ts): the shedder never counts the slow request
    const seen: number[] = [];
    const watch = setInterval(() => seen.push(shedder.inFlight), 50);
    const { ms } = await slow;
    clearInterval(watch);
    expect(ms).toBeLessThan(SMALL.requestTimeoutMs + 1_000);
    expect(Math.max(0, ...seen)).toBe(0);
  });

  it('an idle connection is kept open longer than a load balancer’s 60 s (Keep-Alive: timeout=65)', async () => {
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      http
        .get(`${server.url}/healthz`, { agent: new http.Agent({ keepAlive: true }) }, (res) => {
          res.resume();
          resolve(res.headers);
        })
        .on('error', reject);
    });
    expect(headers['keep-alive']).toBe('timeout=65');
  });

  it('the env’s defaults: headers 20 s and requests 25 s (both ≤ 30 s), keep-alive 65 s; headers longer than requests refused', () => {
    expect(loadEnv({})).toMatchObject({
      HTTP_HEADERS_TIMEOUT_MS: 20_000,
      HTTP_REQUEST_TIMEOUT_MS: 25_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 65_000,
      SHUTDOWN_GRACE_MS: 15_000,
    });
    expect(() => loadEnv({ HTTP_HEADERS_TIMEOUT_MS: '31000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
    expect(() => loadEnv({ HTTP_HEADERS_TIMEOUT_MS: '10000', HTTP_REQUEST_TIMEOUT_MS: '5000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS/,
    );
  });
});

describe('a clean deploy: SIGTERM drains the server, then jobs, then the database', () => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  let server!: RunningServer;
  beforeAll(async () => {
    sandbox = await startFakeSandbox();
    t = await testApp({ sandboxUrl: sandbox.url });
    server = await startServer(t.deps, { port: 0, hostname: '127.0.0.1', timeouts: SMALL });
  });
  afterAll(async () => {
    await server.close().catch(() => undefined);
    await t.close();
    await sandbox.close();
  });

  it('the deadline outlives the charge lease: derived from it when unset, refused within it', () => {
    const gateway = createSandboxGateway({ baseUrl: sandbox.url, timeoutMs: 60_000 }); // lease 65 s
    expect(shutdownDeadlineMs({ SHUTDOWN_DEADLINE_MS: undefined }, gateway)).toBe(70_000);
    expect(shutdownDeadlineMs({ SHUTDOWN_DEADLINE_MS: 90_000 }, gateway)).toBe(90_000);
    expect(() => shutdownDeadlineMs({ SHUTDOWN_DEADLINE_MS: 65_000 }, gateway)).toThrow(
      /SHUTDOWN_DEADLINE_MS: must be longer than the charge lease \(65000 ms\)/,
    );
  });

  it('during a slow charge: /readyz 503 at once, new connections refused after the grace, the parent still gets 201 and the order is paid once; jobs stop after, the database last', async () => {
    const parent = await signup(t);
    sandbox.state.delayMs = 1_500; // the gateway answers the charge late
    const charges = sandbox.state.charges;
    const paying = fetch(`${server.url}/api/v1/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${parent.authToken}`,
        'content-type': 'application/json',
        'idempotency-key': 'shutdown-order-0001',
      },
      body: JSON.stringify({
        packageId: 2053,
        paymentMethodNonce: 'fake-valid-nonce',
        billingAddress: BILLING,
        expectedCharge: { amount: '216.00', currencyCode: 'USD' }, // §9 Premium, 1 year
      }),
    });
    await vi.waitFor(() => expect(server.inFlight()).toBe(1));
    const steps: string[] = [];
    const done = gracefulShutdown({
      server,
      graceMs: 300,
      deadlineMs: 10_000,
      jobs: ['reconciler', 'outbox'].map((name) => ({ name, stop: () => Promise.resolve(void steps.push(name)) })),
      database: { close: () => Promise.resolve(void steps.push('database')) },
      logger: t.deps.logger,
    });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'draining' });
    expect(ready.headers.get('connection')).toBe('close');
    await new Promise((r) => setTimeout(r, 500)); // past the grace: the listener is closed
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    expect(steps).toEqual([]); // the charge is still in flight
    const answer = await paying;
    expect(answer.status).toBe(201);
    await done;
    expect(steps).toEqual(['reconciler', 'outbox', 'database']);
    expect(sandbox.state.charges - charges).toBe(1);
    const paid = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, parent.userId), eq(orders.status, 'paid')));
    expect(paid).toHaveLength(1);
    sandbox.state.delayMs = 0;
  });
});
