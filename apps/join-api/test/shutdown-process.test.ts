import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { proveAddress } from '../bench/join-flow.mjs';
import { startMailbox, type Mailbox } from '../bench/lib/mailbox.mjs';
import { createSandboxGateway } from '../src/gateway/sandbox.js';
import { shutdownDeadlineMs } from '../src/shutdown.js';
import { BILLING, SIGNUP, startFakeSandbox, type FakeSandbox } from './helpers.js';
import { startJoinApiProcess, type JoinApiProcess } from './join-api-process.js';

/**
 * The grace this test gives (README "Timeouts and shutdown": 15 s by default, the load balancer's health checks): the
 * window in which the test's `/readyz` probe must connect after the SIGTERM, wide enough for a busy 2-core runner.
 */
const GRACE_MS = 5_000;
/** The gateway's deadline: the charge lease, and so the shutdown's deadline, derive from it (shutdown.ts). */
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * A deploy as the platform does it (README "Timeouts and shutdown"): join-api runs as its own process (src/main.ts)
 * and gets a real SIGTERM — main.ts's signal handler, the drain, the jobs, the database and the exit code are the
 * production ones. The payments sandbox is the suite's fake (test/helpers/fake-sandbox.ts); its sale is held at the gate
 * until the test has seen the drain, so the charge is in flight whatever the machine's speed.
 */
describe('join-api as a process: a trickling client, then SIGTERM in the middle of a charge', () => {
  let sandbox!: FakeSandbox;
  let api!: JoinApiProcess;
  let dataDir!: string;
  let mailbox!: Mailbox;
  beforeAll(async () => {
    sandbox = await startFakeSandbox();
    mailbox = await startMailbox();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'join-api-sigterm-'));
    api = await startJoinApiProcess({
      sandboxUrl: sandbox.url,
      dataDir,
      env: {
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        GATEWAY_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS),
        // the outbox delivers the e-mail code (docs/IDENTITY.md) to the test's mailbox
        SMTP_URL: mailbox.url,
        OUTBOX_POLL_MS: '100',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    await sandbox?.close();
    await mailbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a client sending its headers one byte every 2 s is answered 408 and cut off within 30 s (HTTP_HEADERS_TIMEOUT_MS, default 20 s)', async () => {
    const { port } = new URL(api.url);
    const started = performance.now();
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write('GET /healthz HTTP/1.1\r\nX-Slow: '));
      const timer = setInterval(() => socket.writable && socket.write('a'), 2_000);
      socket.on('data', (d) => (text += d.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve(text);
      });
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // env-server.ts: at most 30 s, whatever the setting
    expect(performance.now() - started).toBeLessThan(30_000);
  }, 45_000);

  it('SIGTERM during a charge held at the gateway: /readyz 503 at once, the parent still gets 201 with the order paid, one sale, exit 0 within the deadline', async () => {
    const signup = await fetch(`${api.url}/api/v1/signups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SIGNUP),
    });
    expect(signup.status).toBe(201);
    const { authToken, userId } = (await signup.json()) as { authToken: string; userId: number };
    // docs/IDENTITY.md: the order needs a proven address; the code is read from the message's plain-text part
    await proveAddress(api.url, { userId, authToken, email: SIGNUP.parent.email, mailbox });
    let release!: () => void;
    sandbox.state.gate = new Promise<void>((r) => (release = r));
    const paying = fetch(`${api.url}/api/v1/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${authToken}`,
        'content-type': 'application/json',
        'idempotency-key': 'sigterm-order-0001',
      },
      body: JSON.stringify({
        packageId: 2053,
        paymentMethodNonce: 'fake-valid-nonce',
        billingAddress: BILLING,
        expectedCharge: { amount: '216.00', currencyCode: 'USD' }, // §9 Premium, 1 year
      }),
    });
    // the sale request reached the gateway: the charge is in flight
    await vi.waitFor(() => expect(sandbox.state.received).toBe(1), { timeout: 30_000, interval: 20 });
    const signalled = performance.now();
    api.child.kill('SIGTERM');
    // main.ts logs it in the same turn as the drain starts (server.ts `drain` sets draining before its first await)
    await api.printed('shutting down');
    const ready = await fetch(`${api.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'draining' });
    expect(sandbox.state.charges).toBe(0); // still waiting on the gateway
    // the gateway answers now, within the grace and well within GATEWAY_TIMEOUT_MS: the charge finishes during the drain
    release();
    const answer = await paying;
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ status: 'paid' });
    expect(sandbox.txs).toHaveLength(1);
    expect(sandbox.state.charges).toBe(1);
    const gateway = createSandboxGateway({ baseUrl: sandbox.url, timeoutMs: GATEWAY_TIMEOUT_MS });
    const deadlineMs = shutdownDeadlineMs({ SHUTDOWN_DEADLINE_MS: undefined }, gateway);
    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(performance.now() - signalled).toBeLessThan(GRACE_MS + deadlineMs);
    expect(api.output()).toContain('shutdown: every request answered');
  }, 90_000);
});
