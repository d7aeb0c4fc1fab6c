import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../context.js';
import { operation, type Refusals } from '../lib/operation.js';
import { clientIp } from '../context.js';
import { RATE_LIMITS, countHit, hitRateLimits } from '../lib/rate-limit.js';
import { HttpProblem, problemOf } from '../lib/problem.js';
import { orderOutcome } from '../lib/metrics.js';
import { ServiceError } from '../services/errors.js';
import { acceptedBillingAddress } from '../services/billing-address.js';
import { placeOrder } from '../services/orders.js';

/** The HTTP status an error thrown by placeOrder answers with (the app's error handler renders it). */
function statusOf(e: unknown): number {
  if (e instanceof ServiceError) return problemOf(e).status;
  return e instanceof HttpProblem ? e.status : 500;
}

/** A charge the gateway refused: a decline (402) or a card it could not charge (422 `payment_method_expired`). */
function failedCharge(answer: { status: number; body: unknown }): boolean {
  return answer.status === 402 || (answer.body as { code?: unknown } | null)?.code === 'payment_method_expired';
}

/** What the order handler and placeOrder refuse besides the contract guard (lib/operation.ts `guardRefusals`). */
export const orderRefusals = {
  createOrder: [
    [402, 'processor_declined'],
    [402, 'gateway_rejected'],
    [402, 'authentication_required'],
    [409, 'order_already_paid'],
    [409, 'not_an_upgrade'],
    [409, 'price_changed'],
    [409, 'conflict'],
    [409, 'idempotency_in_flight'],
    [422, 'idempotency_key_reused'],
    [422, 'validation_failed'],
    [422, 'currency_not_offered'],
    [422, 'package_unavailable'],
    [422, 'payment_method_expired'],
    [429, 'rate_limited'],
    [503, 'payment_gateway_unavailable'],
  ],
} as const satisfies Partial<Refusals>;

export function orderRoutes() {
  const r = new Hono<AppEnv>();
  operation(r, 'createOrder', async (c, input) => {
    const s = c.get('services');
    // auth 'parent' and the required Idempotency-Key are checked by operation() from the contract entry
    const { user } = input.auth;
    const key = input.header('Idempotency-Key');
    const raw = await input.body();
    // the country rules of the address (422 before anything is counted, priced or charged), as the form applies them
    const body = { ...raw, billingAddress: acceptedBillingAddress(raw.billingAddress, 'billingAddress') };
    // card testing: a parent past their declines waits; every attempt counts per parent and per client —
    // every attempt but the replay of a completed order, which placeOrder answers from the store before this runs
    // (DESIGN.md §5: per address, failed charges count, paid orders do not)
    const parent = `parent:${user.id}`;
    const client = clientIp(c);
    const admit = () =>
      // (one statement for the four, in this order: one round trip per order attempt)
      hitRateLimits(
        s.db,
        [
          { kind: 'check', rule: RATE_LIMITS.orderDeclines, subject: parent },
          { kind: 'check', rule: RATE_LIMITS.orderFailuresClient, subject: client },
          { kind: 'hit', rule: RATE_LIMITS.orderAttempts, subject: parent },
          { kind: 'hit', rule: RATE_LIMITS.orderAttemptsClient, subject: client },
        ],
        s.now(),
        s.env.RATE_LIMIT_FACTOR,
      );
    const answer = await placeOrder(s, user, key, body, admit).catch((e: unknown) => {
      s.metrics.ordersTotal.inc({ outcome: orderOutcome(statusOf(e)) });
      throw e;
    });
    if (!answer.replayed)
      s.metrics.ordersTotal.inc({ outcome: orderOutcome(answer.status, (answer.body as { code?: string }).code) });
    if (answer.status === 402 && !answer.replayed) await countHit(s.db, RATE_LIMITS.orderDeclines, parent, s.now());
    if (!answer.replayed && failedCharge(answer))
      await countHit(s.db, RATE_LIMITS.orderFailuresClient, client, s.now());
    const headers: Record<string, string> = { 'cache-control': 'no-store' };
    if (answer.replayed) headers['idempotent-replayed'] = 'true';
    if (answer.status >= 400) headers['content-type'] = 'application/problem+json';
    else headers['content-type'] = 'application/json';
    return c.body(JSON.stringify(answer.body), answer.status as ContentfulStatusCode, headers);
  });
  return r;
}
