import { and, eq, sql } from 'drizzle-orm';
import type { Services } from '../../context.js';
import { idempotencyKeys, orders, outbox, subscriptions, users } from '../../db/schema.js';
import { isDuplicateRejection, type ChargeResult, type FoundTransaction } from '../../gateway/types.js';
import { orderYears, paymentColumns, receiptDedupeKey, receiptPayload } from '../../receipts.js';
import { authenticationRequired, offersStepUp } from '../step-up.js';
import { declineDetails, declineRefusal, nonceRefusal, paidResponse, storedRefusal } from './answers.js';
import type { OrderRow, StoredResponse } from './types.js';
import { rawStatement, value } from '../../db/prepared.js';
import { renewalChargeAt, termEnd } from '@ofw/domain';
import { sellerOf } from '../../env-receipts.js';
import { receiptUrl } from '../../receipt-link.js';

type Approved = Extract<ChargeResult, { outcome: 'approved' }>;
type NotApproved = Exclude<ChargeResult, { outcome: 'approved' }>;

/**
 * Records the gateway's answer for a pending order in ONE statement (data-modifying CTEs, all or nothing; the
 * transaction of six to eight round trips it replaces cost join-api a syscall and a query build each): order paid +
 * subscription (current, expiry from the term) + billing address + receipt in the outbox + the idempotent response;
 * or order declined (402) or failed (422, the nonce could not be charged) + the response. The lease ends with it.
 * Nothing is written when the order is no longer pending (each part runs only when the order's update matched).
 * @returns the stored answer, or undefined when the order was no longer pending (nothing written).
 */
export async function finalize(
  s: Services,
  order: OrderRow,
  result: ChargeResult,
): Promise<StoredResponse | undefined> {
  const now = s.now();
  return result.outcome === 'approved' ? recordPaid(s, order, result, now) : recordDeclined(s, order, result, now);
}

/** The first row of a raw statement's result (node-postgres and PGlite both answer `{ rows }`). */
function firstRow<T>(result: unknown): T {
  return (result as { rows: T[] }).rows[0]!;
}

/** The values of {@link paidStatement}: timestamps as ISO strings, JSON as its text. */
type PaidValues = {
  orderId: string;
  userId: number;
  packageId: number;
  idempotencyKey: string;
  transactionId: string | null;
  paymentMethodType: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  paymentAccount: string | null;
  processorResponseCode: string | null;
  now: string;
  startsAt: string;
  expiresAt: string;
  billingAddress: string | null;
  receiptPayload: string;
  receiptDedupeKey: string;
  body: string;
  /** 'true' when the order asked for renewal (docs/RENEWAL.md); the new term renews when a method is saved. */
  autoRenew: string;
  /** The vault's answer to the first sale (`vaulted`): the parent's customer, the token and what it is. */
  vaultCustomerId: string | null;
  methodToken: string | null;
  methodSummary: string | null;
  /** The subscription whose saved method carries over when the order saved none (a renewal's, an upgrade's). */
  carriedFrom: number | null;
  /** When the new term's renewal is due (`renewalChargeAt` of its end), used when it renews. */
  renewalDueAt: string;
};

const v = value<PaidValues>;
const at = (name: keyof PaidValues) => sql`${v(name)}::timestamptz`;

/**
 * The order paid, its subscription current (whatever was current before ends: an upgrade's old term now, a lapsed
 * one as expired), the billing address kept on the payer, the payer's receipt queued (README "Outbox") and the key
 * answered 201 — one statement, built once ({@link rawStatement}). Each part runs only when the order's update
 * matched a pending order.
 */
const paidStatement = rawStatement<
  PaidValues,
  { paid: boolean; receipt_email: string | null; invoice_number: string | number | null; auto_renew: boolean | null }
