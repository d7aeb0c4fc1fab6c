import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../src/server.js';
import { WebhookQueue, signNotification } from '../src/webhooks.js';
import { sdk } from './helpers.js';

/*
 * Webhook notifications as Braintree sends them (Braintree "Webhooks › Parse"): form fields bt_signature and
 * bt_payload, which the real SDK's webhookNotification.parse must accept (webhook_notification_gateway.js).
 */

let receiver: Server | undefined;
afterEach(() => {
  receiver?.close();
  receiver = undefined;
});

/** A local endpoint answering each POST with the next status of `statuses` (then 200); records the form fields. */
async function endpoint(statuses: number[]) {
  const received: URLSearchParams[] = [];
  receiver = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(new URLSearchParams(body));
      response.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, received };
}

describe('webhook signature and payload (braintree_node webhook_testing_gateway.js sampleNotification)', () => {
  it('the SDK parses a check notification: kind check, subject check true, the timestamp as sent', async () => {
    const at = new Date('2026-11-26T12:00:00Z');
    const { bt_signature, bt_payload } = signNotification('check', { check: true }, at);
    expect(bt_payload.endsWith('\n')).toBe(true);
    expect(bt_signature).toMatch(/^sandbox_public_key\|[0-9a-f]{40}$/);
    const xml = Buffer.from(bt_payload, 'base64').toString('utf8');
    expect(xml).toContain('<timestamp type="datetime">2026-11-26T12:00:00Z</timestamp>');
    expect(xml).toContain('<check type="boolean">true</check>');
    const notification = await sdk().webhookNotification.parse(bt_signature, bt_payload);
    expect(notification.kind).toBe('check');
    expect(notification.subject.check).toBe(true);
  });

  it('the SDK refuses a tampered payload and a signature made with another key (InvalidSignatureError)', async () => {
    const { bt_signature, bt_payload } = signNotification('check', { check: true });
    const other = signNotification('dispute_opened', { check: true });
    await expect(sdk().webhookNotification.parse(bt_signature, other.bt_payload)).rejects.toThrow(
      /signature does not match payload/,
    );
    const foreign = bt_signature.replace('sandbox_public_key', 'other_public_key');
    await expect(sdk().webhookNotification.parse(foreign, bt_payload)).rejects.toThrow(/no matching public key/);
  });
});

describe('webhook delivery (Braintree "Webhooks › Parse › Retries": a failed delivery is sent again)', () => {
  it('POSTs application/x-www-form-urlencoded bt_signature and bt_payload the SDK accepts', async () => {
    const { url, received } = await endpoint([]);
    const queue = new WebhookQueue({ urls: [url] });
    queue.sendCheck();
    await vi.waitFor(() => expect(queue.list()[0]?.delivered).toBe(true));
    queue.close();
    const form = received[0]!;
    const notification = await sdk().webhookNotification.parse(form.get('bt_signature')!, form.get('bt_payload')!);
    expect(notification.kind).toBe('check');
    expect(queue.list()[0]).toMatchObject({ kind: 'check', url, attempts: 1, delivered: true, lastStatus: 200 });
  });

  it('a non-2xx answer and an unreachable URL are retried with back-off until a 2xx or out of attempts', async () => {
    const { url, received } = await endpoint([500, 503]);
    const unreachable = 'http://127.0.0.1:9/hook';
    const queue = new WebhookQueue({ urls: [url, unreachable], retryBaseMs: 1, maxAttempts: 3 });
    queue.sendCheck();
    await vi.waitFor(() => {
      const [ok, down] = queue.list();
      expect(ok).toMatchObject({ attempts: 3, delivered: true, lastStatus: 200 });
      expect(down).toMatchObject({ url: unreachable, attempts: 3, delivered: false, lastStatus: null });
    });
    queue.close();
    expect(received).toHaveLength(3);
    expect(new Set(received.map((form) => form.get('bt_payload'))).size).toBe(1);
  });

  it('without a URL a notification is recorded, never posted; close() stops pending retries', async () => {
    const quiet = new WebhookQueue();
    expect(quiet.sendCheck()).toMatchObject([{ url: null, attempts: 0, delivered: false }]);
    const { url, received } = await endpoint([500]);
    const queue = new WebhookQueue({ urls: [url], retryBaseMs: 60_000 });
    queue.sendCheck();
    await vi.waitFor(() => expect(queue.list()[0]?.lastStatus).toBe(500));
    queue.close();
    expect(received).toHaveLength(1);
    expect(queue.list()[0]).toMatchObject({ attempts: 1, delivered: false });
  });

  it('startSandbox posts to webhookUrls with webhookRetryBaseMs (SANDBOX_WEBHOOK_URL, SANDBOX_WEBHOOK_RETRY_BASE_MS)', async () => {
    const { url, received } = await endpoint([502]);
    const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', webhookUrls: [url], webhookRetryBaseMs: 1 });
    try {
      expect((await fetch(`${sandbox.url}/sandbox/webhooks/check`, { method: 'POST' })).status).toBe(201);
      await vi.waitFor(async () => {
        const listed = (await (await fetch(`${sandbox.url}/sandbox/webhooks`)).json()) as { deliveries: object[] };
        expect(listed.deliveries).toMatchObject([
          { kind: 'check', url, attempts: 2, delivered: true, lastStatus: 200 },
        ]);
      });
      expect(received).toHaveLength(2);
    } finally {
      await sandbox.close();
    }
  });
});
