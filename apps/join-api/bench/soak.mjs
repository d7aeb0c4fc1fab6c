// join-api money soak (issue 10 item 7, DESIGN.md §5 "Money safety"), part of `pnpm --filter join-api bench` (and so
// of the root `pnpm bench`); alone: `pnpm --filter join-api bench:soak`.
//
// For each payments driver (SOAK_DRIVERS, default `braintree,sandbox`): join-api's own entry (dist/main.js, so its
// reconciler runs as in production) is started as a child process on a free 127.0.0.1 port with a fresh PGlite folder,
// a short GATEWAY_TIMEOUT_MS (1000) and RECONCILE_INTERVAL_MS (1000), against the real payments sandbox served
// in-process (`createSandboxApp`). In `braintree` mode join-api runs the real npm `braintree` SDK against the sandbox's
// Braintree gateway API (BRAINTREE_ENVIRONMENT=Development, GATEWAY_HOST/PORT).
//
// The sandbox behaves as a gateway does over time (`PUT /sandbox/simulation`): sales submitted for settlement become
// `settling` after SOAK_SETTLING_MS (2 s) and `settled` after SOAK_SETTLED_MS (5 s) — 3 % `settlement_declined` —, so
// late approvals must be refunded rather than voided; and searches (advanced search, GET /v1/transactions?orderId=)
// see a sale only SOAK_SEARCH_LAG_MS (8 s) after it was made — longer than join-api's charge lease, so a retry under
// the same key searches, finds nothing, sells the same nonce again and meets 91564 (left in doubt, never failed), and
// reconciliation fails orders whose sale appears later (a late approval, given back).
//
// SOAK_PARENTS (default 100) parents sign up and pay at once, each attempt (Idempotency-Key) with its own single-use
// nonce tokenized by the sandbox (`store.createNonce` + a liability-shifted `setThreeDSecure`, as the page's hosted
// fields and 3DS lookup give one), so a retried sale meets Braintree's 91564 "already used" as in production, while
// the sandbox's fault control injects, at random:
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
// (a sale declined at settlement before join-api found it) always get a new key. Every parent waits Retry-After and retries (at most SOAK_MAX_ATTEMPTS times, SOAK_PARENT_DEADLINE_MS) until a
// definite answer: 201 paid, or 409 `order_already_paid` (another of its attempts was paid).
// Meanwhile:
//   - join-api is KILLED WITH SIGKILL SOAK_KILLS times (default 3, every SOAK_KILL_EVERY_MS) while POST /orders are in
//     flight, and restarted on the same port and PGlite folder (leases and in-flight keys survive in the database);
//   - support REFUNDS the settled sale of about SOAK_REFUND_SHARE (10 %) of the paid parents through the sandbox's
//     server API (`POST /v1/transactions/{id}/refund`) while reconciliation runs: a refund is a `credit` with the
//     sale's orderId, which reconciliation must never void, refund or count as an approval.
// After the last request, the charge lease, the latest late landing, the search lag and a reconcile interval, the
// approvals still held beyond one per parent are counted (late approvals of failed orders wait for the back-off's
// first re-check, 5 minutes); join-api is stopped, the back-off is brought forward in its database (failed and paid
// orders due now, as if those 5 minutes had passed), join-api restarted for one reconciliation pass, and every parent
// counted from the sandbox (GET /sandbox/transactions?customerEmail=, plus ?orderId= for each of its orders read from
// the database after join-api stopped) and from join-api (GET /api/v1/parents/{userId} `isSubscriptionCurrent`).
// Printed (plus the figures below them):
//   double charges: N                         (parents with more than one approved, unvoided, unrefunded sale)
//   paid parents without a subscription: N    (an approved, unvoided, unrefunded sale but no current subscription)
//   refunds voided: N                         (refunds — `credit`s — voided or refunded, or recorded as an order's payment)
// plus the p50/p99 of POST /orders, the faults injected of each kind, the kills, the support refunds and the late
// approvals given back. Any count above 0 (or a parent without a definite answer, or a subscription without a charge
// that support did not refund and settlement did not decline) exits 1 naming the parents.
// Figures go to <repo>/.bench/soak.json. SOAK_PARENTS, SOAK_GATEWAY_TIMEOUT_MS, SOAK_RECONCILE_INTERVAL_MS, SOAK_SEED
// and the variables above tune it.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { openDatabase, seedReference } from '../dist/index.js';
import { freePort } from './free-port.mjs';
import { loadSandbox, nonceMaker } from './sandbox.mjs';

