import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../context.js';
import { operation, type Refusals } from '../lib/operation.js';
import { clientIp } from '../context.js';
import { RATE_LIMITS, releaseRateLimits, reserveRateLimits, type Reservation } from '../lib/rate-limit.js';
import { HttpProblem, problemOf } from '../lib/problem.js';
import { orderOutcome } from '../lib/metrics.js';
import { ServiceError } from '../services/errors.js';
import { acceptedBillingAddress } from '../services/billing-address.js';
import { placeOrder, type StoredResponse } from '../services/orders.js';
import type { Services } from '../context.js';

/** The HTTP status an error thrown by placeOrder answers with (the app's error handler renders it). */
function statusOf(e: unknown): number {
  if (e instanceof ServiceError) return problemOf(e).status;
  return e instanceof HttpProblem ? e.status : 500;
}

/** A charge the gateway refused: a decline (402) or a card it could not charge (422 `payment_method_expired`). */
function failedCharge(answer: { status: number; body: unknown }): boolean {
  return answer.status === 402 || (answer.body as { code?: unknown } | null)?.code === 'payment_method_expired';
}

/**
 * Gives back the order's reserved slots its outcome does not count (`reserved` in the order taken: the parent's
 * decline, the client's failed charge, then the attempts, which always count): a decline (402) keeps both, a card the
 * gateway could not charge keeps the failed charge, anything else — paid, refused before the charge, in doubt, or
 * answered by another request under the same key (`replayed`) — keeps neither. A failure to give back is logged and
 * the slot stays taken (it ends with its window): the parent's answer is already decided.
 */
async function giveBack(s: Services, reserved: Reservation[], answer: StoredResponse | undefined): Promise<void> {
  const [decline, failure] = reserved;
  const counted = answer !== undefined && !answer.replayed;
  const back = [
    ...(decline && !(counted && answer.status === 402) ? [decline] : []),
    ...(failure && !(counted && failedCharge(answer)) ? [failure] : []),
  ];
  await releaseRateLimits(s.db, back).catch((e: unknown) =>
    s.logger.error({ err: e }, 'order: rate-limit slots not given back'),
  );
}

/** What the order handler and placeOrder refuse besides the contract guard (lib/operation.ts `guardRefusals`). */
export const orderRefusals = {
  createOrder: [
    [402, 'processor_declined'],
    [402, 'gateway_rejected'],
    [402, 'authentication_required'],
    // the payer's address is proven, and no other account proven at it is subscribed (docs/IDENTITY.md)
    [403, 'email_unverified'],
    [409, 'already_subscribed'],
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
    // card testing (docs/ARCHITECTURE.md "Rate limits"): a decline slot of the parent and a failed-charge slot of the
    // client are RESERVED before the charge, with the attempt of each, in one atomic statement — so concurrent orders
    // never charge past a limit — and given back when the outcome does not count (a paid order). Not for the replay
    // of a completed order, which placeOrder answers from the store before `admit` runs.
    const parent = `parent:${user.id}`;
    const client = clientIp(c);
    let reserved: Reservation[] = [];
    const admit = async () => {
      reserved = await reserveRateLimits(
        s.db,
        [
          { rule: RATE_LIMITS.orderDeclines, subject: parent },
          { rule: RATE_LIMITS.orderFailuresClient, subject: client },
          { rule: RATE_LIMITS.orderAttempts, subject: parent },
          { rule: RATE_LIMITS.orderAttemptsClient, subject: client },
        ],
        s.now(),
        s.env.RATE_LIMIT_FACTOR,
      );
    };
    const answer = await placeOrder(s, user, key, body, admit).catch(async (e: unknown) => {
      s.metrics.ordersTotal.inc({ outcome: orderOutcome(statusOf(e)) });
      await giveBack(s, reserved, undefined);
      throw e;
    });
    if (!answer.replayed)
      s.metrics.ordersTotal.inc({ outcome: orderOutcome(answer.status, (answer.body as { code?: string }).code) });
    await giveBack(s, reserved, answer);
    const headers: Record<string, string> = { 'cache-control': 'no-store' };
    if (answer.replayed) headers['idempotent-replayed'] = 'true';
    if (answer.status >= 400) headers['content-type'] = 'application/problem+json';
    else headers['content-type'] = 'application/json';
    return c.body(JSON.stringify(answer.body), answer.status as ContentfulStatusCode, headers);
  });
  return r;
}
