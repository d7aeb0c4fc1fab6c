/**
 * The test-only stand-in for Braintree's Control Panel and for what card networks do to a sale after it was made
 * (docs/CONTRACTS.md "Sandbox server API", control panel): settle or decline settlement, refund or void by hand, open
 * a chargeback and close it, send a `check` notification, list the webhook deliveries. JSON answers; like fault
 * control, 404 when the app is built for production (faults.ts guards `/sandbox/*`).
 *
 * Notifications follow Braintree's (webhook_notification.js `Kind`): `transaction_settled` /
 * `transaction_settlement_declined` (Braintree sends them for ACH only; the sandbox for every instrument), `dispute_*`
 * for disputes; a refund or a void sends none, as on Braintree (the product finds refunds by search).
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { closeDispute, openDispute } from './gateway/disputes.js';
import type { GatewayErrorCode } from './gateway/errors.js';
import {
  declineSettlement,
  refundTransaction,
  settleTransaction,
  voidTransaction,
  type SaleResult,
} from './gateway/transactions.js';
import { registerVaultControls } from './control-panel-vault.js';
import { disputeView, v1View } from './server-views.js';
import type { Dispute, SandboxStore, Transaction } from './store.js';
import type { WebhookQueue } from './webhooks.js';

const RefundBody = z.object({ amount: z.string().max(20).optional() }).strict();
const DisputeBody = z.object({ amount: z.string().max(20).optional(), reason: z.string().max(64).optional() }).strict();

const CLOSINGS = {
  win: ['won', 'dispute_won'],
  lose: ['lost', 'dispute_lost'],
  accept: ['accepted', 'dispute_accepted'],
  expire: ['expired', 'dispute_expired'],
} as const;

function unprocessable(c: Context, error: GatewayErrorCode): Response {
  return c.json({ error: { code: error.code, message: error.message } }, 422);
}

/** An optional JSON body: `{}` when empty, undefined when not JSON or not matching `schema`. */
async function optionalBody<T>(c: Context, schema: z.ZodType<T>): Promise<T | undefined> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Registers `/sandbox/transactions/:id/*`, `/sandbox/disputes/:id/*` and `/sandbox/webhooks*`. */
export function registerControlPanel(
  app: Hono,
  { store, webhooks }: { store: SandboxStore; webhooks: WebhookQueue },
): void {
  const withTransaction =
    (handle: (c: Context, transaction: Transaction) => Response | Promise<Response>) => (c: Context) => {
      const transaction = store.getTransaction(c.req.param('id') ?? '');
      if (!transaction)
        return c.json({ error: { code: 'not_found', message: `No transaction ${c.req.param('id')}` } }, 404);
      return handle(c, transaction);
    };
  /** A settlement or void result: the transaction, or 422 with the gateway's code. */
  const answer = (c: Context, result: SaleResult, then?: (t: Transaction) => void) => {
    if ('errors' in result) return unprocessable(c, result.errors[0]!);
    then?.(result.transaction);
    return c.json({ transaction: v1View(store, result.transaction) });
  };

  // testing.settle: submitted_for_settlement / settling → settled (91575 otherwise)
  app.post(
    '/sandbox/transactions/:id/settle',
    withTransaction((c, t) =>
      answer(c, settleTransaction(store, t), (settled) => webhooks.sendTransaction('transaction_settled', settled)),
    ),
  );
  // testing.settlementDecline: submitted_for_settlement / settling / settlement_pending → settlement_declined
  app.post(
    '/sandbox/transactions/:id/settlement-decline',
    withTransaction((c, t) =>
      answer(c, declineSettlement(store, t), (declined) =>
        webhooks.sendTransaction('transaction_settlement_declined', declined),
      ),
    ),
  );
  // the Control Panel's void: authorized / submitted_for_settlement (91504 otherwise); no notification
  app.post(
    '/sandbox/transactions/:id/void',
    withTransaction((c, t) => answer(c, voidTransaction(store, t))),
  );
  // the Control Panel's refund, as transaction.refund (91506 / 91512 / 91521); no notification
  app.post(
    '/sandbox/transactions/:id/refund',
    withTransaction(async (c, sale) => {
      const body = await optionalBody(c, RefundBody);
      if (!body) return c.json({ error: { code: 'invalid_request', message: 'body: { amount?: "12.34" }' } }, 400);
      const result = refundTransaction(store, sale, body.amount);
      if ('errors' in result) return unprocessable(c, result.errors[0]!);
      return c.json({
        refund: { id: result.transaction.id, amount: result.transaction.amount },
        transaction: v1View(store, sale),
      });
    }),
  );
  // a cardholder's bank opens a chargeback: dispute_opened
  app.post(
    '/sandbox/transactions/:id/dispute',
    withTransaction(async (c, sale) => {
      const body = await optionalBody(c, DisputeBody);
      if (!body)
        return c.json({ error: { code: 'invalid_request', message: 'body: { amount?: "12.34", reason? }' } }, 400);
      const result = openDispute(store, sale, body);
      if ('error' in result) return unprocessable(c, result.error);
      webhooks.sendDispute('dispute_opened', result.dispute);
      return c.json({ dispute: disputeView(result.dispute), transaction: v1View(store, sale) }, 201);
    }),
  );
  for (const [action, [status, kind]] of Object.entries(CLOSINGS)) {
    app.post(`/sandbox/disputes/:id/${action}`, (c) => {
      const dispute: Dispute | undefined = store.getDispute(c.req.param('id'));
      if (!dispute) return c.json({ error: { code: 'not_found', message: `No dispute ${c.req.param('id')}` } }, 404);
      const result = closeDispute(store, dispute, status);
      if ('error' in result) return unprocessable(c, result.error);
      webhooks.sendDispute(kind, result.dispute);
      return c.json({ dispute: disputeView(result.dispute) });
    });
  }

  registerVaultControls(app, { store });

  app.post('/sandbox/webhooks/check', (c) => c.json({ deliveries: webhooks.sendCheck().map(deliveryView) }, 201));
  app.get('/sandbox/webhooks', (c) => c.json({ deliveries: webhooks.list().map(deliveryView) }));
}

/** A delivery as `GET /sandbox/webhooks` lists it (the signed form fields included, for tests to parse). */
function deliveryView(d: ReturnType<WebhookQueue['list']>[number]) {
  return {
    kind: d.kind,
    subjectId: d.subjectId,
    timestamp: d.timestamp,
    url: d.url,
    attempts: d.attempts,
    delivered: d.delivered,
    lastStatus: d.lastStatus,
    ...(d.lastError ? { lastError: d.lastError } : {}),
    btSignature: d.btSignature,
    btPayload: d.btPayload,
  };
}
