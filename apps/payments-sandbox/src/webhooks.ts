/**
 * Webhook notifications as Braintree sends them (Braintree "Webhooks › Parse"; braintree_node
 * lib/braintree/webhook_testing_gateway.js `sampleNotification`, webhook_notification_gateway.js `parse`, digest.js):
 * a `POST` of `application/x-www-form-urlencoded` `bt_signature` and `bt_payload` to each destination URL, where
 *
 * - `bt_payload` = base64 of `<notification><timestamp type="datetime">…</timestamp><kind>…</kind><subject>…</subject>
 *   </notification>` followed by a newline;
 * - `bt_signature` = `<public key>|<hex HMAC-SHA1 of the payload, keyed by the SHA-1 digest of the private key>`.
 *
 * The subject is the object as the gateway API answers it: the full `<transaction>` for `transaction_*` kinds, a
 * `<dispute>` for `dispute_*` kinds, `<check type="boolean">true</check>` for `check`.
 *
 * Delivery: a non-2xx answer, a network error or no answer within {@link WebhookQueueOptions.timeoutMs} is retried
 * with exponential back-off, in memory; sending never waits for a delivery. Braintree itself waits 30 s and retries
 * hourly for 3 hours in its sandbox (24 in production); the sandbox waits less and retries sooner so that local runs
 * and tests see the retry.
 */
import { createHash, createHmac } from 'node:crypto';
import { PRIVATE_KEY, PUBLIC_KEY } from './gateway/merchant.js';
import { disputeXml, transactionXml } from './gateway/serialize.js';
import { XmlTyped, toXml, type XmlObject } from './gateway/xml.js';
import type { Dispute, Transaction } from './store.js';

/** The notification kinds the sandbox sends (braintree_node webhook_notification.js `Kind`). */
export type WebhookKind =
  | 'check'
  | 'transaction_settled'
  | 'transaction_settlement_declined'
  | 'dispute_opened'
  | 'dispute_won'
  | 'dispute_lost'
  | 'dispute_accepted'
  | 'dispute_expired';

/** The two form fields of a notification. */
export interface SignedNotification {
  bt_signature: string;
  bt_payload: string;
}

/**
 * Braintree's signature of a payload: `publicKey|hex(HMAC-SHA1(key = SHA-1(privateKey), payload))` (digest.js
 * `Sha1hexdigest`, webhook_testing_gateway.js `sampleSignature`). Defaults to the sandbox merchant's keys.
 */
export function signPayload(payload: string, publicKey = PUBLIC_KEY, privateKey = PRIVATE_KEY): string {
  const key = createHash('sha1').update(privateKey, 'utf8').digest();
  return `${publicKey}|${createHmac('sha1', key).update(payload, 'utf8').digest('hex')}`;
}

/** A UTC timestamp without milliseconds, as Braintree's `type="datetime"` values (`2026-11-26T12:00:00Z`). */
function braintreeDateTime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The signed form fields of one notification.
 * @param kind the notification kind.
 * @param subject the `<subject>` children, e.g. `{ transaction: transactionXml(t) }`.
 * @param at the notification's timestamp (default now).
 */
export function signNotification(kind: WebhookKind, subject: XmlObject, at: Date = new Date()): SignedNotification {
  const xml = toXml('notification', { timestamp: new XmlTyped('datetime', braintreeDateTime(at)), kind, subject });
  const payload = `${Buffer.from(xml, 'utf8').toString('base64')}\n`;
  return { bt_signature: signPayload(payload), bt_payload: payload };
}

/** One notification to one URL (`url` null when no URL is configured: recorded, never posted). */
export interface WebhookDelivery {
  kind: WebhookKind;
  /** The transaction's or dispute's id; `check` for a check. */
  subjectId: string;
  /** The notification's timestamp (ISO 8601). */
  timestamp: string;
  url: string | null;
  /** POSTs made so far. */
  attempts: number;
  /** A 2xx answer arrived. */
  delivered: boolean;
  /** The last answer's HTTP status; null before one or after a network error / timeout. */
  lastStatus: number | null;
  /** The last network error or timeout, if any. */
  lastError?: string | undefined;
  /** The form fields posted (tests may parse them with the SDK). */
  btSignature: string;
  btPayload: string;
}

