// join-api money soak (docs/PAYMENTS.md "Money safety"), part of `pnpm --filter join-api bench` (and so
// of the root `pnpm bench`); alone: `pnpm --filter join-api bench:soak`.
//
// For each payments driver (SOAK_DRIVERS, default `braintree,sandbox`): join-api's own entry (dist/main.js, so its
// reconciler and payment-events worker run as in production) is started as a child process on a free 127.0.0.1 port
// with a fresh PGlite folder, a short GATEWAY_TIMEOUT_MS (1000), RECONCILE_INTERVAL_MS (1000) and
// PAYMENT_EVENTS_POLL_MS (500), OPS_EMAIL set, against the real payments sandbox served in-process (`startSandbox`,
// its 3D Secure bank on a second 127.0.0.1 port). In `braintree` mode join-api runs the real npm `braintree` SDK against
// the sandbox's Braintree gateway API (BRAINTREE_ENVIRONMENT=Development, GATEWAY_HOST/PORT). The sandbox posts its
// webhook notifications (Braintree "Webhooks": `bt_signature` + `bt_payload`) to join-api's
// `POST /api/v1/webhooks/braintree`; join-api's port is chosen before either starts and every restart listens on it
// again, so a delivery refused while join-api is down is retried by the sandbox's queue (250 ms, doubling).
//
// Searches (advanced search, GET /v1/transactions?orderId=) see a sale only SOAK_SEARCH_LAG_MS (8 s) after it was made
// (`PUT /sandbox/simulation`) — longer than join-api's charge lease, so a retry under the same key searches, finds
// nothing, sells the same nonce again and meets 91564 (left in doubt, never failed), and reconciliation fails orders
// whose sale appears later (a late approval, given back). Sales stay `submitted_for_settlement` until the soak's
// settlement batch (below), as on Braintree, which settles once a day (Braintree "Transaction statuses"); simulated
// settlement over time (SOAK_SETTLING_MS / SOAK_SETTLED_MS / SOAK_SETTLEMENT_DECLINED_RATE, off by default) makes late
// approvals settle before join-api finds them — each then refunded, a double charge the parent sees.
//
// SOAK_PARENTS (default 100) parents sign up and pay at once — a quarter (SOAK_GB_SHARE) GB parents buying Essentials
// in GBP (2061, £107.99), the others US parents buying Premium in USD (2053, $216.00) — each attempt (Idempotency-Key)
// with its own single-use nonce made as the payment page makes it (bench/soak-payers.mjs): half a card authenticated
// frictionlessly (3DS, liability shifted), the others a card challenged by its bank (the challenge answered through the
// bank's pages), a card not enrolled (`authentication_unavailable`, sold without the shift) or a one-time PayPal
// checkout — so a retried sale meets Braintree's 91564 "already used" as in production, while the sandbox's fault
// control injects, at random:
//   - per parent (`match.customerEmail`, both drivers send the payer's email with the sale) — a delay of the sale past
//     the gateway timeout (the charge is made, its answer comes after join-api gave up), a dropped answer after the
//     charge, one to three 503s, a 503 followed by a delay, or a sale that LANDS AFTER THE LEASE (`landAfterMs`: the
//     answer is lost at once and the charge is carried out 1–4 s after join-api's charge lease ran out);
//   - per call (no match, `times`), every few hundred ms for 12 s — delays past the timeout on whatever call comes
//     next (nonce lookups, searches, voids…), slow calls just under the timeout, dropped sale answers, 503s;
//   - braintree mode, per parent: sales held by a proxy in front of the gateway API and forwarded 0.2–2 s after
//     join-api gave up (the charge itself lands late, inside the lease's 5 s margin).
// Half of the parents retry with a new Idempotency-Key (and a new nonce) after a 503 or 409 (a reload), the others
// with the same key (and nonce); a 409 `conflict` (attempt closed), a 422 `payment_method_expired` and a 402 decline
// always get a new key. Every parent waits Retry-After and retries (at most SOAK_MAX_ATTEMPTS answers — no answer,
// join-api being down, uses up none — and SOAK_PARENT_DEADLINE_MS) until a definite answer: 201 paid, or 409 `order_already_paid` (another of its attempts was
// paid). Meanwhile join-api is KILLED WITH SIGKILL SOAK_KILLS times (default 3, every SOAK_KILL_EVERY_MS) while
// POST /orders are in flight, and restarted on the same port and PGlite folder.
//
// Then, time brought forward where production waits:
//   1. past the charge lease (SOAK_LEASE_MS if join-api's changes), the latest late landing, the search lag and a
//      reconcile interval, join-api is stopped, the back-off's first re-check (5 minutes) brought forward in its
//      database (pending, failed and paid orders due now), the paying sale of each parent read, join-api restarted,
//      and the soak waits (SOAK_RECHECK_MS, 60 s at most) until no sale other than a paying one holds money;
//   2. money after the sale (bench/soak-money.mjs `settleAndAfter`), through the sandbox's control panel: the day's
//      settlement batch settles every sale still held — the paying sale of ~8 % of the parents is declined at
//      settlement instead (`transaction_settlement_declined` posted) — with join-api SIGKILLed halfway through it;
//      then support refunds ~10 % in full and ~5 % in part (10.00: the subscription stays), and ~13 % are charged back
//      (`dispute_opened` posted, e-mailed to OPS_EMAIL), then lost or won (`dispute_lost` / `dispute_won`) or left
//      open; past the search lag (refunds are found by join-api's search, Braintree posts nothing for them) the
//      paid orders' next re-check is brought forward too: it meets the refunds under each order id;
//   3. the soak waits (SOAK_MONEY_WAIT_MS, 60 s at most) until every notification was delivered and every parent's
//      subscription is current exactly when a sale of theirs holds money, stops join-api and counts every parent from
//      the sandbox (GET /sandbox/transactions?customerEmail=, plus ?orderId= for each of its orders read from the
//      database: status, statusHistory, refunds, disputes) and from join-api (GET /api/v1/parents/{userId}
//      `isSubscriptionCurrent`).
// A sale HOLDS MONEY when approved (not voided, not declined at settlement), its refunds add up to less than its amount
// and no chargeback was lost; a sale CHARGED the parent when it holds money or its statusHistory reached settlement
// (`settling`/`settled`: Braintree "Transaction statuses" — it can then only be refunded, and the parent's statement
// shows the charge and the refund apart). Printed (plus the figures above them):
//   second sales voided before settlement (pending holds): N   (approved sales other than the paying one, voided)
//   double charges: N                           (parents charged by more than one sale — whoever gave one back)
//   paid without a current subscription: N      (a sale holds the parent's money, the subscription is not current)
//   current subscriptions without money held: N (current, but the paying sale holds no money)
//   refunds voided: N                           (refunds — `credit`s — voided or refunded, or recorded as an order's payment)
// plus the p50/p99 of POST /orders, the payers and their paying sales by kind and currency, the faults injected of
// each kind, the kills, the settlements, declines, refunds and disputes, the notifications delivered and retried, the
// subscriptions join-api ended by reason and the e-mails it queued. Any of the last four above 0, or a parent without
// a definite answer, exits 1 naming the parents (their transactions with status history).
// Figures go to <repo>/.bench/soak.json. SOAK_PARENTS, SOAK_GATEWAY_TIMEOUT_MS, SOAK_RECONCILE_INTERVAL_MS, SOAK_SEED
// and the variables above tune it.//
// The entry runs the phases; bench/lib/ holds the parts: soak-config.mjs (the settings above), soak-servers.mjs (the
// sandbox, the late proxy, join-api), soak-load.mjs (sign-ups and payments), soak-faults.mjs (the fault plan),
// soak-observe.mjs (what the sandbox and join-api show) and soak-report.mjs (the counts printed and written).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, seedReference } from '../dist/index.js';
import { freePort } from './free-port.mjs';
import { startMailbox } from './lib/mailbox.mjs';
import { settleAndAfter } from './soak-money.mjs';
import {
  DRIVERS,
  KILLS,
  LAND_LATE_MAX_MS,
  MONEY_WAIT_MS,
  PARENTS,
  RECONCILE_MS,
  SEARCH_LAG_MS,
  SEED,
  SETTLED_MS,
  SETTLEMENT_DECLINED_RATE,
  SETTLING_MS,
  TIMEOUT_MS,
  prng,
  repo,
  sleep,
} from './lib/soak-config.mjs';
import { startJoinApi, startLateProxy, startSandbox } from './lib/soak-servers.mjs';
import { faultInjector } from './lib/soak-faults.mjs';
import { payAll, signUp } from './lib/soak-load.mjs';
import { heldSales, makeDue, observeJoinApi, observeSandbox, readDatabase, whileStopped } from './lib/soak-observe.mjs';
import { soakReport } from './lib/soak-report.mjs';

