import { and, eq, sql } from 'drizzle-orm';
import type { Services } from '../../context.js';
import { orders, subscriptions, users } from '../../db/schema.js';
import type { ChargeResult, FoundTransaction } from '../../gateway/types.js';
import { orderYears, paymentColumns, queueReceipt } from '../../receipts.js';
import { authenticationRequired, offersStepUp } from '../step-up.js';
import { declineDetails, declineRefusal, nonceRefusal, paidResponse, storedRefusal } from './answers.js';
import { completeKey } from './idempotency-store.js';
import type { OrderRow, StoredResponse, Tx } from './types.js';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

type Approved = Extract<ChargeResult, { outcome: 'approved' }>;
type NotApproved = Exclude<ChargeResult, { outcome: 'approved' }>;

/**
 * Records the gateway's answer for a pending order in one transaction: order paid + subscription
 * (current, expiry from the term) + billing address + the idempotent response; or order declined (402) or failed
 * (422, the nonce could not be charged). The lease ends with it.
 * @returns the stored answer, or undefined when the order was no longer pending (nothing written).
 */
export async function finalize(
  s: Services,
  order: OrderRow,
  result: ChargeResult,
): Promise<StoredResponse | undefined> {
  const now = s.now();
  return s.db.transaction(async (tx) =>
    result.outcome === 'approved' ? recordPaid(tx, order, result, now) : recordDeclined(s, tx, order, result, now),
  );
}

/** In `finalize`'s transaction: the order paid, its subscription current, the billing address kept, the key answered 201. */
async function recordPaid(tx: Tx, order: OrderRow, result: Approved, now: Date): Promise<StoredResponse | undefined> {
  const [paid] = await tx
    .update(orders)
    .set({
      status: 'paid',
      transactionId: result.transactionId,
      ...paymentColumns(result.paymentMethod),
      processorResponseCode: result.processorResponseCode ?? null,
      leaseUntil: null,
      updatedAt: now,
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
    .returning();
  if (!paid) return undefined;
  const years = orderYears(order);
  const sub = { startsAt: now, expiresAt: new Date(now.getTime() + years * YEAR_MS) };
  // The new subscription replaces whatever is 'current' (an upgrade's old term ends now; a lapsed one is expired).
  await tx
    .update(subscriptions)
    .set({
      status: sql`case when ${subscriptions.expiresAt} <= ${now.toISOString()}::timestamptz then 'expired' else 'ended' end`,
      endedAt: now,
    })
    .where(and(eq(subscriptions.userId, order.userId), eq(subscriptions.status, 'current')));
  await tx
    .insert(subscriptions)
    .values({ userId: order.userId, orderId: order.id, packageId: order.packageId, status: 'current', ...sub });
  const [payer] = await tx
    .update(users)
    .set({ billingAddress: order.billingAddress })
    .where(eq(users.id, order.userId))
    .returning({ email: users.email, firstName: users.firstName, languageLocale: users.languageLocale });
  // The payer's receipt e-mail, in the outbox of this same transaction (README "Outbox").
  const receiptEmail = await queueReceipt(tx, paid, now, payer);
  const answer: StoredResponse = { status: 201, body: paidResponse(paid, sub, receiptEmail ?? null) };
  await completeKey(tx, order.userId, order.idempotencyKey, answer);
  return answer;
}

/**
 * In `finalize`'s transaction: the order declined (402, or 402 `authentication_required` when it may step up) or
 * failed (422, the nonce could not be charged), and the key answered so.
 */
async function recordDeclined(
  s: Services,
  tx: Tx,
  order: OrderRow,
  result: NotApproved,
  now: Date,
): Promise<StoredResponse | undefined> {
  const invalid = result.outcome === 'payment_method_invalid';
  const [declined] = await tx
    .update(orders)
    .set({
      status: invalid ? 'failed' : 'declined',
      transactionId: invalid ? null : (result.transactionId ?? null),
      cardBrand: invalid ? null : paymentColumns(result.paymentMethod).cardBrand,
      processorResponseCode: result.processorResponseCode ?? null,
      leaseUntil: null,
      updatedAt: now,
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
    .returning();
  if (!declined) return undefined;
  if (!invalid) s.logger.info({ orderId: order.id, decline: declineDetails(result) }, 'payment declined');
  const answer = storedRefusal(
    invalid
      ? nonceRefusal(result, order.id)
      : offersStepUp(order, result) && result.outcome === 'processor_declined'
        ? authenticationRequired(order.id) // the key stays open for one step-up (step-up.ts)
        : declineRefusal(result, order.id),
  );
  await completeKey(tx, order.userId, order.idempotencyKey, answer);
  return answer;
}

/**
 * Gives back the money of an approval that cannot pay its order (the order was failed or paid by another
 * transaction: a charge that landed after its caller gave up). Logged at error level with the order id.
 * @throws GatewayUnavailableError (the next reconciliation tries again)
 */
export async function reverseLate(
  s: Services,
  orderId: string,
  transactionId: string,
  reason: 'late_approval' | 'duplicate_approval' = 'late_approval',
): Promise<void> {
  const outcome = await s.gateway.reverse(transactionId);
  s.metrics.paymentReversalsTotal.inc({ reason });
  s.logger.error(
    { orderId, transactionId, outcome },
    'late approval for an order that is no longer pending: money given back',
  );
}

/**
 * Records a gateway answer for an order whose lease the caller holds. When the order is no longer pending (someone
 * resolved it meanwhile), an approval that did not pay it is reversed.
 * @returns the stored answer, or undefined when the order was no longer pending.
 */
export async function record(s: Services, order: OrderRow, result: ChargeResult): Promise<StoredResponse | undefined> {
  const answer = await finalize(s, order, result);
  if (answer) return answer;
  if (result.outcome === 'approved' && result.transactionId) {
    const [now] = await s.db.select().from(orders).where(eq(orders.id, order.id));
    if (now?.transactionId !== result.transactionId) await reverseLate(s, order.id, result.transactionId);
  }
  return undefined;
}

/**
 * With the order's lease held: asks the gateway for the order's sales (Braintree search by orderId and type) and
 * records what it finds — the first approval pays the order and any further approval is reversed; otherwise a
 * decline is recorded. The provider does not deduplicate on orderId, so there may be several. A sale whose money is
 * not decided yet (`authorizing`) leaves the order pending.
 * @returns 'resolved' when an answer was recorded, 'in_doubt' when a sale is still undecided, 'none' when the gateway
 *   holds no sale for the order.
 * @throws GatewayUnavailableError
 */
export async function resolveFromGateway(s: Services, order: OrderRow): Promise<'resolved' | 'in_doubt' | 'none'> {
  const found: FoundTransaction[] = await s.gateway.findByOrderId(order.id);
  const approved = found.filter((t) => t.outcome === 'approved');
  if (!approved.length && found.some((t) => t.outcome === 'in_doubt')) return 'in_doubt';
  const pick = approved[0] ?? found.at(-1);
  if (!pick || pick.outcome === 'in_doubt') return 'none';
  await record(s, order, pick);
  for (const extra of approved.slice(1)) await reverseLate(s, order.id, extra.transactionId, 'duplicate_approval');
  return 'resolved';
}