const DRIVERS = (process.env.SOAK_DRIVERS ?? 'braintree,sandbox').split(',').filter(Boolean);
const PARENTS = Number(process.env.SOAK_PARENTS ?? 100);
const TIMEOUT_MS = Number(process.env.SOAK_GATEWAY_TIMEOUT_MS ?? 1000);
const RECONCILE_MS = Number(process.env.SOAK_RECONCILE_INTERVAL_MS ?? 1000);
const MAX_ATTEMPTS = Number(process.env.SOAK_MAX_ATTEMPTS ?? 60);
const PARENT_DEADLINE_MS = Number(process.env.SOAK_PARENT_DEADLINE_MS ?? 120_000);
const SEED = Number(process.env.SOAK_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SETTLING_MS = Number(process.env.SOAK_SETTLING_MS ?? 2000);
const SETTLED_MS = Number(process.env.SOAK_SETTLED_MS ?? 5000);
const SETTLEMENT_DECLINED_RATE = Number(process.env.SOAK_SETTLEMENT_DECLINED_RATE ?? 0.03);
const SEARCH_LAG_MS = Number(process.env.SOAK_SEARCH_LAG_MS ?? 8000);
const KILLS = Number(process.env.SOAK_KILLS ?? 3);
const KILL_EVERY_MS = Number(process.env.SOAK_KILL_EVERY_MS ?? 3000);
const REFUND_SHARE = Number(process.env.SOAK_REFUND_SHARE ?? 0.1);
/** A land-late sale is carried out this long after join-api's charge lease ran out, at most (ms). */
const LAND_LATE_MAX_MS = 4000;
const PACKAGE_ID = 2053;
/** Sale statuses that hold the parent's money (Braintree "Transaction statuses"). */
const APPROVED = new Set(['authorized', 'submitted_for_settlement', 'settling', 'settled', 'settlement_pending']);

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const appDir = fileURLToPath(new URL('../', import.meta.url));

/** mulberry32: a seeded PRNG, so a failing run can be replayed with SOAK_SEED. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/**
 * The real payments sandbox (fault control on) served in-process on a free 127.0.0.1 port; `newNonce()` tokenizes the
 * 3D Secure test Visa into a new single-use nonce carrying a successful (liability-shifted) 3DS result.
 */
async function startSandbox() {
  const { createSandboxApp, SandboxStore, FAKE_NONCES } = await loadSandbox();
  const store = new SandboxStore();
  const app = createSandboxApp({ store, nodeEnv: 'development' });
  const newNonce = nonceMaker(store, FAKE_NONCES);
  return new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        port: info.port,
        newNonce,
        close: () =>
          new Promise((r) => {
            s.closeAllConnections?.();
            s.close(() => r());
          }),
      }),
    );
  });
}

/**
 * braintree mode: join-api's gateway traffic passes through this proxy, which can hold a parent's sale BEFORE it
 * reaches the gateway and forward it even after join-api gave up (closed the connection): the charge really lands
 * after the gateway timeout, not just its answer (the sandbox's `delayMs` makes the charge at once and holds the
 * answer back). `holds` maps a customer email to the hold (ms) of each of its next sales.
 */