/** One driver's soak: sign-ups, payments under faults and kills, the money after the sale, the count (soakReport). */
async function soak(driver, template) {
  const t0 = Date.now();
  const phases = {};
  const phase = (name) => (phases[name] = +((Date.now() - t0) / 1000).toFixed(1));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `join-api-soak-${driver}-`));
  fs.cpSync(template, dataDir, { recursive: true });
  const logFile = path.join(repo, '.bench', `soak-${driver}-join-api.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  // join-api's port is chosen first: the sandbox posts its notifications there, to whichever process listens
  const apiPort = await freePort();
  const sandbox = await startSandbox(`http://127.0.0.1:${apiPort}/api/v1/webhooks/braintree`);
  const proxy = await startLateProxy(sandbox);
  const mailbox = await startMailbox(); // the parents' e-mail codes (docs/IDENTITY.md), read before they pay
  /** What the parts of the run share; `api` is the join-api process of the moment (restarted after each kill). */
  const ctx = {
    driver,
    rng: prng(SEED + (driver === 'braintree' ? 0 : 1)),
    runId: randomUUID().slice(0, 8),
    phases,
    dataDir,
    logFile,
    sandbox,
    proxy,
    mailbox,
    api: undefined,
    start: () =>
      startJoinApi({
        driver,
        sandbox,
        gatewayPort: proxy.port,
        smtpUrl: mailbox.url,
        dataDir,
        logFile,
        port: apiPort,
        append: ctx.api !== undefined,
        logs: ctx.api?.logs,
      }),
    sandboxCall: async (method, url, body) => {
      const res = await fetch(`${sandbox.url}${url}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`${method} ${url} ${res.status}: ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    },
  };
  const { sandboxCall } = ctx;
  try {
    ctx.api = await ctx.start();
    phase('started');
    // join-api's charge lease (orders/charge-lease.ts: the driver's longest charge + 5 s); SOAK_LEASE_MS if it changes
    ctx.leaseMs = Number(process.env.SOAK_LEASE_MS ?? (driver === 'braintree' ? 2 * TIMEOUT_MS : TIMEOUT_MS) + 5_000);
    const { leaseMs } = ctx;
    console.log(
      `\nmoney soak — driver ${driver}, ${PARENTS} parents, GATEWAY_TIMEOUT_MS ${TIMEOUT_MS}, RECONCILE_INTERVAL_MS ${RECONCILE_MS}, charge lease ${leaseMs} ms, ${SETTLING_MS ? `settling/settled after ${SETTLING_MS}/${SETTLED_MS} ms` : 'settled by the batch'}, search lag ${SEARCH_LAG_MS} ms, ${KILLS} SIGKILLs, seed ${SEED}`,
    );
    await sandboxCall('PUT', '/sandbox/simulation', {
      ...(SETTLING_MS
        ? {
            settlement: {
              settlingAfterMs: SETTLING_MS,
              settledAfterMs: SETTLED_MS,
              declinedRate: SETTLEMENT_DECLINED_RATE,
            },
          }
        : {}),
      searchLagMs: SEARCH_LAG_MS,
    });

    const parents = await signUp(ctx);
    phase('signedUp');
    const faults = faultInjector(ctx);
    await faults.planParentFaults(parents);
    const { kills, orderTimes, timeToPaid, lastRequestAt, payWall } = await payAll(ctx, parents, faults);
    const injected = await faults.injected();

    // Past every charge lease, the latest land-late sale, the search lag and one reconcile interval (+ 2 s for the pass).
    const settleUntil = lastRequestAt + 2 * leaseMs + LAND_LATE_MAX_MS + SEARCH_LAG_MS + RECONCILE_MS + 2_000;
    phase('paid');
    await sleep(Math.max(0, settleUntil - Date.now()));
    phase('reconciled');

    const beyondOne = () => parents.reduce((n, p) => n + Math.max(0, heldSales(p).length - 1), 0);
    await observeSandbox(ctx, parents);
    const awaitingRecheck = beyondOne();
    phase('observed');

    // The back-off's first re-check of failed and paid orders (5 minutes) brought forward — well before the day's
    // settlement batch, as on Braintree, where a sale stays `submitted_for_settlement` until its batch (Braintree
    // "Transaction statuses": settlement happens once a day) — and the paying sale of each paid order read.
    const madeDue = await whileStopped(ctx, async (db) => {
      const paid = await db.execute(sql`select user_id, transaction_id from orders where status = 'paid'`);
      const paying = new Map(paid.rows.map((o) => [o.user_id, o.transaction_id]));
      for (const p of parents) p.payingId = paying.get(p.userId);
      return makeDue(db);
    });
    // its start-up pass re-checks every order made due (4 at once): wait until no sale other than a paying one holds
    // money, or SOAK_RECHECK_MS (60 s) — whatever is still held then is settled by the batch and counted
    const notPaying = () => parents.reduce((n, p) => n + heldSales(p).filter((x) => x.id !== p.payingId).length, 0);
    const recheckUntil = Date.now() + Number(process.env.SOAK_RECHECK_MS ?? 60_000);
    do {
      await sleep(RECONCILE_MS + 1_000);
      await observeSandbox(ctx, parents);
    } while (notPaying() > 0 && Date.now() < recheckUntil);
    const heldAtBatch = notPaying();
    phase('rechecked');

    // Money after the sale: the settlement batch (every sale still held settled, or declined at settlement), join-api
    // SIGKILLed halfway through it while notifications are in flight (the sandbox's queue retries them), then support's
    // refunds and the disputes (AFTER_SALE_SHARES in soak-money.mjs).
    let notificationKill;
    const afterSale = await settleAndAfter(
      parents,
      (to, body) => sandboxCall('POST', `/sandbox/${to}`, body ?? {}),
      async () => {
        const down = Date.now();
        await ctx.api.kill();
        ctx.api = await ctx.start();
        notificationKill = { restartMs: Date.now() - down };
      },
    );
    // refunds show in searches only after the search lag; then the paid orders' next re-check brought forward too: its
    // pass meets the refunds under each order id, which it must never void, refund or take for an approval
    await sleep(SEARCH_LAG_MS + RECONCILE_MS);
    const madeDueAfterSale = await whileStopped(ctx, makeDue);
    phase('afterSale');

    // join-api follows the money: until every parent's subscription is current exactly when a sale of theirs holds
    // money and every notification was delivered (or given up), SOAK_MONEY_WAIT_MS at most — what differs then counts
    const deliveriesOver = () => sandbox.webhooks.list().every((d) => d.delivered || d.attempts >= 10);
    const moneyUntil = Date.now() + MONEY_WAIT_MS;
    for (;;) {
      await sleep(1_000);
      await observeSandbox(ctx, parents);
      await observeJoinApi(ctx, parents);
      const differ = parents.some((p) => p.subscribed !== heldSales(p).length > 0);
      if ((!differ && deliveriesOver()) || Date.now() > moneyUntil) break;
    }
    phase('followed');
    await ctx.api.stop();
    // counted once join-api has stopped: nothing it does can change the sandbox's transactions after this
    await observeSandbox(ctx, parents);
    phase('stopped');

    const { orderStatus, ended, mails } = await readDatabase(ctx, parents);
    phase('counted');
    return soakReport(ctx, parents, {
      orderTimes,
      timeToPaid,
      payWall,
      asked: faults.asked,
      injected,
      kills,
      awaitingRecheck,
      madeDue,
      heldAtBatch,
      orderStatus,
      ended,
      mails,
      afterSale,
      madeDueAfterSale,
      notificationKill,
    });
  } finally {
    await ctx.api?.stop();
    await proxy.close();
    await sandbox.close();
    await mailbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const started = Date.now();
// One migrated and seeded PGlite folder, copied for each run (a fresh PGlite folder takes ~15 s to initialise here).
const template = fs.mkdtempSync(path.join(os.tmpdir(), 'join-api-soak-template-'));
const results = {};
try {
  const database = await openDatabase({ dataDir: template });
  await seedReference(database.db);
  await database.close();
  for (const driver of DRIVERS) results[driver] = await soak(driver, template);
} finally {
  fs.rmSync(template, { recursive: true, force: true });
}
const figures = {};
for (const [driver, r] of Object.entries(results))
  for (const [k, v] of Object.entries(r.figures)) figures[`${driver}${k[0].toUpperCase()}${k.slice(1)}`] = v;
const out = path.join(repo, '.bench', 'soak.json');
fs.writeFileSync(
  out,
  `${JSON.stringify(
    {
      figures,
      run: {
        at: new Date().toISOString(),
        seed: SEED,
        gatewayTimeoutMs: TIMEOUT_MS,
        reconcileIntervalMs: RECONCILE_MS,
        seconds: Math.round((Date.now() - started) / 1000),
        cpus: os.cpus().length,
        node: process.version,
        drivers: Object.fromEntries(Object.entries(results).map(([d, r]) => [d, r.run])),
      },
    },
    null,
    2,
  )}\n`,
);
console.log(`\nSoak figures written to ${path.relative(repo, out)} (${Math.round((Date.now() - started) / 1000)} s)`);
if (Object.values(results).some((r) => !r.ok)) {
  console.log('✗ fault soak failed: see the parents listed above (SOAK_SEED=%d replays the fault plan)', SEED);
  process.exitCode = 1;
}