>('order_paid', (db) => {
  const ifPaid = sql`exists (select 1 from paid)`;
  const ctes = [
    sql`paid as ${db
      .update(orders)
      .set({
        status: 'paid',
        transactionId: v('transactionId'),
        paymentMethodType: v('paymentMethodType'),
        cardBrand: v('cardBrand'),
        cardLast4: v('cardLast4'),
        paymentAccount: v('paymentAccount'),
        processorResponseCode: v('processorResponseCode'),
        // a GBP order's VAT invoice number, taken when it is paid (unique and increasing; docs/RECEIPTS.md)
        invoiceNumber: sql`case when ${orders.currency} = 'GBP' then nextval('invoice_numbers') end`,
        leaseUntil: null,
        updatedAt: at('now'),
      })
      .where(and(eq(orders.id, v('orderId')), eq(orders.status, 'pending')))
      .returning({ id: orders.id, invoiceNumber: orders.invoiceNumber })}`,
    sql`ended as ${db
      .update(subscriptions)
      .set({
        status: sql`case when ${subscriptions.expiresAt} <= ${at('now')} then 'expired' else 'ended' end`,
        endedAt: at('now'),
        renewalDueAt: null,
      })
      .where(and(eq(subscriptions.userId, v('userId')), eq(subscriptions.status, 'current'), ifPaid))
      .returning({ id: subscriptions.id })}`,
    // the saved method: the one this sale vaulted, else the one of the subscription it renews or replaces
    sql`method as (select coalesce(${v('methodToken')}, (select payment_method_token from ${subscriptions}
          where id = ${v('carriedFrom')}::int)) as token,
        coalesce(${v('methodSummary')}::jsonb, (select payment_method from ${subscriptions}
          where id = ${v('carriedFrom')}::int)) as summary)`,
    // inserted only once the old term has ended (the count reads `ended` to its end first): the index
    // subscriptions_one_current_per_user_idx allows one current subscription per parent at every moment
    sql`sub as (insert into ${subscriptions} (user_id, order_id, package_id, status, starts_at, expires_at, auto_renew,
          payment_method_token, payment_method, renewal_due_at)
        select ${v('userId')}, ${v('orderId')}, ${v('packageId')}, 'current', ${at('startsAt')}, ${at('expiresAt')},
          (method.token is not null and ${v('autoRenew')}::boolean), method.token, method.summary,
          case when method.token is not null and ${v('autoRenew')}::boolean then ${at('renewalDueAt')} end
        from paid, method, (select count(*) from ended) as ended_first
        returning auto_renew)`,
    sql`payer as ${db
      .update(users)
      .set({
        // a renewal keeps the payer's address; the parent's vault customer is kept once made (docs/RENEWAL.md)
        billingAddress: sql`coalesce(${v('billingAddress')}::jsonb, ${users.billingAddress})`,
        vaultCustomerId: sql`coalesce(${v('vaultCustomerId')}, ${users.vaultCustomerId})`,
      })
      .where(and(eq(users.id, v('userId')), ifPaid))
      .returning({ email: users.email, firstName: users.firstName, languageLocale: users.languageLocale })}`,
    sql`receipt as (insert into ${outbox} (kind, recipient, payload, dedupe_key, next_attempt_at, created_at)
        select 'receipt', email,
          ${v('receiptPayload')}::jsonb
            || jsonb_build_object('languageLocale', language_locale, 'firstName', first_name,
              'invoiceNumber', (select invoice_number from paid)),
          ${v('receiptDedupeKey')}, ${at('now')}, ${at('now')}
        from payer on conflict (dedupe_key) do nothing)`,
    sql`answered as ${db
      .update(idempotencyKeys)
      .set({
        state: 'completed',
        responseStatus: 201,
        responseBody: sql`jsonb_set(jsonb_set(${v('body')}::jsonb, '{receipt,receiptEmail}',
            coalesce((select to_jsonb(email) from payer), 'null'::jsonb)), '{receipt,invoiceNumber}',
            coalesce((select to_jsonb(invoice_number) from paid), 'null'::jsonb))`,
        lockedUntil: null,
      })
      .where(and(eq(idempotencyKeys.userId, v('userId')), eq(idempotencyKeys.key, v('idempotencyKey')), ifPaid))}`,
  ];
  return sql`with ${sql.join(ctes, sql`, `)} select ${ifPaid} as paid, (select email from payer) as receipt_email,
    (select invoice_number from paid) as invoice_number, (select auto_renew from sub) as auto_renew`;
});

/**
 * Records an approval ({@link paidStatement}). The answer is the order as the update writes it (a pending order's
 * price, package and address never change); the receipt's address in it is the payer's, read by the same statement.
 */
