import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Services } from '../context.js';
import { orders, paymentEvents, subscriptions, users, type MoneyGoneReason } from '../db/schema.js';
import { GatewayUnavailableError, type SaleDispute } from '../gateway/types.js';
import { disputeIsOpen, moneyVerdict } from '../gateway/sale-money.js';
import { enqueueEmail } from '../outbox.js';
import { orderYears } from '../receipts.js';
import { startPeriodicJob, type PeriodicJob } from '../lib/periodic-job.js';

/*
 * Money after the sale (docs/PAYMENTS-LIFECYCLE.md): what Braintree's webhooks and the reconciler's searches tell us is
 * recorded in `payment_events` and handled here, by state — each event makes the worker re-read its sale from the
 * gateway, so a notification delivered twice, late or out of order (a `dispute_won` before its `dispute_opened`)
 * changes nothing more than the sale's present state says.
 */

/** A payment event to record: a verified notification or a search's find. */
export interface NewPaymentEvent {
  source: 'webhook' | 'search';
  kind: string;
  subjectId: string;
  transactionId: string | null;
  occurredAt: Date;
  payload: Record<string, unknown>;
}

/** How long a worker holds an event it is handling (ms): far above the gateway reads it makes. */
export const PAYMENT_EVENT_LEASE_MS = 5 * 60 * 1000;
/** First retry delay of an event whose handling failed (ms), doubled per attempt up to {@link PAYMENT_EVENT_MAX_BACKOFF_MS}. */
export const PAYMENT_EVENT_BACKOFF_MS = 5_000;
export const PAYMENT_EVENT_MAX_BACKOFF_MS = 15 * 60 * 1000;
/** Attempts before an event is marked failed (logged at error level; an operator replays it by setting it pending). */
export const PAYMENT_EVENT_MAX_ATTEMPTS = 40;

/**
 * Records an event once: a second delivery of the same notification (same source, kind, subject and timestamp) inserts
 * nothing.
 * @returns whether a new row was written.
 */
export async function recordPaymentEvent(s: Pick<Services, 'db' | 'now'>, e: NewPaymentEvent): Promise<boolean> {
  const rows = await s.db
    .insert(paymentEvents)
    .values({ ...e, nextAttemptAt: s.now(), receivedAt: s.now() })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/** What one pass of {@link processPaymentEvents} did. */
export interface PaymentEventsResult {
  handled: number;
  retried: number;
  failed: number;
}

type EventRow = typeof paymentEvents.$inferSelect;

/**
 * Handles the due events (oldest first, at most `batch`), each claimed under a lease so that several join-api processes
 * handle each once; a gateway that cannot answer leaves the event for a retry with back-off.
 */
export async function processPaymentEvents(s: Services, opts: { batch?: number } = {}): Promise<PaymentEventsResult> {
  const now = s.now();
  const free = or(isNull(paymentEvents.lockedUntil), lte(paymentEvents.lockedUntil, now));
  const due = s.db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.status, 'pending'), lte(paymentEvents.nextAttemptAt, now), free))
    .orderBy(asc(paymentEvents.id))
    .limit(opts.batch ?? 50)
    .for('update', { skipLocked: true });
  const claimed = await s.db
    .update(paymentEvents)
    .set({
      lockedUntil: new Date(now.getTime() + PAYMENT_EVENT_LEASE_MS),
      attempts: sql`${paymentEvents.attempts} + 1`,
    })
    .where(inArray(paymentEvents.id, due))
    .returning();
  claimed.sort((a, b) => a.id - b.id);
  const result: PaymentEventsResult = { handled: 0, retried: 0, failed: 0 };
  for (const event of claimed) {
    try {
      await handleEvent(s, event);
      await s.db
        .update(paymentEvents)
        .set({ status: 'done', processedAt: s.now(), lockedUntil: null, lastError: null })
        .where(eq(paymentEvents.id, event.id));
      result.handled++;
    } catch (e) {
      const giveUp = event.attempts >= PAYMENT_EVENT_MAX_ATTEMPTS;
      const delay = Math.min(PAYMENT_EVENT_MAX_BACKOFF_MS, PAYMENT_EVENT_BACKOFF_MS * 2 ** (event.attempts - 1));
      await s.db
        .update(paymentEvents)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lockedUntil: null,
          nextAttemptAt: new Date(s.now().getTime() + delay),
          lastError: String((e as Error).message ?? e).slice(0, 500),
        })
        .where(eq(paymentEvents.id, event.id));
      const fields = { eventId: event.id, kind: event.kind, subjectId: event.subjectId, err: String(e) };
      if (giveUp) s.logger.error(fields, 'payment event given up after its last attempt');
      else if (e instanceof GatewayUnavailableError) s.logger.warn(fields, 'payment event: gateway unavailable');
      else s.logger.error(fields, 'payment event failed');
      if (giveUp) result.failed++;
      else result.retried++;
    }
  }
  return result;
}

