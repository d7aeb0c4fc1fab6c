// The money soak's accounting (bench/soak.mjs): what a parent's statement and an accountant's ledger show, read from
// the sandbox's transaction views (`GET /sandbox/transactions`: status, statusHistory, refunds, disputes).

/** Sale statuses that hold the parent's money (braintree_node transaction.js `Status`). */
export const APPROVED = new Set([
  'authorized',
  'submitted_for_settlement',
  'settling',
  'settled',
  'settlement_pending',
]);
/**
 * Statuses after which a sale's money has moved: Braintree "Transaction statuses" — once `settling` a sale can no
 * longer be voided, only refunded, and the parent's statement shows the charge (and any refund as a separate credit).
 */
const MONEY_MOVED = new Set(['settling', 'settled', 'settlement_pending']);
/** Dispute statuses in which the money went back to the cardholder (braintree_node dispute.js `Status`). */
const DISPUTE_LOST = new Set(['lost', 'accepted', 'expired']);
/** Refund statuses that moved no money. */
const REFUND_FAILED = new Set(['voided', 'failed', 'processor_declined', 'gateway_rejected']);

const minor = (amount) => Math.round(Number(amount ?? 0) * 100);

/** The sale was approved at some point (its history holds an approved status). */
export const wasApproved = (sale) => sale.statusHistory.some((h) => APPROVED.has(h.status));
/** The sale's money moved (its history reached settlement): a charge on the parent's statement. */
export const moneyMoved = (sale) => sale.statusHistory.some((h) => MONEY_MOVED.has(h.status));

/** A sale's refunds (its `refundIds`, read in `transactions`, the parent's transactions by id). */
export const refundsOf = (sale, transactions) => sale.refundIds.map((id) => transactions.get(id)).filter(Boolean);

/**
 * Whether a sale holds the parent's money now: approved (not voided, not declined at settlement), refunds adding up to
 * less than its amount (a partial refund keeps the rest), no chargeback lost. `transactions`: the parent's, by id.
 */
export function holdsMoney(sale, transactions) {
  if (sale.type !== 'sale' || !APPROVED.has(sale.status)) return false;
  if (sale.disputes.some((d) => DISPUTE_LOST.has(d.status))) return false;
  const refunded = refundsOf(sale, transactions)
    .filter((r) => !REFUND_FAILED.has(r.status))
    .reduce((n, r) => n + minor(r.amount), 0);
  return refunded < minor(sale.amount);
}

/**
 * One parent's money, from every transaction of theirs (`transactions`, by id) and the sale that paid their order in
 * join-api (`payingId`, or undefined):
 * - `charged` — sales that charged the parent: holding money now, or whose money moved before it was refunded or
 *   charged back (a second one is a DOUBLE CHARGE, whoever gave it back);
 * - `pendingHoldsVoided` — approved sales other than the paying one voided before settlement: a pending hold on the
 *   parent's card that never became a charge;
 * - `held` — sales holding money now (the subscription must be current exactly when one does);
 * - `refundsVoided` — refunds (credits) voided or refunded themselves, or recorded as what paid an order.
 */
export function parentMoney(transactions, payingId, orders) {
  const all = [...transactions.values()];
  const sales = all.filter((x) => x.type === 'sale');
  const credits = all.filter((x) => x.type === 'credit');
  const creditIds = new Set(credits.map((x) => x.id));
  return {
    charged: sales.filter((x) => holdsMoney(x, transactions) || moneyMoved(x)),
    held: sales.filter((x) => holdsMoney(x, transactions)),
    pendingHoldsVoided: sales.filter(
      (x) => x.id !== payingId && x.status === 'voided' && wasApproved(x) && !moneyMoved(x),
    ),
    secondRefunded: sales.filter((x) => x.id !== payingId && moneyMoved(x) && x.refundIds.length > 0),
    settlementDeclined: sales.filter((x) => x.status === 'settlement_declined'),
    refundsVoided: [
      ...credits.filter((x) => x.status === 'voided' || x.refundIds.length),
      ...orders.filter((o) => o.transaction_id && creditIds.has(o.transaction_id)),
    ],
  };
}

