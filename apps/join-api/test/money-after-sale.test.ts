import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import braintree from 'braintree';
import { eq } from 'drizzle-orm';
import { startSandbox, type RunningSandbox } from 'payments-sandbox';
import { loadEnv } from '../src/env.js';
import { createGateway } from '../src/gateway/index.js';
import { createSandboxGateway } from '../src/gateway/sandbox.js';
import type { PaymentGateway } from '../src/gateway/types.js';
import type { Services } from '../src/context.js';
import { orders, outbox, paymentEvents } from '../src/db/schema.js';
import { reconcileOrders } from '../src/services/orders.js';
import { startPaymentEventsWorker } from '../src/services/payment-events.js';
import { THREE_DS_OK, VISA } from './sandbox-cards.js';
import { braintreeDevEnv, order, signup, testApp, type TestApp } from './helpers.js';

/*
 * The subscription follows the money, end to end: join-api served over HTTP, apps/payments-sandbox in-process playing
 * Braintree's control panel and the card networks (its controls change the gateway's records and post notifications
 * signed as Braintree signs them). The `braintree` driver runs the real npm SDK against the sandbox's gateway API; the
 * `sandbox` driver its own API, verifying notifications with the sandbox merchant's keys by default.
 */

async function freePort(): Promise<number> {
  const srv = createNetServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** Polls `check` every 50 ms until it holds (at most `ms`). */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(['braintree', 'sandbox'] as const)('the subscription follows the money (%s driver)', (driver) => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let s: Services;
  let server: ReturnType<typeof serve>;
  let worker: ReturnType<typeof startPaymentEventsWorker>;
  let n = 0;

  beforeAll(async () => {
    const apiPort = await freePort();
    sandbox = await startSandbox({
      port: 0,
      host: '127.0.0.1',
      webhookUrls: [`http://127.0.0.1:${apiPort}/api/v1/webhooks/braintree`],
      webhookRetryBaseMs: 50,
    });
    // the sandbox driver keeps no Braintree keys: the webhook endpoint then verifies with the sandbox merchant's
    const env = driver === 'braintree' ? braintreeDevEnv(sandbox.port) : {};
    const gateway: PaymentGateway =
      driver === 'braintree'
        ? await createGateway(loadEnv({ ...env, SANDBOX_URL: sandbox.url }))
        : createSandboxGateway({ baseUrl: sandbox.url, timeoutMs: 5_000 });
    t = await testApp({ sandboxUrl: sandbox.url, gateway, env });
    s = { ...t.deps, now: () => new Date(), inviteRotateAfterMs: 0 };
    worker = startPaymentEventsWorker(s, 100);
    server = await new Promise((resolve) => {
      const srv = serve({ fetch: t.app.fetch, port: apiPort, hostname: '127.0.0.1' }, () => resolve(srv));
    });
  });
  afterAll(async () => {
    await worker.stop();
    await new Promise<void>((r) => server.close(() => r()));
    await sandbox.close();
    await t.close();
  });

  /** A parent who paid Essentials (2051) with a 3DS-authenticated card; the sale's id and the parent's token. */
  async function paidParent() {
    const email = `${driver}.money.${++n}.${Date.now()}@example.com`;
    const p = await signup(t, {
      address: { country: 'US' },
      parent: { firstName: 'Ida', lastName: `M${n}`, email, phoneNumber: '2025550101' },
    });
    const nonce = sandbox.store.createNonce({ ...VISA });
    sandbox.store.setThreeDSecure(nonce, THREE_DS_OK);
    const res = await order(t, p.authToken, `${driver}-money-${n}`, { paymentMethodNonce: nonce });
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    return { ...p, email, orderId, transactionId: row!.transactionId! };
  }
  const control = async (path: string, body: object = {}) => {
    const res = await fetch(`${sandbox.url}/sandbox/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as Record<string, { id: string }>;
  };
  const status = async (p: { userId: number; authToken: string }) => {
    const res = await t.call(`parents/${p.userId}`, { token: p.authToken });
    return ((await res.json()) as { subscriptionStatus: string }).subscriptionStatus;
  };
  const mailTo = async (dedupeKey: string) => t.db.select().from(outbox).where(eq(outbox.dedupeKey, dedupeKey));

  it('a settlement decline, posted by the network as Braintree does, ends the subscription and e-mails the parent', async () => {
    const p = await paidParent();
    expect(await status(p)).toBe('current');
    await control(`transactions/${p.transactionId}/settlement-decline`);
    await eventually(async () => (await status(p)) === 'expired');
    expect(await mailTo(`subscription_ended:${p.orderId}`)).toMatchObject([
      { kind: 'subscription_ended', recipient: p.email },
    ]);
  });

  it('a control-panel refund (no notification: Braintree posts none for a card refund) is found by the reconciler; a partial one keeps the subscription', async () => {
    const full = await paidParent();
    const part = await paidParent();
    await control(`transactions/${full.transactionId}/settle`);
    await control(`transactions/${part.transactionId}/settle`);
    await control(`transactions/${part.transactionId}/refund`, { amount: '10.00' });
    await control(`transactions/${full.transactionId}/refund`);
    await reconcileOrders(s);
    await eventually(async () => (await status(full)) === 'expired');
    await worker.runOnce();
    expect(await status(part)).toBe('current');
    expect(await mailTo(`subscription_ended:${full.orderId}`)).toHaveLength(1);
  });

  it('a dispute opened keeps the subscription and e-mails OPS_EMAIL; lost, it ends the subscription', async () => {
    const p = await paidParent();
    await control(`transactions/${p.transactionId}/settle`);
    const { dispute } = await control(`transactions/${p.transactionId}/dispute`);
    await eventually(async () => (await mailTo(`dispute_opened:${dispute!.id}`)).length === 1);
    const [mail] = await mailTo(`dispute_opened:${dispute!.id}`);
    expect(mail).toMatchObject({ recipient: t.env.OPS_EMAIL, payload: { orderId: p.orderId } });
    expect((mail!.payload as { replyByDate: string | null }).replyByDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await status(p)).toBe('current');
    await control(`disputes/${dispute!.id}/lose`);
    await eventually(async () => (await status(p)) === 'expired');
  });

  it('a forged notification about a paid sale is refused and changes nothing', async () => {
    const p = await paidParent();
    const forger = new braintree.BraintreeGateway({
      environment: braintree.Environment.Sandbox,
      merchantId: 'ofw_sandbox',
      publicKey: 'sandbox_public_key',
      privateKey: 'not_the_private_key',
    });
    const forged = await forger.webhookTesting.sampleNotification('transaction_settlement_declined', p.transactionId);
    const before = (await t.db.select().from(paymentEvents)).length;
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/webhooks/braintree`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ bt_signature: forged.bt_signature, bt_payload: forged.bt_payload }).toString(),
    });
    expect(res.status).toBe(403);
    expect((await t.db.select().from(paymentEvents)).length).toBe(before);
    expect(await status(p)).toBe('current');
  });
});
