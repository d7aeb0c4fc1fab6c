import { and, eq, or } from 'drizzle-orm';
import { QuoteError, toMinor, type Quote } from '@ofw/domain';
import { orders, users } from '../../db/schema.js';
import { currentTermSql, termFromJson, type ParentTerm } from '../../accounts.js';
import { newId } from '../../lib/tokens.js';
import { quoteOrder } from '../../order-quote.js';
import { ServiceError } from '../errors.js';
import { storedRefusal } from './answers.js';
import { chargeLeaseMs } from './charge-lease.js';
import { assertExpectedCharge } from './pricing.js';
import { addressLockSql, subscribedElsewhereSql } from '../email-proof.js';
import type { Attempt, OrderRow, Placed, Tx } from './types.js';

/**
 * What the key's order transaction found or made: this key's order (`fresh` when it was just created, under this
 * request's lease), another pending order of the parent (`other`), or a definite answer (`final`, nothing written).
 */
export type OpenedOrder =
  { kind: 'mine'; order: OrderRow; fresh: boolean } | { kind: 'other'; order: OrderRow } | Placed;

/**
 * In one transaction, the parent's row locked: the order of this Idempotency-Key, else another pending order of the
 * parent, else a new pending order at the price the page showed (an upgrade at its prorated price), its lease taken.
 * @throws ServiceError `price_changed` (docs/PAYMENTS.md "Shown = charged": nothing is written).
 */
export async function openOrder(a: Attempt): Promise<OpenedOrder> {
  const { s, user, key, body } = a;
  return s.db.transaction(async (tx): Promise<OpenedOrder> => {
    // the parent's row and the address's lock: two accounts of one address open their orders one after the other
    await tx
      .select({ id: users.id, address: addressLockSql(user.email) })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    // this key's order, the parent's pending one and the current term in one read — after the lock, in a statement
    // of its own: its snapshot holds what the lock's previous holder committed (read in the locking statement, a
    // pending order or a subscription committed meanwhile would not be seen)
    const read = await tx
      .select({
        order: orders,
        term: currentTermSql(user.id, s.now()),
        elsewhere: subscribedElsewhereSql(user, s.now()),
      })
      .from(users)
      .leftJoin(
        orders,
        and(eq(orders.userId, users.id), or(eq(orders.idempotencyKey, key), eq(orders.status, 'pending'))),
      )
      .where(eq(users.id, user.id));
    const mineOrPending = read.flatMap((r) => (r.order ? [r.order] : []));
    const existing = mineOrPending.find((o) => o.idempotencyKey === key);
    if (existing) return { kind: 'mine', order: existing, fresh: false };
    // no second paid subscription on one proven address (docs/IDENTITY.md): the parent signs in to that account
    if (read[0]?.elsewhere) {
      const refusal = new ServiceError(
        'already_subscribed',
        'Another account at this e-mail address has a current subscription; sign in to it instead.',
      );
      return { kind: 'final', answer: storedRefusal(refusal) };
    }
    // A current subscription can only be upgraded, at the prorated price (README "Upgrade and proration").
    const term = termFromJson(read[0]?.term);
    const upgrade = term ? upgradeQuote(a, term) : { quote: a.priced };
    if ('refused' in upgrade) return upgrade.refused;
    const q = upgrade.quote;
    // Shown = charged (docs/PAYMENTS.md): only the amount the page showed is charged; another quote charges nothing.
    assertExpectedCharge(q, body.expectedCharge);
    const other = mineOrPending.find((o) => o.status === 'pending');
    if (other) return { kind: 'other', order: other };
    return { kind: 'mine', order: await insertOrder(a, tx, q, term), fresh: true };
  });
}

/**
 * The request quoted as an upgrade of the parent's current term (`quote`), or `refused`: the package already held is
 * "yours and paid" (the page carries on as paid), any other package that is not an upgrade (cheaper, shorter, another
 * currency) is refused with its own code (the page says why) — both a final answer for the key.
 */
function upgradeQuote(a: Attempt, term: ParentTerm): { quote: Quote } | { refused: Placed } {
  try {
    return { quote: quoteOrder(a.body, { ...a.buyer, term, now: a.s.now() }) };
  } catch (e) {
    if (!(e instanceof QuoteError) || e.code !== 'not_an_upgrade') throw e;
    const refusal =
      term.packageId === a.priced.packageId
        ? new ServiceError('order_already_paid', 'This package is already paid for and current.')
        : new ServiceError(
            'not_an_upgrade',
            'This account already has a current subscription; only an upgrade to a higher package can be bought.',
          );
    return { refused: { kind: 'final', answer: storedRefusal(refusal) } };
  }
}

/** Inserts the key's pending order at quote `q`, its lease taken with it (the charge is its first gateway call). */
async function insertOrder(a: Attempt, tx: Tx, q: Quote, term: ParentTerm | undefined): Promise<OrderRow> {
  const { s, user, key, body } = a;
  const [created] = await tx
    .insert(orders)
    .values({
      id: newId('ord'),
      userId: user.id,
      idempotencyKey: key,
      packageId: q.packageId,
      productId: q.productId === null ? null : String(q.productId),
      services: { lines: q.services, years: q.years },
      couponCode: body.couponCode ?? null,
      billingAddress: body.billingAddress,
      // the term and every receipt are dated in the parent's zone as it is now (spec §3 parent.timeZone)
      timeZone: user.timeZone,
      currency: q.currency,
      // exactly what the page showed: quote(...).charged, its discount, proration credit and VAT
      amountMinor: toMinor(q.charged),
      discountMinor: toMinor(q.discount),
      creditMinor: toMinor(q.credit),
      vatMinor: q.vat === null ? null : toMinor(q.vat),
      replacesSubscriptionId: term ? term.subscriptionId : null,
      // never assumed: absent is no renewal (docs/RENEWAL.md)
      autoRenew: body.autoRenew === true,
      status: 'pending',
      gateway: s.gateway.name,
      // the lease is taken with the order: the charge below is its first gateway call
      leaseUntil: new Date(s.now().getTime() + chargeLeaseMs(s)),
      createdAt: s.now(),
      updatedAt: s.now(),
    })
    .returning();
  return created!;
}