async function recordPaid(
  s: Services,
  order: OrderRow,
  result: Approved,
  now: Date,
): Promise<StoredResponse | undefined> {
  const columns = paymentColumns(result.paymentMethod);
  const paid: OrderRow = {
    ...order,
    status: 'paid',
    transactionId: result.transactionId,
    ...columns,
    processorResponseCode: result.processorResponseCode ?? null,
    leaseUntil: null,
    updatedAt: now,
  };
  const sub = await termOf(s, order, now);
  const link = receiptUrl(s.env, order.id);
  const body = paidResponse(paid, sub, null, link);
  const vaulted = result.vaulted;
  const { rows } = await paidStatement(s.db, {
    orderId: order.id,
    userId: order.userId,
    packageId: order.packageId,
    idempotencyKey: order.idempotencyKey,
    transactionId: paid.transactionId,
    ...columns,
    processorResponseCode: paid.processorResponseCode,
    now: now.toISOString(),
    startsAt: sub.startsAt.toISOString(),
    expiresAt: sub.expiresAt.toISOString(),
    billingAddress: order.billingAddress === null ? null : JSON.stringify(order.billingAddress),
    receiptPayload: JSON.stringify(receiptPayload(paid, now, { term: sub, seller: sellerOf(s.env), receiptUrl: link })),
    receiptDedupeKey: receiptDedupeKey(order.id),
    body: JSON.stringify(body),
    autoRenew: String(order.autoRenew),
    vaultCustomerId: vaulted?.customerId ?? null,
    methodToken: vaulted?.token ?? null,
    methodSummary: vaulted ? JSON.stringify(vaulted.summary) : null,
    carriedFrom: order.renewsSubscriptionId ?? order.replacesSubscriptionId,
    renewalDueAt: renewalChargeAt(sub.expiresAt, order.timeZone).toISOString(),
  });
  const row = rows[0]!;
  if (!row.paid) return undefined;
  const invoiceNumber = row.invoice_number === null ? null : Number(row.invoice_number);
  const subscription = { ...body.subscription, autoRenew: row.auto_renew === true };
  return {
    status: 201,
    body: { ...body, subscription, receipt: { ...body.receipt, receiptEmail: row.receipt_email, invoiceNumber } },
  };
}

/**
 * The term a paid order starts: a purchase from now, a renewal from the end of the term it renews (docs/RENEWAL.md:
 * a renewal paid on a retry still continues the term without a gap) — spec §3 subDurationInYears: the same calendar
 * date 1 or 2 years later in the parent's zone (@ofw/domain termEnd).
 */
async function termOf(s: Services, order: OrderRow, now: Date): Promise<{ startsAt: Date; expiresAt: Date }> {
  let startsAt = now;
  if (order.renewsSubscriptionId !== null) {
    const [renewed] = await s.db
      .select({ expiresAt: subscriptions.expiresAt })
      .from(subscriptions)
      .where(eq(subscriptions.id, order.renewsSubscriptionId));
    if (renewed) startsAt = renewed.expiresAt;
  }
  return { startsAt, expiresAt: termEnd(startsAt, orderYears(order), order.timeZone) };
}

/**
 * The order declined (402, or 402 `authentication_required` when it may step up) or failed (422, the nonce could not
 * be charged), and the key answered so — one statement.
 */
async function recordDeclined(
  s: Services,
  order: OrderRow,
  result: NotApproved,
  now: Date,
): Promise<StoredResponse | undefined> {
  const { db } = s;
  const invalid = result.outcome === 'payment_method_invalid';
  const answer = storedRefusal(
    invalid
      ? nonceRefusal(result, order.id)
      : offersStepUp(order, result) && result.outcome === 'processor_declined'
        ? authenticationRequired(order.id) // the key stays open for one step-up (step-up.ts)
        : declineRefusal(result, order.id),
  );
  const ifDeclined = sql`exists (select 1 from declined)`;
  const ctes = [
    sql`declined as ${db
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
      .returning({ id: orders.id })}`,
    sql`answered as ${db
      .update(idempotencyKeys)
      .set({ state: 'completed', responseStatus: answer.status, responseBody: answer.body, lockedUntil: null })
      .where(
        and(eq(idempotencyKeys.userId, order.userId), eq(idempotencyKeys.key, order.idempotencyKey), ifDeclined),
      )}`,
  ];
  const row = firstRow<{ declined: boolean }>(
    await db.execute(sql`with ${sql.join(ctes, sql`, `)} select ${ifDeclined} as declined`),
  );
  if (!row.declined) return undefined;
  if (!invalid) s.logger.info({ orderId: order.id, decline: declineDetails(result) }, 'payment declined');
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
 * not decided yet (`authorizing`) leaves the order pending; a sale rejected by Braintree's duplicate checking
 * (types.ts `isDuplicateRejection`) is passed over, as if not found.
 * @returns 'resolved' when an answer was recorded, 'in_doubt' when a sale is still undecided, 'none' when the gateway
 *   holds no sale for the order.
 * @throws GatewayUnavailableError
 */
export async function resolveFromGateway(s: Services, order: OrderRow): Promise<'resolved' | 'in_doubt' | 'none'> {
  // a sale rejected by Braintree's duplicate checking decides nothing: the earlier sale it duplicates does
  const found: FoundTransaction[] = (await s.gateway.findByOrderId(order.id)).filter((t) => !isDuplicateRejection(t));
  const approved = found.filter((t) => t.outcome === 'approved');
  if (!approved.length && found.some((t) => t.outcome === 'in_doubt')) return 'in_doubt';
  const pick = approved[0] ?? found.at(-1);
  if (!pick || pick.outcome === 'in_doubt') return 'none';
  await record(s, order, pick);
  for (const extra of approved.slice(1)) await reverseLate(s, order.id, extra.transactionId, 'duplicate_approval');
  return 'resolved';
}