async function startLateProxy(target) {
  const holds = new Map();
  let held = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let hold = 0;
      if (req.method === 'POST' && /\/transactions$/.test(req.url ?? '')) {
        try {
          const email = JSON.parse(body.toString()).transaction?.customer?.email;
          const queue = holds.get(email);
          if (queue?.length) {
            hold = queue.shift();
            held++;
          }
        } catch {
          /* not JSON: passed through */
        }
      }
      setTimeout(() => {
        const up = http.request(
          { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            if (res.destroyed) return void answer.resume();
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            answer.on('error', () => res.destroy());
          },
        );
        up.on('error', () => res.destroy());
        up.end(body);
      }, hold);
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: server.address().port,
    holds,
    held: () => held,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * join-api's production entry as a child process (its reconciler included); stops itself if this process dies.
 * `port` (default a free one) and `logs` (parsed log lines, appended to) let a restart take over from a killed one.
 */
async function startJoinApi({ driver, sandbox, gatewayPort, dataDir, logFile, port: given, logs = [] }) {
  const port = given ?? (await freePort());
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // not `production`: production refuses the payments sandbox and a rate-limit factor (DESIGN.md §5); the
    // production defaults that matter here are set instead
    NODE_ENV: 'test',
    COOKIE_SECURE: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    METRICS_PORT: '0',
    DATA_DIR: dataDir,
    SANDBOX_URL: sandbox.url,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // no mail is sent here; the soak measures payments, so receipts queue in the outbox and the worker
    // (polling rarely) finds nothing listening — never on the request path
    SMTP_URL: 'smtp://127.0.0.1:9',
    OUTBOX_POLL_MS: '600000',
    RATE_LIMIT_FACTOR: '1000',
    HOUSEKEEPING_INTERVAL_MS: '0',
    GATEWAY_TIMEOUT_MS: String(TIMEOUT_MS),
    RECONCILE_INTERVAL_MS: String(RECONCILE_MS),
    PAYMENTS_DRIVER: driver,
    SOAK_CHILD_MAX_MS: '300000',
    ...(driver === 'braintree'
      ? {
          BRAINTREE_ENVIRONMENT: 'Development',
          BRAINTREE_MERCHANT_ID: 'ofw_sandbox',
          BRAINTREE_PUBLIC_KEY: 'sandbox_public_key',
          BRAINTREE_PRIVATE_KEY: 'sandbox_private_key',
          BRAINTREE_MERCHANT_ACCOUNTS: 'USD:ofw_usd,GBP:ofw_gbp,CAD:ofw_cad,AUD:ofw_aud,NZD:ofw_nzd',
          GATEWAY_HOST: '127.0.0.1',
          GATEWAY_PORT: String(gatewayPort),
          GATEWAY_SSL: 'false',
        }
      : {}),
  };
  const child = spawn(
    process.execPath,
    ['--import', fileURLToPath(new URL('./watchdog.mjs', import.meta.url)), 'dist/main.js'],
    { cwd: appDir, env, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const log = fs.createWriteStream(logFile, { flags: given === undefined ? 'w' : 'a' });
  const lines = logs;
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    log.write(chunk);
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop();
    for (const line of parts) {
      if (!line.startsWith('{')) continue;
      try {
        lines.push(JSON.parse(line));
      } catch {
        /* not a log line */
      }
    }
  });
  child.stderr.on('data', (chunk) => log.write(chunk));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`join-api exited at start-up (see ${logFile})`);
    try {
      if ((await fetch(`${url}/api/v1/hello`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error(`join-api did not start within 30 s (see ${logFile})`);
    await sleep(100);
  }
  let stopping;
  return {
    url,
    port,
    logs: lines,
    /** SIGKILL: no graceful shutdown, whatever is in flight is cut. */
    kill: () =>
      (stopping ??= (async () => {
        child.kill('SIGKILL');
        await exited;
        await new Promise((r) => log.end(r));
      })()),
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
        await new Promise((r) => log.end(r));
      })()),
  };
}

const billingAddress = {
  streetAddress: '1 Main St',
  locality: 'Austin',
  region: 'TX',
  postalCode: '78701',
  countryCodeAlpha2: 'US',
};

