import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema.js';
import { GatewayUnavailableError, type ChargeResult } from '../../gateway/types.js';
import { LIABILITY_KEPT_MESSAGE } from '../../gateway/three-d-secure.js';
import { minorToDecimal } from '../../order-quote.js';
import { ServiceError } from '../errors.js';
import { paidResponse, storedRefusal } from './answers.js';
import { receiptUrl } from '../../receipt-link.js';
import { chargeLeaseMs, renewLease, takeLease } from './charge-lease.js';
import { record, resolveFromGateway } from './finalize.js';
import { storedAnswer } from './idempotency-store.js';
import type { Attempt, OrderRow, Placed, StoredResponse } from './types.js';

/** An upgrade whose credit covers the whole price (floored at 0) is paid without a gateway call. */
const NOTHING_TO_CHARGE: ChargeResult = {
  outcome: 'approved',
  transactionId: '',
  status: 'no_charge',
  paymentMethod: null,
};

/** 409 `key_in_flight`: another request holds the order's lease; retry once it can have run out. */
export function leaseHeld(s: Attempt['s'], message: string): ServiceError {
  return new ServiceError('key_in_flight', message, { retryAfterSeconds: Math.ceil(chargeLeaseMs(s) / 1000) });
}

/** The 201 answer of an order that is paid, from its subscription (the payer's e-mail as the receipt's address). */
export async function paidAnswer(a: Attempt, order: OrderRow): Promise<StoredResponse> {
  const [sub] = await a.s.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
  return {
    status: 201,
    body: paidResponse(
      order,
      sub ?? { startsAt: order.updatedAt, expiresAt: order.updatedAt, autoRenew: false },
      a.user.email,
      receiptUrl(a.s.env, order.id),
    ),
  };
}

/**
 * Carries this key's order on: a paid order answers 201, a declined or failed one its stored answer (else 409
 * `attempt_closed`); a pending one is charged — a fresh one at once, under this request's lease, one found again only
 * after its lease is taken and the gateway was asked whether the lost first charge landed.
 * @returns the answer, or undefined when someone else resolved the order meanwhile (the caller looks again).
 * @throws ServiceError `key_in_flight`; GatewayUnavailableError when the sale is in doubt
 */
export async function chargeUnderKey(
  a: Attempt,
  found: OrderRow,
  fresh: boolean,
  created: boolean,
): Promise<Placed | undefined> {
  const { s, user, key } = a;
  if (found.status === 'paid') return { kind: 'final', answer: await paidAnswer(a, found) };
  if (found.status !== 'pending') {
    // declined or failed under this key (perhaps by reconciliation): its stored answer, else closed
    const stored = await storedAnswer(s, user.id, key);
    if (stored) return { kind: 'stored', answer: stored };
    const closed = new ServiceError('attempt_closed', 'This payment attempt was closed; start a new one.');
    return { kind: 'final', answer: storedRefusal(closed) };
  }
  let order = found;
  if (!fresh) {
    const resumed = await resumeLostCharge(a, order);
    if (resumed.kind !== 'charge') return resumed.kind === 'stored' ? resumed : undefined;
    order = resumed.order;
  }
  const result = await chargeOnce(a, order, created);
  const answer = await record(s, order, result);
  s.logger.info(
    { orderId: order.id, userId: user.id, outcome: result.outcome, amountMinor: order.amountMinor },
    'order charged',
  );
  // undefined: someone else resolved the order meanwhile (the caller answers from what it now is)
  return answer ? { kind: 'stored', answer } : undefined;
}

/**
 * A retry with the same key after an answer was lost: only the lease holder may call the gateway. Takes the order's
 * lease, asks the gateway for its sales; an answer found is the key's stored answer, else the lease is renewed
 * (fenced) to cover the charge.
 * @returns `charge` with the order under a live lease, `stored` with the answer found, or `again` to look afresh.
 */
async function resumeLostCharge(
  a: Attempt,
  pending: OrderRow,
): Promise<{ kind: 'charge'; order: OrderRow } | { kind: 'stored'; answer: StoredResponse } | { kind: 'again' }> {
  const { s, user, key } = a;
  let order = await takeLease(s, pending.id);
  if (!order) throw leaseHeld(s, 'This payment is being processed; retry shortly.');
  a.leased = order.id;
  const outcome = order.amountMinor > 0 ? await resolveFromGateway(s, order) : 'none';
  if (outcome === 'in_doubt') throw new GatewayUnavailableError(`order ${order.id}: its sale is not decided yet`);
  if (outcome === 'resolved') {
    // the lost answer is found: the stored answer of this key (paid, or the decline) is the answer
    const stored = await storedAnswer(s, user.id, key);
    return stored ? { kind: 'stored', answer: stored } : { kind: 'again' };
  }
  if (order.amountMinor > 0) {
    // the search above took time under this lease: renew it (fenced) so it covers the charge, or stop
    order = await renewLease(s, order);
    if (!order) throw leaseHeld(s, 'This payment is being processed; retry shortly.');
  }
  return { kind: 'charge', order };
}

/**
 * Charges the order's amount with the request's nonce (nothing to charge: approved without a gateway call).
 * @throws GatewayUnavailableError when a retried sale finds its nonce already used (the first sale may have landed)
 */
async function chargeOnce(a: Attempt, order: OrderRow, created: boolean): Promise<ChargeResult> {
  const { s, user, body } = a;
  const result =
    order.amountMinor === 0
      ? NOTHING_TO_CHARGE
      : await s.gateway.charge({
          orderId: order.id,
          amount: minorToDecimal(order.amountMinor),
          currencyCode: order.currency,
          paymentMethodNonce: body.paymentMethodNonce,
          ...(body.deviceData ? { deviceData: body.deviceData } : {}),
          customer: {
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            phone: user.phoneNumber,
          },
          billingAddress: body.billingAddress,
          // docs/RENEWAL.md: a sale that renews saves its method in the vault, under the parent's customer when known
          ...(order.autoRenew ? { vault: { customerId: user.vaultCustomerId } } : {}),
        });
  if (!created && result.outcome === 'payment_method_invalid' && result.reason === 'consumed') {
    // This order was charged with this nonce before and that answer was lost: "already used" (91564) may mean
    // that first sale went through though the search does not show it yet. In doubt, never a final failure:
    // the order stays pending under its lease and reconciliation records what the gateway holds.
    s.logger.warn({ orderId: order.id, userId: user.id }, 'retried sale: nonce already used; order left in doubt');
    throw new GatewayUnavailableError(`order ${order.id}: nonce already used by an earlier attempt`);
  }
  if (result.outcome === 'approved' && result.threeDSecure && !result.threeDSecure.liabilityShifted) {
    // docs/PAYMENTS.md "3D Secure policy": sold without a liability shift (counted by a metric later)
    s.logger.warn({ orderId: order.id, threeDSecureStatus: result.threeDSecure.status }, LIABILITY_KEPT_MESSAGE);
    s.metrics.liabilityKeptTotal.inc({ status: result.threeDSecure.status ?? 'unknown' });
  }
  return result;
}
