import type { Quote } from '@ofw/domain';
import type { BillingAddress, OrderRequest, OrderResponse, Problem } from '@ofw/api-client';
import type { UserRow } from '../../accounts.js';
import type { Services } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { orders } from '../../db/schema.js';
import type { BuyerContext } from '../../order-quote.js';

/** An order as stored (db/schema.ts `orders`). */
export type OrderRow = typeof orders.$inferSelect;

/** A transaction of the app's database (drizzle's `db.transaction` callback argument). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What POST /orders answers (stored for replays). */
export interface StoredResponse {
  status: number;
  body: OrderResponse | Problem;
  replayed?: boolean;
}

/**
 * How an order attempt under one Idempotency-Key ended, returned (never thrown) out of its steps: `stored` — the
 * answer is already the key's (written with the order, or found stored); `final` — a definite answer still to be
 * stored for the key (an order already paid, a refused upgrade, a closed attempt).
 */
export type Placed = { kind: 'stored'; answer: StoredResponse } | { kind: 'final'; answer: StoredResponse };

/** One POST /orders under its Idempotency-Key: the request, its purchase quote, and the order whose lease it holds. */
export interface Attempt {
  s: Services;
  user: UserRow;
  key: string;
  body: OrderRequest & { billingAddress: BillingAddress };
  buyer: BuyerContext;
  /** The request priced as a purchase (before any current term is looked at). */
  priced: Quote;
  /** The order whose lease this request holds while it calls the gateway (its lease is dropped on a clean failure). */
  leased: string | undefined;
}
