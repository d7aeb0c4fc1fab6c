import { z } from 'zod';

/**
 * The settings of money after the sale (docs/PAYMENTS-LIFECYCLE.md), part of join-api's environment (env.ts): the
 * reconciler's rate and window, the search grace before an order in doubt may be failed, the payment-events worker's
 * poll and the operator's address for disputes.
 */
export const MONEY_AFTER_SALE_ENV = {
  /**
   * How often pending orders past their lease, paid and failed orders inside the window, and the refunds and voids
   * made outside join-api are reconciled with the gateway (ms; 0 = only at start-up). A control-panel refund ends its
   * subscription within one interval (docs/PAYMENTS-LIFECYCLE.md).
   */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * How long after an order's charge lease ended a search that finds no sale still leaves it in doubt (ms): the
   * provider's search index shows a sale a little after it was made, and an order is never failed while its sale
   * could still appear (charge-lease.ts `searchRulesOutSale`).
   */
  ORDER_SEARCH_GRACE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /**
   * How long after it was paid or failed an order is still searched for late approvals and lost money (days): past
   * it, Braintree's webhooks alone tell of disputes and settlement declines (docs/PAYMENTS-LIFECYCLE.md). Covers
   * settlement (a few days) and the weeks in which support refunds.
   */
  RECONCILE_WINDOW_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  /** Orders one reconciliation pass checks at most (with RECONCILE_INTERVAL_MS, the reconciler's rate). */
  RECONCILE_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(50),
  /** How often recorded payment events (webhooks, refunds found by search) are handled (ms; 0 = only when one arrives). */
  PAYMENT_EVENTS_POLL_MS: z.coerce.number().int().min(0).default(5_000),
  /**
   * Where the operator is told of a dispute opened (order, amount, reason, respond-by date). Required in production;
   * elsewhere the local catcher's mailbox.
   */
  OPS_EMAIL: z.email().default('ops@ourfamilywizard.example'),
};
