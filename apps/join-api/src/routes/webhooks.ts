import { Hono } from 'hono';
import type { AppEnv, Services } from '../context.js';
import type { Env } from '../env.js';
import { HttpProblem } from '../lib/problem.js';
import { recordPaymentEvent, type NewPaymentEvent } from '../services/payment-events.js';

/*
 * `POST /api/v1/webhooks/braintree` (docs/PAYMENTS-LIFECYCLE.md "Webhooks"): Braintree posts each notification as
 * `application/x-www-form-urlencoded` `bt_signature` and `bt_payload` (Braintree "Webhooks: Parse"); the npm `braintree`
 * SDK's `webhookNotification.parse` checks the signature with the merchant's key pair and reads the XML. A verified
 * notification is recorded and answered 200 at once — its handling is queued (src/services/payment-events.ts) — and a
 * forged or unsigned one is refused and changes nothing.
 */

/** The merchant keys of the sandbox's Braintree gateway (apps/payments-sandbox; docs/CONTRACTS.md). */
const SANDBOX_KEYS = { merchantId: 'ofw_sandbox', publicKey: 'sandbox_public_key', privateKey: 'sandbox_private_key' };

/** What join-api reads of a parsed notification (braintree_node webhook_notification.js). */
interface ParsedNotification {
  kind: string;
  timestamp: string | Date;
  transaction?: { id: string; status?: string; amount?: string; refundedTransactionId?: string | null };
  dispute?: {
    id: string;
    status?: string;
    kind?: string;
    amount?: string;
    amountDisputed?: string;
    currencyIsoCode?: string;
    reason?: string;
    replyByDate?: string;
    transaction?: { id?: string };
    transactionDetails?: { id?: string };
  };
}

/** Parses and verifies one delivery; rejects with the SDK's `InvalidSignatureError` (type `invalidSignatureError`). */
type Parser = (signature: string, payload: string) => Promise<ParsedNotification>;

const parsers = new WeakMap<Env, Promise<Parser>>();

/**
 * The verifier for this environment: the `braintree` driver's merchant keys; with the `sandbox` driver (never in
 * production) the sandbox merchant's, unless BRAINTREE_PUBLIC_KEY / BRAINTREE_PRIVATE_KEY say otherwise.
 */
function parserFor(env: Env): Promise<Parser> {
  let parser = parsers.get(env);
  if (!parser) {
    parser = import('braintree').then(({ default: braintree }) => {
      const gw = new braintree.BraintreeGateway({
        environment: braintree.Environment[env.BRAINTREE_ENVIRONMENT === 'Production' ? 'Production' : 'Sandbox'],
        merchantId: env.BRAINTREE_MERCHANT_ID ?? SANDBOX_KEYS.merchantId,
        publicKey: env.BRAINTREE_PUBLIC_KEY ?? SANDBOX_KEYS.publicKey,
        privateKey: env.BRAINTREE_PRIVATE_KEY ?? SANDBOX_KEYS.privateKey,
      });
      return async (signature, payload) => {
        const parsed: unknown = await gw.webhookNotification.parse(signature, payload);
        return parsed as ParsedNotification;
      };
    });
    parsers.set(env, parser);
  }
  return parser;
}

/** The event a notification records: its subject (a dispute's, or a transaction's id) and the sale it concerns. */
export function eventOf(n: ParsedNotification): NewPaymentEvent {
  const occurredAt = new Date(n.timestamp);
  const base = { source: 'webhook' as const, kind: n.kind, occurredAt };
  if (n.dispute) {
    const d = n.dispute;
    return {
      ...base,
      subjectId: d.id,
      transactionId: d.transaction?.id ?? d.transactionDetails?.id ?? null,
      payload: {
        status: d.status ?? null,
        kind: d.kind ?? null,
        amount: d.amountDisputed ?? d.amount ?? null,
        currencyCode: d.currencyIsoCode ?? null,
        reason: d.reason ?? null,
        replyByDate: d.replyByDate ? String(d.replyByDate).slice(0, 10) : null,
      },
    };
  }
  if (n.transaction) {
    const t = n.transaction;
    return {
      ...base,
      subjectId: t.id,
      // a refund's notification names the credit; its money left the sale it refunds
      transactionId: t.refundedTransactionId ?? t.id,
      payload: { status: t.status ?? null, amount: t.amount ?? null },
    };
  }
  return { ...base, subjectId: '', transactionId: null, payload: {} };
}

/** The webhook route (mounted under `/api/v1`). */
export function webhookRoutes() {
  const r = new Hono<AppEnv>();
  r.post('/webhooks/braintree', async (c) => {
    const s = c.get('services');
    if (!(c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded'))
      throw refused(s, 415, 'unsupported_media_type', 'Send bt_signature and bt_payload form-encoded.');
    const form = await c.req.parseBody();
    const signature = typeof form.bt_signature === 'string' ? form.bt_signature : '';
    const payload = typeof form.bt_payload === 'string' ? form.bt_payload : '';
    if (!signature || !payload)
      throw refused(s, 400, 'validation_failed', 'bt_signature and bt_payload are both required.');
    let notification: ParsedNotification;
    try {
      notification = await (await parserFor(s.env))(signature, payload);
    } catch (e) {
      s.logger.warn({ err: (e as Error).message }, 'braintree webhook refused: its signature does not verify');
      throw refused(s, 403, 'forbidden', "The notification's signature does not verify with the merchant's keys.");
    }
    if (notification.kind === 'check') {
      s.metrics.webhooksTotal.inc({ outcome: 'check' });
      return c.json({ received: true });
    }
    const recorded = await recordPaymentEvent(s, eventOf(notification));
    s.metrics.webhooksTotal.inc({ outcome: recorded ? 'recorded' : 'duplicate' });
    if (recorded) s.paymentEvents?.kick();
    return c.json({ received: true });
  });
  return r;
}

/** A refused delivery, counted (`join_api_braintree_webhooks_total{outcome="refused"}`). */
function refused(
  s: Services,
  status: number,
  code: 'unsupported_media_type' | 'validation_failed' | 'forbidden',
  detail: string,
) {
  s.metrics.webhooksTotal.inc({ outcome: 'refused' });
  return new HttpProblem(status, code, detail);
}