async function soak(driver, template) {
  const rng = prng(SEED + (driver === 'braintree' ? 0 : 1));
  const t0 = Date.now();
  const phases = {};
  const phase = (name) => (phases[name] = +((Date.now() - t0) / 1000).toFixed(1));
  const runId = randomUUID().slice(0, 8);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `join-api-soak-${driver}-`));
  fs.cpSync(template, dataDir, { recursive: true });
  const logFile = path.join(repo, '.bench', `soak-${driver}-join-api.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const sandbox = await startSandbox();
  const proxy = await startLateProxy(sandbox);
  const start = (port) =>
    startJoinApi({ driver, sandbox, gatewayPort: proxy.port, dataDir, logFile, port, logs: api?.logs });
  let api;
  const sandboxCall = async (method, url, body) => {
    const res = await fetch(`${sandbox.url}${url}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${url} ${res.status}: ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  let supportRefunding = true;
  let supportLoop;
  try {
    api = await start();
    phase('started');
    const leaseMs = (driver === 'braintree' ? 2 * TIMEOUT_MS : TIMEOUT_MS) + 5_000;
    console.log(
      `\nmoney soak — driver ${driver}, ${PARENTS} parents, GATEWAY_TIMEOUT_MS ${TIMEOUT_MS}, RECONCILE_INTERVAL_MS ${RECONCILE_MS}, charge lease ${leaseMs} ms, settling/settled after ${SETTLING_MS}/${SETTLED_MS} ms, search lag ${SEARCH_LAG_MS} ms, ${KILLS} SIGKILLs, seed ${SEED}`,
    );
    await sandboxCall('PUT', '/sandbox/simulation', {
      settlement: { settlingAfterMs: SETTLING_MS, settledAfterMs: SETTLED_MS, declinedRate: SETTLEMENT_DECLINED_RATE },
      searchLagMs: SEARCH_LAG_MS,
    });

    /** Faults asked for, per kind (`times` summed), to count what was injected. */
    const asked = { delay: 0, slow: 0, drop: 0, status503: 0, landLate: 0 };
    const kindOf = (f) =>
      f.delayMs !== undefined
        ? f.delayMs > TIMEOUT_MS
          ? 'delay'
          : 'slow'
        : f.landAfterMs !== undefined
          ? 'landLate'
          : f.dropResponseAfterCharge
            ? 'drop'
            : 'status503';
    async function addFault(fault) {
      await sandboxCall('POST', '/sandbox/faults', fault);
      asked[kindOf(fault)] += fault.times ?? 1;
    }
    const pastTimeout = () => TIMEOUT_MS + 200 + Math.floor(rng() * 1500);
    const pastLease = () => leaseMs + 1000 + Math.floor(rng() * (LAND_LATE_MAX_MS - 1000));

    // Sign-ups (no faults yet).
    const parents = Array.from({ length: PARENTS }, (_, i) => ({
      i,
      email: `soak-${runId}-${driver}-${i}@example.com`,
      reloads: rng() < 0.5,
      supportRefunds: rng() < REFUND_SHARE,
      refunded: [],
      plan: 'none',
      answers: [],
      keys: [],
      outcome: undefined,
    }));
    await Promise.all(
      parents.map(async (p) => {
        const res = await fetch(`${api.url}/api/v1/signups`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            flow: 'join',
            address: { country: 'US' },
            parent: { firstName: 'Soak', lastName: `P${p.i}`, email: p.email, phoneNumber: '2025550143' },
          }),
        });
        if (res.status !== 201) throw new Error(`POST /signups ${res.status}: ${await res.text()}`);
        const body = await res.json();
        p.userId = body.userId;
        p.authToken = body.authToken;
      }),
    );

    phase('signedUp');
    // Per-parent faults (both drivers send the payer's email with the sale; the late proxy is braintree's only).
    for (const p of parents) {
      const r = rng();
      const match = { customerEmail: p.email };
      if (r < 0.1 && driver === 'braintree') {
        // the sale reaches the gateway 0.2–2 s after join-api gave up (within the lease's 5 s margin)
        p.plan = 'late';
        proxy.holds.set(p.email, [pastTimeout() - 300]);
      } else if (r < 0.15 && driver === 'braintree') {
        p.plan = 'late×2';
        proxy.holds.set(p.email, [pastTimeout() - 300, pastTimeout() - 300]);
      } else if (r < 0.3) {
        p.plan = 'delay';
        await addFault({ delayMs: pastTimeout(), times: 1, match });
      } else if (r < 0.4) {
        p.plan = 'drop';
        await addFault({ dropResponseAfterCharge: true, times: 1, match });
      } else if (r < 0.52) {
        const times = 1 + Math.floor(rng() * 3);
        p.plan = `503x${times}`;
        await addFault({ status: 503, times, match });
      } else if (r < 0.6) {
        p.plan = '503+delay';
        await addFault({ status: 503, times: 1, match });
        await addFault({ delayMs: pastTimeout(), times: 1, match });
      } else if (r < 0.65) {
        p.plan = 'delay+drop';
        await addFault({ delayMs: pastTimeout(), times: 1, match });
        await addFault({ dropResponseAfterCharge: true, times: 1, match });
      } else if (r < 0.8) {
        // the answer is lost at once; the charge lands after join-api's lease on the order ran out
        p.plan = 'land-late';
        await addFault({ landAfterMs: pastLease(), times: 1, match });
      }
    }

    // Per-call faults at random while the parents pay.
    let paying = true;
    const chaosEvery = driver === 'braintree' ? 300 : 120;
    const chaos = (async () => {
      const stopAt = Date.now() + 12_000;
      while (paying && Date.now() < stopAt) {
        const r = rng();
        const times = 1 + Math.floor(rng() * 2);
        if (r < 0.3) await addFault({ delayMs: pastTimeout(), times });
        else if (r < 0.45) await addFault({ delayMs: Math.floor(TIMEOUT_MS * (0.6 + 0.35 * rng())), times });
        else if (r < 0.7) await addFault({ status: 503, times });
        else await addFault({ dropResponseAfterCharge: true, times: 1 });
        await sleep(chaosEvery * (0.5 + rng()));
      }
    })();

    // join-api killed with SIGKILL while orders are in flight, restarted on the same port and PGlite folder.
    let inFlight = 0;
    const kills = [];
    const killer = (async () => {
      const began = Date.now();
      for (let k = 1; k <= KILLS && paying; k++) {
        while (paying && (Date.now() - began < k * KILL_EVERY_MS || inFlight < 3)) await sleep(20);
        if (!paying) break;
        const cut = inFlight;
        await api.kill();
        const down = Date.now();
        api = await start(api.port);
        kills.push({ inFlight: cut, restartMs: Date.now() - down });
      }
    })();

    // Support refunds some paid parents' settled sales while join-api reconciles (server API, as support's tool).
    supportLoop = (async () => {
      while (supportRefunding) {
        for (const p of parents) {
          if (!supportRefunding) break;
          if (!p.supportRefunds || p.refunded.length || (p.outcome !== 'paid' && p.outcome !== 'already_paid'))
            continue;
          const { transactions } = await sandboxCall(
            'GET',
            `/sandbox/transactions?customerEmail=${encodeURIComponent(p.email)}`,
          );
          const settled = transactions.find((x) => x.type === 'sale' && x.status === 'settled' && !x.refundIds.length);
          if (!settled) continue;
          const res = await fetch(`${sandbox.url}/v1/transactions/${settled.id}/refund`, { method: 'POST' });
          if (res.ok) p.refunded.push((await res.json()).transaction.id);
        }
        await sleep(250);
      }
    })();

    const orderTimes = [];
    const timeToPaid = [];
    let lastRequestAt = Date.now();
    const started = performance.now();
    await Promise.all(
      parents.map(async (p) => {
        const t0 = performance.now();
        // each attempt (Idempotency-Key) carries its own single-use nonce, as the page tokenizes the card again
        const attempt = () => ({ key: randomUUID(), nonce: sandbox.newNonce() });
        let current = attempt();
        p.keys.push(current.key);
        for (let n = 1; n <= MAX_ATTEMPTS && performance.now() - t0 < PARENT_DEADLINE_MS; n++) {
          const s = performance.now();
          let status = 0;
          let body = null;
          let retryAfter = 1;
          inFlight++;
          try {
            const res = await fetch(`${api.url}/api/v1/orders`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${p.authToken}`,
                'idempotency-key': current.key,
              },
              body: JSON.stringify({
                packageId: PACKAGE_ID,
                paymentMethodNonce: current.nonce,
                billingAddress,
                expectedCharge: { amount: '216.00', currencyCode: 'USD' }, // §9 Premium, 1 year
              }),
              signal: AbortSignal.timeout(30_000),
            });
            status = res.status;
            body = await res.json().catch(() => null);
            retryAfter = Number(res.headers.get('retry-after')) || 1;
          } catch {
            /* no answer (join-api killed or restarting): retry */
          } finally {
            inFlight--;
          }
          orderTimes.push(performance.now() - s);
          lastRequestAt = Math.max(lastRequestAt, Date.now());
          const code = body?.code;
          p.answers.push(code ? `${status} ${code}` : String(status));
          if (status === 201) {
            p.outcome = 'paid';
            p.orderId = body.orderId;
            break;
          }
          if (status === 409 && code === 'order_already_paid') {
            p.outcome = 'already_paid';
            break;
          }
          if ([400, 403].includes(status) || (status === 422 && code !== 'payment_method_expired')) {
            p.outcome = `refused (${status} ${code})`;
            break;
          }
          await sleep(retryAfter * 1000 + rng() * 300);
          // a used or expired nonce, or a decline (the sale was declined at settlement before join-api found it): the
          // page tokenizes the card again under a new key
          if (
            (p.reloads && (status === 503 || status === 409)) ||
            (status === 409 && code === 'conflict') ||
            status === 422 ||
            status === 402
          ) {
            current = attempt();
            p.keys.push(current.key);
          }
        }
        p.outcome ??= 'unresolved';
        if (p.outcome === 'paid' || p.outcome === 'already_paid') timeToPaid.push(performance.now() - t0);
      }),
    );
    paying = false;
    await chaos;
    await killer;
    const payWall = performance.now() - started;

    // Faults injected = asked − still queued; then the gateway is healthy again for reconciliation.
    const left = (await sandboxCall('GET', '/sandbox/faults')).faults;
    const injected = { ...asked, late: proxy.held() };
    for (const f of left) injected[kindOf(f)] -= f.times;
    await sandboxCall('DELETE', '/sandbox/faults');

    // Past every charge lease, the latest land-late sale, the search lag and one reconcile interval (+ 2 s for the pass).
    const settleUntil = lastRequestAt + 2 * leaseMs + LAND_LATE_MAX_MS + SEARCH_LAG_MS + RECONCILE_MS + 2_000;
    phase('paid');
    await sleep(Math.max(0, settleUntil - Date.now()));
    phase('reconciled');

    /** Per parent: the sandbox's transactions (sales and refunds) for its email. */
    async function observeSandbox() {
      await Promise.all(
        parents.map(async (p) => {
          const t = await sandboxCall('GET', `/sandbox/transactions?customerEmail=${encodeURIComponent(p.email)}`);
          p.transactions = new Map(t.transactions.map((x) => [x.id, x]));
        }),
      );
    }
    /** Per parent: isSubscriptionCurrent (join-api). */
    async function observeJoinApi() {
      await Promise.all(
        parents.map(async (p) => {
          const res = await fetch(`${api.url}/api/v1/parents/${p.userId}`, {
            headers: { authorization: `Bearer ${p.authToken}` },
          });
          if (!res.ok) throw new Error(`GET /parents/${p.userId} ${res.status}`);
          p.subscribed = (await res.json()).isSubscriptionCurrent === true;
        }),
      );
    }
    const held = (p) =>
      [...p.transactions.values()].filter((x) => x.type === 'sale' && APPROVED.has(x.status) && !x.refundIds.length);
    const beyondOne = () => parents.reduce((n, p) => n + Math.max(0, held(p).length - 1), 0);
    await observeSandbox();
    const awaitingRecheck = beyondOne();
    supportRefunding = false;
    await supportLoop;
    phase('observed');

    // The back-off's first re-check of failed and paid orders (5 minutes) brought forward: join-api stopped, the orders
    // made due in its database as if that time had passed, join-api started again for one reconciliation pass.
    await api.stop();
    let madeDue = 0;
    {
      const database = await openDatabase({ dataDir });
      try {
        const r = await database.db.execute(
          sql`update orders set lease_until = now() where status in ('failed', 'paid') and lease_until > now() returning id`,
        );
        madeDue = r.rows.length;
      } finally {
        await database.close();
      }
    }
    api = await start(api.port);
    // its start-up pass re-checks every order made due (4 at once): wait until no parent holds more than one approval,
    // or SOAK_RECHECK_MS (60 s) — whatever is still held then is counted
    const recheckUntil = Date.now() + Number(process.env.SOAK_RECHECK_MS ?? 60_000);
    do {
      await sleep(RECONCILE_MS + 1_000);
      await observeSandbox();
    } while (beyondOne() > 0 && Date.now() < recheckUntil);
    await observeJoinApi();
    phase('rechecked');
    await api.stop();
    // counted once join-api has stopped: nothing it does can change the sandbox's transactions after this
    await observeSandbox();
    phase('stopped');

    // The parents' orders (join-api's database) and the sandbox's transactions for each order id.
    const database = await openDatabase({ dataDir });
    const ordersByUser = new Map();
    const orderStatus = {};
    try {
      const result = await database.db.execute(sql`select id, user_id, status, transaction_id from orders`);
      for (const o of result.rows) {
        orderStatus[o.status] = (orderStatus[o.status] ?? 0) + 1;
        if (!ordersByUser.has(o.user_id)) ordersByUser.set(o.user_id, []);
        ordersByUser.get(o.user_id).push(o);
      }
    } finally {
      await database.close();
    }
    for (const p of parents) {
      p.orders = ordersByUser.get(p.userId) ?? [];
      for (const o of p.orders) {
        const t = await sandboxCall('GET', `/sandbox/transactions?orderId=${encodeURIComponent(o.id)}`);
        for (const x of t.transactions) if (!p.transactions.has(x.id)) p.transactions.set(x.id, x);
      }
      const all = [...p.transactions.values()];
      const sales = all.filter((x) => x.type === 'sale');
      const credits = all.filter((x) => x.type === 'credit');
      p.approved = held(p);
      p.voided = sales.filter((x) => x.status === 'voided');
      p.reversedByRefund = sales.filter((x) => x.refundIds.some((id) => !p.refunded.includes(id)));
      p.settlementDeclined = sales.filter((x) => x.status === 'settlement_declined');
      const creditIds = new Set(credits.map((x) => x.id));
      // a refund voided or refunded, or recorded as what paid an order: reconciliation took it for an approval
      p.refundsVoided = [
        ...credits.filter((x) => x.status === 'voided' || x.refundIds.length),
        ...p.orders.filter((o) => o.transaction_id && creditIds.has(o.transaction_id)),
      ];
    }

    phase('counted');
    const doubleCharged = parents.filter((p) => p.approved.length > 1);
    const paidUnsubscribed = parents.filter((p) => p.approved.length > 0 && !p.subscribed);
    const refundsVoided = parents.filter((p) => p.refundsVoided.length > 0);
    // support's refunds and settlement declines take money back without join-api knowing (no webhooks): not counted
    const explained = (p) => p.refunded.length > 0 || p.settlementDeclined.length > 0;
    const subscribedUnpaid = parents.filter((p) => p.subscribed && p.approved.length === 0 && !explained(p));
    const unresolved = parents.filter((p) => p.outcome !== 'paid' && p.outcome !== 'already_paid');
    const lateVoided = parents.reduce((n, p) => n + p.voided.length, 0);
    const lateRefunded = parents.reduce((n, p) => n + p.reversedByRefund.length, 0);
    const supportRefunds = parents.reduce((n, p) => n + p.refunded.length, 0);
    const settlementDeclined = parents.reduce((n, p) => n + p.settlementDeclined.length, 0);
    const lateLogged = api.logs.filter((l) => /late approval/.test(l.msg ?? '')).length;
    const nonceReused = api.logs.filter((l) => /nonce already used/.test(l.msg ?? '')).length;
    orderTimes.sort((a, b) => a - b);
    timeToPaid.sort((a, b) => a - b);
    const attempts = parents.reduce((n, p) => n + p.answers.length, 0);
    const reloaded = parents.filter((p) => p.keys.length > 1).length;
    const answerCounts = {};
    for (const p of parents) for (const a of p.answers) answerCounts[a] = (answerCounts[a] ?? 0) + 1;

    console.log(
      `POST /orders   p50 ${pct(orderTimes, 50).toFixed(1)} ms  p99 ${pct(orderTimes, 99).toFixed(1)} ms  (${attempts} requests; ${(payWall / 1000).toFixed(1)} s until the last parent had an answer)`,
    );
    console.log(
      `time to a definite answer per parent: p50 ${pct(timeToPaid, 50).toFixed(0)} ms  p99 ${pct(timeToPaid, 99).toFixed(0)} ms`,
    );
    console.log(
      `answers: ${Object.entries(answerCounts)
        .sort((a, b) => b[1] - a[1])
        .map(([a, n]) => `${a} ×${n}`)
        .join(', ')}`,
    );
    console.log(
      `parents: ${parents.filter((p) => p.outcome === 'paid').length} paid (201), ${parents.filter((p) => p.outcome === 'already_paid').length} already paid (409 order_already_paid), ${unresolved.length} without a definite answer; ${reloaded} started a new attempt (new Idempotency-Key and nonce)`,
    );
    console.log(
      `faults injected: ${injected.delay} delays past the timeout, ${injected.drop} dropped answers after the charge, ${injected.landLate} sales landing after the lease, ${injected.status503} 503s, ${injected.slow} slow calls (under the timeout)${driver === 'braintree' ? `, ${injected.late} sales held until after the timeout` : ''} (asked ${asked.delay}/${asked.drop}/${asked.landLate}/${asked.status503}/${asked.slow})`,
    );
    console.log(
      `join-api killed with SIGKILL ${kills.length} times (POST /orders in flight: ${kills.map((k) => k.inFlight).join(', ')}; back up in ${kills.map((k) => `${(k.restartMs / 1000).toFixed(1)} s`).join(', ')}); retried sales answered 91564 and left in doubt: ${nonceReused}`,
    );
    console.log(
      `support refunds: ${supportRefunds}; sales declined at settlement: ${settlementDeclined}; approvals held beyond one per parent before the back-off re-check: ${awaitingRecheck} (${madeDue} failed/paid orders made due)`,
    );
    console.log(
      `orders: ${Object.entries(orderStatus)
        .map(([s, n]) => `${n} ${s}`)
        .join(', ')}`,
    );
    console.log(
      `late approvals given back: ${lateVoided} voided, ${lateRefunded} refunded (join-api logged ${lateLogged} late approvals given back)`,
    );
    console.log(`double charges: ${doubleCharged.length}`);
    console.log(`paid parents without a subscription: ${paidUnsubscribed.length}`);
    console.log(`refunds voided: ${refundsVoided.length}`);

    const describe = (p) =>
      `  parent ${p.i} (user ${p.userId}, ${p.email}, plan ${p.plan}, ${p.reloads ? 'reloads' : 'same key'}, ${p.outcome}): answers [${p.answers.join(', ')}]; orders [${p.orders.map((o) => `${o.id} ${o.status} ${o.transaction_id ?? ''}`).join(', ')}]; transactions [${[
        ...p.transactions.values(),
      ]
        .map((x) => `${x.type} ${x.id} ${x.orderId} ${x.status}${x.refundIds.length ? ` refunds ${x.refundIds}` : ''}`)
        .join(', ')}]; support refunds [${p.refunded}]; subscription current: ${p.subscribed}`;
    const report = (label, list) => {
      if (!list.length) return;
      console.log(`✗ ${label}: ${list.length}`);
      for (const p of list.slice(0, 20)) console.log(describe(p));
      if (list.length > 20) console.log(`  … and ${list.length - 20} more`);
    };
    report('double charges', doubleCharged);
    report('paid parents without a subscription', paidUnsubscribed);
    report('refunds voided', refundsVoided);
    report('subscriptions without an approved charge', subscribedUnpaid);
    report('parents without a definite answer', unresolved);
    const ok =
      !doubleCharged.length &&
      !paidUnsubscribed.length &&
      !refundsVoided.length &&
      !subscribedUnpaid.length &&
      !unresolved.length;
    if (!ok) console.log(`  (join-api's warnings and errors: ${path.relative(repo, logFile)})`);
    return {
      ok,
      figures: {
        doubleCharges: doubleCharged.length,
        paidParentsWithoutSubscription: paidUnsubscribed.length,
        refundsVoided: refundsVoided.length,
        ordersP50Ms: +pct(orderTimes, 50).toFixed(1),
        ordersP99Ms: +pct(orderTimes, 99).toFixed(1),
        faultsDelay: injected.delay,
        faultsDrop: injected.drop,
        faultsLandLate: injected.landLate,
        faults503: injected.status503,
        faultsSlow: injected.slow,
        ...(driver === 'braintree' ? { faultsLateSale: injected.late } : {}),
        kills: kills.length,
        supportRefunds,
        lateApprovalsVoided: lateVoided,
        lateApprovalsRefunded: lateRefunded,
      },
      run: {
        parents: PARENTS,
        requests: attempts,
        unresolvedParents: unresolved.length,
        subscriptionsWithoutCharge: subscribedUnpaid.length,
        settlementDeclined,
        awaitingRecheck,
        retriedSalesNonceUsed: nonceReused,
        reloadedParents: reloaded,
        orders: orderStatus,
        killsInFlight: kills.map((k) => k.inFlight),
        payWallSeconds: +(payWall / 1000).toFixed(1),
        timeToAnswerP50Ms: +pct(timeToPaid, 50).toFixed(0),
        timeToAnswerP99Ms: +pct(timeToPaid, 99).toFixed(0),
        phaseSeconds: phases,
      },
    };
  } finally {
    supportRefunding = false;
    await supportLoop?.catch(() => undefined);
    await api?.stop();
    await proxy.close();
    await sandbox.close();
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