/**
 * What happens to paid sales after the day they were made, spread over the parents in fixed numbers (at least one of
 * each when there are enough parents), through the sandbox's control panel — which posts Braintree's notifications
 * for settlements, settlement declines and disputes, while refunds are found by join-api's search:
 * - `decline` — declined at the settlement batch (`transaction_settlement_declined`);
 * - `refund` — settled, then refunded in full by support; `partial` — settled, then refunded 10.00 (keeps the
 *   subscription);
 * - `dispute-lost` / `dispute-won` / `dispute-open` — settled, then charged back (`dispute_opened`, e-mailed to
 *   OPS_EMAIL) and lost / won / left open.
 * Everyone else is settled.
 */
export const AFTER_SALE_SHARES = {
  decline: 0.08,
  refund: 0.1,
  partial: 0.05,
  'dispute-lost': 0.05,
  'dispute-won': 0.05,
  'dispute-open': 0.03,
};

/** Gives each parent its `afterSale` event (or none) from `AFTER_SALE_SHARES`, shuffled with `rng`. */
export function assignAfterSale(parents, rng) {
  const order = parents.map((p) => ({ p, r: rng() })).sort((a, b) => a.r - b.r);
  let next = 0;
  for (const [event, share] of Object.entries(AFTER_SALE_SHARES)) {
    const n = Math.max(parents.length >= 20 ? 1 : 0, Math.round(share * parents.length));
    for (let k = 0; k < n && next < order.length; k++) order[next++].p.afterSale = event;
  }
}

/**
 * The settlement batch and what follows it, for every parent's sales still held: each is settled (or, the paying sale
 * of a `decline` parent, declined at settlement); then the refunds and disputes. `control(path, body)` posts to
 * `/sandbox/…`; `midway()` runs once half the batch is posted (the soak kills join-api there). Returns what was done.
 */
export async function settleAndAfter(parents, control, midway) {
  const done = {
    settled: 0,
    declined: 0,
    refunds: 0,
    partialRefunds: 0,
    disputesOpened: 0,
    disputesLost: 0,
    disputesWon: 0,
    refused: [],
  };
  // a control the sandbox refuses (422: the sale is not in a state for it) is listed, not fatal
  const tryControl = async (path, body) => {
    try {
      return await control(path, body);
    } catch (e) {
      done.refused.push(`${path}: ${e.message}`);
      return null;
    }
  };
  const held = parents.flatMap((p) =>
    [...p.transactions.values()].filter((x) => holdsMoney(x, p.transactions)).map((x) => ({ p, x })),
  );
  let posted = 0;
  await eachLimited(held, 8, async ({ p, x }) => {
    if (x.status === 'submitted_for_settlement' || x.status === 'settling') {
      if (x.id === p.payingId && p.afterSale === 'decline') {
        if (await tryControl(`transactions/${x.id}/settlement-decline`)) done.declined++;
      } else if (await tryControl(`transactions/${x.id}/settle`)) done.settled++;
    }
    if (++posted === Math.ceil(held.length / 2)) await midway();
  });
  const disputes = [];
  await eachLimited(
    parents.filter((p) => p.payingId && p.afterSale && p.afterSale !== 'decline'),
    8,
    async (p) => {
      const id = p.payingId;
      const partial = p.afterSale === 'partial';
      if (p.afterSale === 'refund' || partial) {
        const r = await tryControl(`transactions/${id}/refund`, partial ? { amount: '10.00' } : {});
        if (!r) return;
        p.refunded.push(r.refund.id);
        if (partial) done.partialRefunds++;
        else done.refunds++;
      } else {
        const r = await tryControl(`transactions/${id}/dispute`, { reason: 'fraud' });
        if (!r) return;
        disputes.push({ p, dispute: r.dispute });
        done.disputesOpened++;
      }
    },
  );
  // the network decides some time after the dispute was opened (its notification usually handled by then)
  await new Promise((r) => setTimeout(r, 1_000));
  for (const { p, dispute } of disputes) {
    if (p.afterSale === 'dispute-lost' && (await tryControl(`disputes/${dispute.id}/lose`))) done.disputesLost++;
    else if (p.afterSale === 'dispute-won' && (await tryControl(`disputes/${dispute.id}/win`))) done.disputesWon++;
  }
  return done;
}

async function eachLimited(items, limit, fn) {
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (i < items.length) await fn(items[i++]);
    }),
  );
}
