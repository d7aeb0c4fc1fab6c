import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxGateway } from '../src/gateway/sandbox.js';
import { shutdownDeadlineMs } from '../src/shutdown.js';
import { BILLING, SIGNUP, startFakeSandbox, type FakeSandbox } from './helpers.js';
import { startJoinApiProcess, type JoinApiProcess } from './join-api-process.js';

/** The grace this test gives (README "Timeouts and shutdown": 15 s by default, the load balancer's health checks). */
const GRACE_MS = 1_000;
/** The gateway's deadline: the charge lease, and so the shutdown's deadline, derive from it (shutdown.ts). */
const GATEWAY_TIMEOUT_MS = 10_000;

/** An SMTP server on a free 127.0.0.1 port keeping every message's text: where the parent reads the code. */
async function startMailbox() {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (d: Buffer) => (text += d.toString('utf8')));
      stream.on('end', () => {
        messages.push(text);
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.server.address() as AddressInfo;
  return { messages, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * A deploy as the platform does it (README "Timeouts and shutdown"): join-api runs as its own process (src/main.ts)
 * and gets a real SIGTERM — main.ts's signal handler, the drain, the jobs, the database and the exit code are the
 * production ones. The payments sandbox is the suite's fake (test/helpers/fake-sandbox.ts), its sale answered 4 s late.
 */
describe('join-api as a process: a trickling client, then SIGTERM in the middle of a charge', () => {
  let sandbox!: FakeSandbox;
  let api!: JoinApiProcess;
  let dataDir!: string;
  let mailbox!: Awaited<ReturnType<typeof startMailbox>>;
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

  it('SIGTERM during a 4 s charge: /readyz 503 at once, the parent still gets 201 with the order paid, one sale, exit 0 within the deadline', async () => {
    const signup = await fetch(`${api.url}/api/v1/signups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SIGNUP),
    });
    expect(signup.status).toBe(201);
    const { authToken, userId } = (await signup.json()) as { authToken: string; userId: number };
    await proveAddress(api.url, userId, authToken, mailbox.messages);
    sandbox.state.delayMs = 4_000;
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

/** Proves the parent's address as a parent does (docs/IDENTITY.md): a code sent, read from the mailbox, entered. */
async function proveAddress(url: string, userId: number, authToken: string, messages: string[]): Promise<void> {
  const call = (path: string, body?: unknown) =>
    fetch(`${url}/api/v1/parents/${userId}/${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${authToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  expect((await call('email-code')).status).toBe(200);
  const code = await vi.waitFor(
    () => {
      const found = messages.map((m) => /(?<![\d=])\d{6}(?!\d)/.exec(m.replace(/=\r?\n/g, ''))?.[0]).find(Boolean);
      if (!found) throw new Error('no code e-mail yet');
      return found;
    },
    { timeout: 15_000, interval: 100 },
  );
  expect((await call('email-verification', { code })).status).toBe(200);
}
