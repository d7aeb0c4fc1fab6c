// The money soak's measurement (bench/soak.mjs): what the sandbox holds for each parent, what join-api says of its
// subscription, and join-api's database read with join-api stopped (orders, subscriptions ended, e-mails queued).
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../dist/index.js';
import { holdsMoney, parentMoney } from '../soak-money.mjs';
import { sleep } from './soak-config.mjs';

/** Per parent: the sandbox's transactions (sales and refunds) for its email (`p.transactions`, by id). */
export async function observeSandbox({ sandboxCall }, parents) {
  await Promise.all(
    parents.map(async (p) => {
      const t = await sandboxCall('GET', `/sandbox/transactions?customerEmail=${encodeURIComponent(p.email)}`);
      p.transactions = new Map(t.transactions.map((x) => [x.id, x]));
    }),
  );
}

/** Per parent: isSubscriptionCurrent (join-api), as `p.subscribed`. */
export async function observeJoinApi(ctx, parents) {
  await Promise.all(
    parents.map(async (p) => {
      let res;
      // a 503 `overloaded` (join-api shedding load just after a restart) is asked again after its Retry-After
      for (let n = 1; ; n++) {
        res = await fetch(`${ctx.api.url}/api/v1/parents/${p.userId}`, {
          headers: { authorization: `Bearer ${p.authToken}` },
        });
        if (res.status !== 503 || n >= 10) break;
        await res.body?.cancel();
        await sleep((Number(res.headers.get('retry-after')) || 1) * 1000);
      }
      if (!res.ok) throw new Error(`GET /parents/${p.userId} ${res.status}`);
      p.subscribed = (await res.json()).isSubscriptionCurrent === true;
    }),
  );
}

/** The parent's sales that hold money (soak-money.mjs `holdsMoney`). */
export const heldSales = (p) => [...p.transactions.values()].filter((x) => holdsMoney(x, p.transactions));

/** join-api stopped, `change(db)` run on its database (time brought forward), join-api started again (`ctx.api`). */
export async function whileStopped(ctx, change) {
  await ctx.api.stop();
  const database = await openDatabase({ dataDir: ctx.dataDir });
  try {
    return await change(database.db);
  } finally {
    await database.close();
    ctx.api = await ctx.start();
  }
}

/** Orders made due now, as if the reconciler's back-off (5 minutes, then longer) had passed; how many. */
export const makeDue = async (db) =>
  (
    await db.execute(
      sql`update orders set lease_until = now() where status in ('pending', 'failed', 'paid') and lease_until > now() returning id`,
    )
  ).rows.length;

/**
 * The parents' orders, subscriptions ended and e-mails (join-api's database, join-api stopped) and the sandbox's
 * transactions for each order id; sets each parent's `orders`, `payingId` and `money` (soak-money.mjs `parentMoney`).
 * Returns orders by status, subscriptions ended by reason and e-mails queued by kind (counts).
 */
export async function readDatabase(ctx, parents) {
  const database = await openDatabase({ dataDir: ctx.dataDir });
  const ordersByUser = new Map();
  const orderStatus = {};
  const ended = {};
  const mails = {};
  try {
    const result = await database.db.execute(sql`select id, user_id, status, transaction_id from orders`);
    for (const o of result.rows) {
      orderStatus[o.status] = (orderStatus[o.status] ?? 0) + 1;
      if (!ordersByUser.has(o.user_id)) ordersByUser.set(o.user_id, []);
      ordersByUser.get(o.user_id).push(o);
    }
    const reasons = await database.db.execute(
      sql`select end_reason, count(*)::int as n from subscriptions where end_reason is not null group by end_reason`,
    );
    for (const r of reasons.rows) ended[r.end_reason] = r.n;
    const kinds = await database.db.execute(
      sql`select kind, count(*)::int as n from outbox where kind in ('dispute_opened', 'subscription_ended') group by kind`,
    );
    for (const r of kinds.rows) mails[r.kind] = r.n;
  } finally {
    await database.close();
  }
  for (const p of parents) {
    p.orders = ordersByUser.get(p.userId) ?? [];
    for (const o of p.orders) {
      const t = await ctx.sandboxCall('GET', `/sandbox/transactions?orderId=${encodeURIComponent(o.id)}`);
      for (const x of t.transactions) if (!p.transactions.has(x.id)) p.transactions.set(x.id, x);
    }
    p.payingId = p.orders.find((o) => o.status === 'paid')?.transaction_id ?? undefined;
    p.money = parentMoney(p.transactions, p.payingId, p.orders);
  }
  return { orderStatus, ended, mails };
}
