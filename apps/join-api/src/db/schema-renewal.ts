import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { PaymentMethodSummary } from '../gateway/types.js';

/*
 * The renewal's columns and tables (docs/RENEWAL.md), re-exported by schema.ts (drizzle-kit reads that module's
 * exports). Of a saved payment method only the vault's token and what the e-mails name are kept.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Where a renewal link leads (api-client `RenewalLinkPurpose`). */
export type RenewalLinkPurpose = 'turn_off_renewal' | 'update_payment_method' | 'come_back';

/** Why a subscription ended early (`subscriptions.end_reason`): its money gone, or its renewal declined to the end. */
export type EndReason = 'settlement_declined' | 'refunded' | 'voided' | 'dispute_lost' | 'renewal_declined';

/** What an order buys (see `orders.kind`): a purchase (POST /orders) or a renewal (docs/RENEWAL.md). */
export type OrderKind = 'purchase' | 'renewal';

/** The `orders` columns of renewal, spread into that table (schema.ts). */
export function orderRenewalColumns() {
  return {
    /** 'purchase' (POST /orders) or 'renewal' (the renewal runner, docs/RENEWAL.md). */
    kind: text('kind').$type<OrderKind>().notNull().default('purchase'),
    /** Whether the parent asked for automatic renewal (the first sale then saves the payment method). */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** A renewal: the subscription it renews (its new term starts where that one ends). */
    renewsSubscriptionId: integer('renews_subscription_id'),
  };
}

/** The `subscriptions` columns of renewal, spread into that table (schema.ts). */
export function renewalColumns() {
  return {
    /** Whether the subscription renews at its end (docs/RENEWAL.md); never on without a saved method. */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** The vault token a renewal charges (Braintree `paymentMethodToken`), null when none was saved. */
    paymentMethodToken: text('payment_method_token'),
    /** What the saved method is, as the e-mails name it (type, brand, last four / PayPal e-mail / Venmo @user). */
    paymentMethod: jsonb('payment_method').$type<PaymentMethodSummary>(),
    /** When the next renewal charge is due (`renewalChargeAt`, then `renewalRetryAt`); null when none is. */
    renewalDueAt: ts('renewal_due_at'),
    /** Declined renewal attempts of this term so far (0: none; the state is 'retrying' from 1). */
    renewalDeclines: integer('renewal_declines').notNull().default(0),
    /** When this term's renewal was first declined (retries are counted from it). */
    renewalFirstDeclinedAt: ts('renewal_first_declined_at'),
  };
}

/**
 * The renewal e-mails sent, one per subscription and kind (`reminder_30`, `reminder_7`, `expiring_30`, `expiring_7`,
 * `ended`, `declined_<n>`): the row is inserted in the transaction that queues the e-mail, so two runners on one
 * database send each one once (the second insert finds the key taken).
 */
export const renewalNotices = pgTable(
  'renewal_notices',
  {
    subscriptionId: integer('subscription_id').notNull(),
    kind: text('kind').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.kind] })],
);

/**
 * The links of the renewal e-mails that work without signing in (docs/RENEWAL.md "Links"): stored only as the
 * SHA-256 of the token (lib/tokens.ts), single-use (`used_at`) and expiring.
 */
export const renewalLinks = pgTable(
  'renewal_links',
  {
    hash: text('hash').primaryKey(),
    purpose: text('purpose').$type<RenewalLinkPurpose>().notNull(),
    userId: integer('user_id').notNull(),
    subscriptionId: integer('subscription_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    index('renewal_links_subscription_idx').on(t.subscriptionId),
    index('renewal_links_expires_idx').on(t.expiresAt),
  ],
);
