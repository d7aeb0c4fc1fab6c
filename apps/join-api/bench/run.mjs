// One database's run of the join-api bench (started by bench/bench.mjs once per database). join-api runs as its own
// production entry in a child process (bench/join-api-process.mjs: its own event loop, optionally CPU-profiled per phase) over a
// fresh PGlite folder or the Postgres database of BENCH_RUN_DATABASE_URL; this process is the load generator and
// serves the real payments sandbox (`createSandboxApp`). It measures:
//   1. GET /api/v1/packages throughput as a ratio to a hello-world route on the same server, same run (autocannon,
//      50 connections, BENCH_SECONDS each);
//   2. POST /api/v1/signups then POST /api/v1/orders (sandbox driver) p50/p99 with BENCH_PARENTS (200) parents at once,
//      each proving its address between the two (join-flow.mjs `proveAddress`, not timed);
//   3. on Postgres, the statements per call of the join (bench/statements.mjs);
//   4. open-loop load: parents arriving at fixed rates (bench/open-loop.mjs, BENCH_OPEN_LOOP=0 skips it);
// and checks that every paid order is exactly one sandbox transaction. On Postgres it also samples, during step 2,
// pg_stat_activity every 10 ms (what each backend of the bench database is doing or waiting on) and
// pg_stat_statements (calls and server time per statement). BENCH_RUN_CPU_PROF=<dir> profiles join-api (packages.cpuprofile, signups-orders.cpuprofile).
// Writes its figures and profile as JSON to the file named by BENCH_RUN_OUT.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { startJoinApi } from './join-api-process.mjs';
import { proveAddress } from './join-flow.mjs';
import { startSandbox } from './sandbox.mjs';
import { BILLING, signupBody } from './parents.mjs';
import { countStatements } from './statements.mjs';
import { cpuPerParent } from './cpu-per-parent.mjs';
import { openLoopBench } from './open-loop.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const PARENTS = Number(process.env.BENCH_PARENTS ?? 200);
const DATABASE_URL = process.env.BENCH_RUN_DATABASE_URL || undefined;
const OUT = process.env.BENCH_RUN_OUT;
/** Parents of the statements count (Postgres), one call at a time. */
const STATEMENT_PARENTS = Number(process.env.BENCH_STATEMENT_PARENTS ?? 50);
/** CPU per parent (Postgres, bench/cpu-per-parent.mjs): parents per pass and passes. */
const CPU_PARENTS = Number(process.env.BENCH_CPU_PARENTS ?? 100);
const CPU_PASSES = Number(process.env.BENCH_CPU_PASSES ?? 5);