export interface WebhookQueueOptions {
  /** Destination URLs (`SANDBOX_WEBHOOK_URL`, comma-separated); none: notifications are only recorded. */
  urls?: readonly string[];
  /** Delay before the first retry (ms), doubled for each further one (`SANDBOX_WEBHOOK_RETRY_BASE_MS`). Default 1000. */
  retryBaseMs?: number;
  /** Upper bound of the delay between two attempts (ms). Default 60 000. */
  maxDelayMs?: number;
  /** POSTs per notification and URL, the first included. Default 10. */
  maxAttempts?: number;
  /** How long an attempt waits for an answer before it counts as failed (ms). Default 10 000. */
  timeoutMs?: number;
  /** The HTTP client (tests may stub it). Default the global `fetch`. */
  fetch?: typeof fetch;
  /** The time notifications are stamped with (ms); default real time. `createSandboxApp` gives the test clock's. */
  now?: () => number;
}

/** How many deliveries `list()` keeps (the oldest are forgotten, their retries still run). */
const MAX_RECORDED = 1000;

/** The in-memory delivery queue: records every notification and posts it to each URL until a 2xx or out of attempts. */
export class WebhookQueue {
  private readonly urls: readonly string[];
  private readonly retryBaseMs: number;
  private readonly maxDelayMs: number;
  private readonly maxAttempts: number;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly deliveries: WebhookDelivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;
  /** The notifications' clock: the sandbox's test clock once `createSandboxApp` set it (clock.ts). */
  now: () => number;

  constructor(options: WebhookQueueOptions = {}) {
    this.urls = options.urls ?? [];
    this.retryBaseMs = options.retryBaseMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 60_000;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetch = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
  }

  /**
   * Signs a notification and starts its delivery to every URL (in the background).
   * @returns the new delivery records, one a URL (one with `url: null` when there is none).
   */
  send(kind: WebhookKind, subjectId: string, subject: XmlObject, at: Date = new Date(this.now())): WebhookDelivery[] {
    const signed = signNotification(kind, subject, at);
    const base = {
      kind,
      subjectId,
      timestamp: at.toISOString(),
      attempts: 0,
      delivered: false,
      lastStatus: null,
      btSignature: signed.bt_signature,
      btPayload: signed.bt_payload,
    };
    const created = (this.urls.length > 0 ? this.urls : [null]).map((url): WebhookDelivery => ({ ...base, url }));
    this.deliveries.push(...created);
    this.deliveries.splice(0, Math.max(0, this.deliveries.length - MAX_RECORDED));
    for (const delivery of created) if (delivery.url !== null && !this.closed) void this.attempt(delivery);
    return created;
  }

  /** `transaction_settled` / `transaction_settlement_declined` with the full `<transaction>`. */
  sendTransaction(
    kind: 'transaction_settled' | 'transaction_settlement_declined',
    t: Transaction,
    at?: Date,
  ): WebhookDelivery[] {
    return this.send(kind, t.id, { transaction: transactionXml(t) }, at);
  }

  /** `dispute_*` with the `<dispute>`. */
  sendDispute(kind: Extract<WebhookKind, `dispute_${string}`>, d: Dispute, at?: Date): WebhookDelivery[] {
    return this.send(kind, d.id, { dispute: disputeXml(d) }, at);
  }

  /** `check` (`<check type="boolean">true</check>`), as the Control Panel's "Check URL" sends it. */
  sendCheck(): WebhookDelivery[] {
    return this.send('check', 'check', { check: true });
  }

  /** Every recorded delivery, oldest first. */
  list(): readonly WebhookDelivery[] {
    return this.deliveries;
  }

  /** Stops retrying and aborts the POSTs under way. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
    this.inFlight.clear();
  }

  private async attempt(delivery: WebhookDelivery): Promise<void> {
    if (this.closed || delivery.url === null) return;
    delivery.attempts += 1;
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(
      () => controller.abort(new Error(`no answer within ${this.timeoutMs} ms`)),
      this.timeoutMs,
    );
    timeout.unref();
    try {
      const response = await this.fetch(delivery.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ bt_signature: delivery.btSignature, bt_payload: delivery.btPayload }).toString(),
        redirect: 'manual',
        signal: controller.signal,
      });
      await response.body?.cancel().catch(() => undefined);
      delivery.lastStatus = response.status;
      delivery.lastError = undefined;
      delivery.delivered = response.status >= 200 && response.status < 300;
    } catch (error) {
      delivery.lastStatus = null;
      delivery.lastError = controller.signal.aborted
        ? String((controller.signal.reason as Error | undefined)?.message ?? 'aborted')
        : (error as Error).message;
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    if (delivery.delivered || this.closed || delivery.attempts >= this.maxAttempts) return;
    const delay = Math.min(this.maxDelayMs, this.retryBaseMs * 2 ** (delivery.attempts - 1));
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(delivery);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }
}
