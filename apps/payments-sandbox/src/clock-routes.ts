/**
 * `GET` / `POST /sandbox/clock`, the test clock's control (clock.ts; like Stripe's test clocks). Advancing runs what
 * became due meanwhile, as Braintree's own jobs would have: settlement plans move on (`PUT /sandbox/simulation`) and
 * send `transaction_settled` / `transaction_settlement_declined`, authorizations left too long become
 * `authorization_expired` (expiry.ts; no notification, as on Braintree), open disputes past their reply-by date become
 * `expired` and send `dispute_expired` — each notification stamped when it fell due. Test-only: 404 in production
 * (faults.ts guards `/sandbox/*`).
 */
import type { Hono } from 'hono';
import { ClockAdvance, advanceMsOf } from './clock.js';
import type { SandboxStore } from './store.js';
import type { WebhookQueue } from './webhooks.js';

/** Registers the clock's routes. */
export function registerClock(app: Hono, { store, webhooks }: { store: SandboxStore; webhooks: WebhookQueue }): void {
  app.get('/sandbox/clock', (c) => c.json(store.clock.view()));

  app.post('/sandbox/clock', async (c) => {
    const parsed = ClockAdvance.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
      return c.json({ error: { code: 'invalid_request', message } }, 400);
    }
    store.clock.advance(advanceMsOf(parsed.data));
    const due = store.runDue();
    for (const { transaction, status, at } of due.transactions) {
      if (status === 'settled') webhooks.sendTransaction('transaction_settled', transaction, new Date(at));
      if (status === 'settlement_declined')
        webhooks.sendTransaction('transaction_settlement_declined', transaction, new Date(at));
    }
    for (const dispute of due.disputes) {
      const at = dispute.statusHistory.at(-1)?.timestamp;
      webhooks.sendDispute('dispute_expired', dispute, at === undefined ? undefined : new Date(at));
    }
    return c.json(store.clock.view());
  });
}