function cannon(url, opts = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration: DURATION, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round1 = (x) => +x.toFixed(1);

/** Samples pg_stat_activity (this database's other backends) every `ms` until stopped. */
async function startSampler(url, ms = 10) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const waits = new Map();
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query(
        `select state, wait_event_type, wait_event from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      samples++;
      for (const r of rows) {
        const key =
          r.state === 'active'
            ? r.wait_event_type
              ? `active, waiting ${r.wait_event_type}:${r.wait_event}`
              : 'active, on CPU'
            : r.state === 'idle in transaction'
              ? 'idle in transaction (a transaction waits for the app)'
              : `${r.state}`;
        waits.set(key, (waits.get(key) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, ms));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    await client.end();
    return {
      samples,
      sampleEveryMs: ms,
      /** mean number of this database's backends in each state / wait event over the phase */
      backends: Object.fromEntries(
        [...waits.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, +(v / samples).toFixed(2)]),
      ),
    };
  };
}

/** pg_stat_statements of this database: reset before the phase, top statements by total time after it. */
async function statements(url, action) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    try {
      if (action === 'reset') {
        await client.query('create extension if not exists pg_stat_statements');
        await client.query('select pg_stat_statements_reset()');
        return undefined;
      }
    } catch {
      return undefined; // not preloaded on this server
    }
    const { rows } = await client
      .query(
        `select calls, total_exec_time, mean_exec_time, query from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
          and query not like '%pg_stat_activity%'
          and query not like 'update "outbox" set "attempts" = "outbox"."attempts" + %'
        order by total_exec_time desc limit 200`,
      )
      .catch(() => ({ rows: undefined }));
    return rows;
  } finally {
    await client.end();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'join-api-bench-'));
const sandbox = await startSandbox();
const kind = DATABASE_URL ? 'postgres' : 'pglite';
let server;
try {
  server = await startJoinApi({
    sandboxUrl: sandbox.url,
    databaseUrl: DATABASE_URL,
    dataDir,
    logFile: path.join(dataDir, 'join-api.log'),
    cpuProfDir: process.env.BENCH_RUN_CPU_PROF || undefined,
    phases: ['packages', 'signups-orders'],
  });
  const log = (line) => console.log(`  [${kind}] ${line}`);
  log(`${os.cpus().length} CPUs, Node ${process.version}, ${DURATION}s per throughput run, 50 connections`);

  // hello and packages alternate (two rounds of half the time each), so a change of the machine's load during the run
  // weighs on both alike
  const helloUrl = `${server.url}/api/v1/hello`;
  const packagesUrl = `${server.url}/api/v1/packages?currency=USD&flow=join`;
  await cannon(helloUrl, { duration: 1 }); // warm-up
  await cannon(packagesUrl, { duration: 1 });
  const rounds = { hello: [], packages: [] };
  for (let i = 0; i < 2; i++) {
    rounds.hello.push(await cannon(helloUrl, { duration: DURATION / 2 }));
    if (i === 1) await server.profile(); // the profile of GET /packages: its second round
    rounds.packages.push(await cannon(packagesUrl, { duration: DURATION / 2 }));
    if (i === 1) await server.profile();
  }
  const merge = (rs) => ({
    requests: { average: rs.reduce((a, r) => a + r.requests.average, 0) / rs.length },
    latency: { p99: Math.max(...rs.map((r) => r.latency.p99)) },
    non2xx: rs.reduce((a, r) => a + r.non2xx, 0),
  });
  const hello = merge(rounds.hello);
  const packages = merge(rounds.packages);
  log(`GET /hello     ${hello.requests.average.toFixed(0).padStart(7)} req/s  p99 ${hello.latency.p99} ms`);
  log(`GET /packages  ${packages.requests.average.toFixed(0).padStart(7)} req/s  p99 ${packages.latency.p99} ms`);
  const ratio = packages.requests.average / hello.requests.average;
  if (packages.non2xx) throw new Error(`GET /packages answered ${packages.non2xx} non-2xx`);

  // Statements per call of the join (Postgres: pg_stat_statements), its own parents one call at a time.
  const statementsPerCall =
    kind === 'postgres'
      ? await countStatements({
          base: server.url,
          databaseUrl: DATABASE_URL,
          parents: STATEMENT_PARENTS,
          newNonce: sandbox.newNonce,
          mailbox: server.mailbox,
          cpuMs: server.cpuMs,
        })
      : undefined;
  if (statementsPerCall)
    log(
      `statements per call (${STATEMENT_PARENTS} parents): ${Object.entries(statementsPerCall.perCall)
        .map(([k, v]) => `${k} ${v}`)
        .join(
          ', ',
        )}; per parent (sign-up + order) ${statementsPerCall.perParent}; join-api CPU ms per call ${Object.entries(
        statementsPerCall.cpuPerCall,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );

  // 200 parents sign up and pay at once.
  const orderTimes = [];
  const signupTimes = [];
  const orderIds = [];
  let failures = 0;
  const postgres = kind === 'postgres';
  if (postgres) await statements(DATABASE_URL, 'reset');
  const stopSampler = postgres ? await startSampler(DATABASE_URL) : undefined;
  await server.profile();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PARENTS }, async (_, i) => {
      let t0 = performance.now();
      const s = await fetch(`${server.url}/api/v1/signups`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: signupBody(i),
      });
      signupTimes.push(performance.now() - t0);
      if (s.status !== 201) return void failures++;
      const { authToken, userId } = await s.json();
      // the proof of the address (docs/IDENTITY.md) before paying, as join-web asks for it; not in either figure
      await proveAddress(server.url, { userId, authToken, email: `bench${i}@example.com`, mailbox: server.mailbox });
      t0 = performance.now();
      const o = await fetch(`${server.url}/api/v1/orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${authToken}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({
          packageId: 2053,
          paymentMethodNonce: sandbox.newNonce(),
          billingAddress: BILLING,
          expectedCharge: { amount: '216.00', currencyCode: 'USD' }, // §9 Premium, 1 year
        }),
      });
      const answer = await o.json();
      orderTimes.push(performance.now() - t0);
      if (o.status !== 201) failures++;
      else orderIds.push(answer.orderId);
    }),
  );
  const wall = performance.now() - started;
  await server.profile();
  const activity = await stopSampler?.();
  const stmts = postgres ? await statements(DATABASE_URL, 'read') : undefined;
  orderTimes.sort((a, b) => a - b);
  signupTimes.sort((a, b) => a - b);
  log(
    `POST /signups  (${PARENTS} concurrent)  p50 ${pct(signupTimes, 50).toFixed(1)} ms  p99 ${pct(signupTimes, 99).toFixed(1)} ms`,
  );
  log(
    `POST /orders   (${PARENTS} concurrent)  p50 ${pct(orderTimes, 50).toFixed(1)} ms  p99 ${pct(orderTimes, 99).toFixed(1)} ms  (${failures} failed, ${(wall / 1000).toFixed(2)} s wall)`,
  );
  // Each paid order is exactly one sandbox transaction (idempotency holds under load).
  const charged = orderIds.filter((id) => sandbox.store.transactionsFor(id).length === 1).length;
  log(`payments-sandbox transactions: ${charged} of ${orderIds.length} paid orders charged exactly once`);

  // join-api's CPU per paying parent (sign-up + order), one call at a time, once the process has served the parents
  // above (a process that has compiled its hot paths, as a server in production has)
  const cpu = postgres
    ? await cpuPerParent({
        base: server.url,
        newNonce: sandbox.newNonce,
        mailbox: server.mailbox,
        cpuMs: server.cpuMs,
        parents: CPU_PARENTS,
        passes: CPU_PASSES,
      })
    : undefined;
  if (cpu)
    log(
      `join-api CPU per parent (sign-up + order; median of ${CPU_PASSES} passes of ${CPU_PARENTS} parents): ` +
        `${cpu.perParent} ms (passes ${cpu.byPass.join(', ')}); per call ${Object.entries(cpu.perCall)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
    );
  const profile = {};
  if (activity) profile.activity = activity;
  if (stmts) {
    const calls = stmts.reduce((a, r) => a + Number(r.calls), 0);
    const time = stmts.reduce((a, r) => a + r.total_exec_time, 0);
    profile.statements = {
      /** statements the server ran per parent (one signup, the address's proof, one order; the outbox's polls not) */
      perParent: round1(calls / PARENTS),
      serverMsPerParent: +(time / PARENTS).toFixed(2),
      top: stmts.slice(0, 12).map((r) => ({
        calls: Number(r.calls),
        totalMs: round1(r.total_exec_time),
        meanMs: +r.mean_exec_time.toFixed(3),
        query: r.query.replace(/\s+/g, ' ').slice(0, 160),
      })),
    };
  }
  // Open-loop load: parents arriving at fixed rates, each against a fresh join-api process (bench/open-loop.mjs).
  let openLoop;
  if (process.env.BENCH_OPEN_LOOP !== '0') {
    await server.stop();
    openLoop = await openLoopBench({
      sandbox,
      databaseUrl: DATABASE_URL,
      workDir: dataDir,
      profileOut: process.env.BENCH_RUN_CPU_PROF || undefined,
      log,
    });
    if (openLoop.rates.some((r) => r.failed)) process.exitCode = 1;
  }
  const result = {
    database: kind,
    openLoop,
    poolMax: postgres ? Number(process.env.DATABASE_POOL_MAX || 0) || 'default' : null,
    figures: {
      helloRps: Math.round(hello.requests.average),
      packagesRps: Math.round(packages.requests.average),
      packagesToHelloRatio: +ratio.toFixed(3),
      signupsP50Ms: round1(pct(signupTimes, 50)),
      signupsP99Ms: round1(pct(signupTimes, 99)),
      ordersP50Ms: round1(pct(orderTimes, 50)),
      ordersP99Ms: round1(pct(orderTimes, 99)),
      phaseWallMs: Math.round(wall),
    },
    statementsPerCall,
    cpuPerParent: cpu,
    failedOrders: failures,
    chargedOnce: charged,
    paidOrders: orderIds.length,
    profile,
  };
  if (OUT) fs.writeFileSync(OUT, JSON.stringify(result, null, 2));
  if (failures || charged !== orderIds.length) process.exitCode = 1;
} finally {
  await server?.stop();
  await sandbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