/** One event: the sale it names is re-read and its money applied; a dispute opened tells the operator. */
async function handleEvent(s: Services, event: EventRow): Promise<void> {
  if (!event.transactionId) return; // `check`, or a kind that names no sale: recorded, nothing to do
  const sale = await applySaleMoney(s, event.transactionId);
  if (event.kind === 'dispute_opened') {
    const told = event.payload as Partial<SaleDispute> & { currencyCode?: string | null };
    const now = sale?.disputes.find((d) => d.id === event.subjectId);
    // handled by state: a dispute the gateway already shows closed (a `dispute_won` came first) needs no answer
    if (now && !disputeIsOpen(now.status)) return;
    await tellOperator(s, event, { ...told, ...(now ?? {}) }, sale?.orderId ?? null);
  }
}

/**
 * Re-reads a sale and, when it paid an order whose money is no longer held ({@link moneyVerdict}), ends that order's
 * current subscription (status `expired`, the spec's §4 "Subscription status"), e-mails the parent in their language
 * and counts it by reason — in one transaction, once: a subscription already ended changes nothing.
 * @returns the sale as read (undefined when the gateway does not know it).
 * @throws GatewayUnavailableError
 */
export async function applySaleMoney(s: Services, transactionId: string) {
  const sale = await s.gateway.saleMoney(transactionId);
  if (!sale) return undefined;
  const verdict = moneyVerdict(sale);
  if (verdict.held !== false) return sale;
  const [order] = await s.db
    .select()
    .from(orders)
    .where(and(eq(orders.transactionId, transactionId), eq(orders.status, 'paid')))
    .limit(1);
  // a sale that paid no order (a late approval given back, another system's sale): nothing of ours to end
  if (order) await endForMoneyGone(s, order, verdict.reason);
  return sale;
}

type OrderRow = typeof orders.$inferSelect;

/** Ends the order's current subscription for `reason`, queues the parent's e-mail and counts it (see {@link applySaleMoney}). */
async function endForMoneyGone(s: Services, order: OrderRow, reason: MoneyGoneReason): Promise<boolean> {
  const now = s.now();
  const ended = await s.db.transaction(async (tx) => {
    const rows = await tx
      .update(subscriptions)
      .set({ status: 'expired', endedAt: now, endReason: reason })
      .where(and(eq(subscriptions.orderId, order.id), eq(subscriptions.status, 'current')))
      .returning({ id: subscriptions.id });
    if (!rows.length) return false;
    const [payer] = await tx
      .select({ email: users.email, firstName: users.firstName, languageLocale: users.languageLocale })
      .from(users)
      .where(eq(users.id, order.userId));
    if (payer) {
      await enqueueEmail(tx, {
        kind: 'subscription_ended',
        recipient: payer.email,
        payload: {
          languageLocale: payer.languageLocale,
          firstName: payer.firstName,
          orderId: order.id,
          reason,
          packageId: order.packageId,
          years: orderYears(order),
          currency: order.currency,
          amountMinor: order.amountMinor,
          endedAt: now.toISOString(),
          joinUrl: `${s.env.PUBLIC_URL}/join`,
        },
        dedupeKey: `subscription_ended:${order.id}`,
        now,
      });
    }
    return true;
  });
  if (ended) {
    s.metrics.subscriptionsEndedTotal.inc({ reason });
    s.logger.warn({ orderId: order.id, userId: order.userId, reason }, 'subscription ended: its money is gone');
  }
  return ended;
}

/** Warns, counts and e-mails `OPS_EMAIL` about a dispute opened (once per dispute: the outbox's dedupe key). */
async function tellOperator(
  s: Services,
  event: EventRow,
  d: Partial<SaleDispute> & { currencyCode?: string | null },
  orderId: string | null,
): Promise<void> {
  const fields = {
    disputeId: event.subjectId,
    transactionId: event.transactionId,
    orderId,
    amount: d.amount ?? null,
    currency: d.currencyCode ?? null,
    reason: d.reason ?? null,
    replyByDate: d.replyByDate ?? null,
  };
  const queued = await enqueueEmail(s.db, {
    kind: 'dispute_opened',
    recipient: s.env.OPS_EMAIL,
    payload: { languageLocale: 'en-US', ...fields },
    dedupeKey: `dispute_opened:${event.subjectId}`,
    now: s.now(),
  });
  if (!queued) return;
  s.metrics.disputesOpenedTotal.inc();
  s.logger.warn(fields, 'dispute opened: answer it before its reply-by date');
}

/**
 * Handles due payment events now and every `intervalMs` (0: only when kicked), on the shared periodic-job runner.
 * `kick()` starts a pass at once (the webhook endpoint calls it after recording, without waiting for it).
 */
export function startPaymentEventsWorker(
  s: Services,
  intervalMs: number,
): Pick<PeriodicJob<PaymentEventsResult>, 'runOnce' | 'stop'> & { kick(): void } {
  const job = startPeriodicJob({
    logger: s.logger,
    failure: 'payment events pass failed',
    intervalMs,
    runNow: true,
    run: () => processPaymentEvents(s),
    onPass: (r) => {
      if (r.handled || r.retried || r.failed) s.logger.info(r, 'payment events handled');
    },
  });
  return {
    ...job,
    kick: () =>
      void job.runOnce().catch((e: unknown) => s.logger.warn({ err: String(e) }, 'payment events pass failed')),
  };
}
