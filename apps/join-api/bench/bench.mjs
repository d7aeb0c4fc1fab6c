// join-api bench (issue 4): prints
//   1. GET /api/v1/packages throughput as a ratio to a hello-world route on the same server, same run;
//   2. POST /api/v1/orders (sandbox driver) p50/p99 latency with 200 parents signing up and paying concurrently,
//      charged by the real apps/payments-sandbox (`createSandboxApp`, in-process on 127.0.0.1);
// and writes the figures to <repo>/.bench/join-api.json ({ figures: { packagesToHelloRatio, ordersP50Ms, ordersP99Ms } })
// for the root join benchmark's table.
// Run: pnpm --filter join-api bench   (builds join-api first; builds payments-sandbox when its dist/ is missing)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serve } from '@hono/node-server';
import {
  createLogger,
  createSandboxGateway,
  loadEnv,
  openDatabase,
  seedReference,
  startServer,
} from '../dist/index.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const PARENTS = Number(process.env.BENCH_PARENTS ?? 200);

const repo = fileURLToPath(new URL('../../../', import.meta.url));

/** apps/payments-sandbox (its built entry; built once here when missing, e.g. on a fresh clone). */
async function loadSandbox() {
  try {
    return await import('payments-sandbox');
  } catch (e) {
    if (e?.code !== 'ERR_MODULE_NOT_FOUND') throw e;
    console.log('payments-sandbox is not built; building it (pnpm --filter payments-sandbox build)…');
    execFileSync('pnpm', ['--filter', 'payments-sandbox', 'build'], { cwd: repo, stdio: 'inherit' });
    return import('payments-sandbox');
  }
}

/** The real payments sandbox app (createSandboxApp) served in-process on a free 127.0.0.1 port. */
async function startSandbox() {
  const { createSandboxApp, SandboxStore } = await loadSandbox();
  const store = new SandboxStore();
  const app = createSandboxApp({ store });
  return new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        store,
        close: () =>
          new Promise((r) => {
            s.closeAllConnections?.();
            s.close(() => r());
          }),
      }),
    );
  });
}

function run(url, opts = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration: DURATION, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'join-api-bench-'));
const sandbox = await startSandbox();
const env = loadEnv({
  NODE_ENV: 'production',
  // production requires an SMTP server; the bench starts no outbox worker, so nothing is sent
  SMTP_URL: 'smtp://127.0.0.1:9',
  SANDBOX_URL: sandbox.url,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_FACTOR: '1000',
  DATA_DIR: dataDir,
  GATEWAY_TIMEOUT_MS: '30000',
});
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir });
let server;
try {
  await seedReference(database.db);
  server = await startServer(
    {
      db: database.db,
      env,
      logger: createLogger('silent'),
      gateway: createSandboxGateway({ baseUrl: sandbox.url, timeoutMs: 30000 }),
    },
    { port: 0, hostname: '127.0.0.1' },
  );
  console.log(
    `join-api bench — database ${database.kind}, ${os.cpus().length} CPUs, Node ${process.version}, ${DURATION}s per run, 50 connections`,
  );

  await run(`${server.url}/api/v1/hello`, { duration: 1 }); // warm-up
  const hello = await run(`${server.url}/api/v1/hello`);
  const packages = await run(`${server.url}/api/v1/packages?currency=USD&flow=join`);
  console.log(`GET /hello     ${hello.requests.average.toFixed(0).padStart(7)} req/s  p99 ${hello.latency.p99} ms`);
  console.log(
    `GET /packages  ${packages.requests.average.toFixed(0).padStart(7)} req/s  p99 ${packages.latency.p99} ms`,
  );
  const ratio = packages.requests.average / hello.requests.average;
  console.log(`packages / hello throughput ratio: ${ratio.toFixed(3)}`);

  // 200 parents sign up and pay at once.
  const signupBody = (i) =>
    JSON.stringify({
      flow: 'join',
      address: { country: 'US' },
      parent: { firstName: 'Bench', lastName: `P${i}`, email: `bench${i}@example.com`, phoneNumber: '2025550143' },
    });
  const billing = {
    streetAddress: '1 Main St',
    locality: 'Austin',
    region: 'TX',
    postalCode: '78701',
    countryCodeAlpha2: 'US',
  };
  const orderTimes = [];
  const signupTimes = [];
  const orderIds = [];
  let failures = 0;
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
      const { authToken } = await s.json();
      t0 = performance.now();
      const o = await fetch(`${server.url}/api/v1/orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${authToken}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ packageId: 2053, paymentMethodNonce: 'fake-valid-nonce', billingAddress: billing }),
      });
      const answer = await o.json();
      orderTimes.push(performance.now() - t0);
      if (o.status !== 201) failures++;
      else orderIds.push(answer.orderId);
    }),
  );
  const wall = performance.now() - started;
  orderTimes.sort((a, b) => a - b);
  signupTimes.sort((a, b) => a - b);
  console.log(
    `POST /signups  (${PARENTS} concurrent)  p50 ${pct(signupTimes, 50).toFixed(1)} ms  p99 ${pct(signupTimes, 99).toFixed(1)} ms`,
  );
  console.log(
    `POST /orders   (${PARENTS} concurrent)  p50 ${pct(orderTimes, 50).toFixed(1)} ms  p99 ${pct(orderTimes, 99).toFixed(1)} ms  (${failures} failed, ${(wall / 1000).toFixed(2)} s wall)`,
  );
  // Each paid order is exactly one sandbox transaction (idempotency holds under load).
  const charged = orderIds.filter((id) => sandbox.store.transactionsFor(id).length === 1).length;
  console.log(`payments-sandbox transactions: ${charged} of ${orderIds.length} paid orders charged exactly once`);

  const figures = {
    packagesToHelloRatio: +ratio.toFixed(3),
    ordersP50Ms: +pct(orderTimes, 50).toFixed(1),
    ordersP99Ms: +pct(orderTimes, 99).toFixed(1),
  };
  const out = path.join(repo, '.bench', 'join-api.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify({ figures, run: { at: new Date().toISOString(), database: database.kind, parents: PARENTS, failedOrders: failures, secondsPerRun: DURATION, cpus: os.cpus().length, node: process.version } }, null, 2)}\n`,
  );
  console.log(`Figures written to ${path.relative(repo, out)}`);
  if (failures || charged !== orderIds.length) process.exitCode = 1;
} finally {
  await server?.close();
  await database.close();
  await sandbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
