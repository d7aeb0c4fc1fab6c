import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * The tables of money after the sale (docs/PAYMENTS-LIFECYCLE.md), re-exported by schema.ts (drizzle-kit reads that
 * module's exports).
 */

/** A payment event's processing state (see `paymentEvents`). */
export type PaymentEventStatus = 'pending' | 'done' | 'failed';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * What the payment provider told us, or what a search found, about money after the sale (docs/PAYMENTS-LIFECYCLE.md):
 * a verified Braintree webhook notification (`source` 'webhook', `kind` its kind) or a refund / void found by the
 * reconciler's search (`source` 'search', `kind` 'refund' | 'void'). Recorded as it arrives and handled later by the
 * payment-events worker (src/services/payment-events.ts), which re-reads the sale from the gateway: handling is by
 * state, so a notification delivered twice (Braintree notifications carry a kind, a timestamp and a subject, no id)
 * is one row (`payment_events_once_idx`) and one delivered out of order changes nothing more.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    source: text('source').$type<'webhook' | 'search'>().notNull(),
    kind: text('kind').notNull(),
    /** The notification's subject: a transaction id, a dispute id, or '' for `check`. */
    subjectId: text('subject_id').notNull(),
    /** The sale the event is about (a dispute's or a refund's sale), when known. */
    transactionId: text('transaction_id'),
    /** The provider's timestamp of the event (a notification's `timestamp`, a refund's `createdAt`). */
    occurredAt: ts('occurred_at').notNull(),
    /** What the handler needs beyond the sale's state (a dispute's amount, reason and respond-by date). */
    payload: jsonb('payload').notNull(),
    status: text('status').$type<PaymentEventStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    receivedAt: ts('created_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
  },
  (t) => [
    uniqueIndex('payment_events_once_idx').on(t.source, t.kind, t.subjectId, t.occurredAt),
    index('payment_events_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);

/** How far a periodic search of the provider has looked (`name` → the instant up to which it has seen changes). */
export const gatewayWatermarks = pgTable('gateway_watermarks', {
  name: text('name').primaryKey(),
  seenUntil: ts('seen_until').notNull(),
});
