// join-api bench (issue 4): prints
//   1. GET /api/v1/packages throughput as a ratio to a hello-world route on the same server, same run;
//   2. POST /api/v1/orders (sandbox driver) p50/p99 latency with 200 parents signing up and paying concurrently.
// Run: pnpm --filter join-api bench   (builds first through turbo's `bench` dependsOn build)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { createLogger, createSandboxGateway, loadEnv, openDatabase, seedReference, startServer } from '../dist/index.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const PARENTS = Number(process.env.BENCH_PARENTS ?? 200);

// A minimal stand-in for the sandbox's server API so the figure measures join-api, not the sandbox.
function startSandbox() {
  const app = new Hono();
  const byOrder = new Map();
  app.post('/v1/transactions', async (c) => {
    const b = await c.req.json();
    const prior = byOrder.get(b.orderId);
    if (prior) return c.json({ transaction: prior });
    const t = { id: randomUUID().slice(0, 8), status: 'submitted_for_settlement', processorResponseCode: '1000', processorResponseText: 'Approved', creditCard: { cardType: 'Visa', last4: '1111', bin: '411111' } };
    byOrder.set(b.orderId, t);
    return c.json({ transaction: t });
  });
  app.get('/v1/transactions', (c) => {
    const t = byOrder.get(c.req.query('orderId'));
    return t ? c.json({ transaction: t }) : c.json({ error: { code: 'not_found', message: 'none' } }, 404);
  });
  return new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve({ url: `http://127.0.0.1:${info.port}`, close: () => new Promise((r) => { s.close(() => r()); s.closeAllConnections?.(); }) }));
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
const env = loadEnv({ NODE_ENV: 'production', SANDBOX_URL: sandbox.url, LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '1000', DATA_DIR: dataDir, GATEWAY_TIMEOUT_MS: '30000' });
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir });
let server;
try {
  await seedReference(database.db);
  server = await startServer(
    { db: database.db, env, logger: createLogger('silent'), gateway: createSandboxGateway({ baseUrl: sandbox.url, timeoutMs: 30000 }) },
    { port: 0, hostname: '127.0.0.1' },
  );
  console.log(`join-api bench — database ${database.kind}, ${os.cpus().length} CPUs, Node ${process.version}, ${DURATION}s per run, 50 connections`);

  await run(`${server.url}/api/v1/hello`, { duration: 1 }); // warm-up
  const hello = await run(`${server.url}/api/v1/hello`);
  const packages = await run(`${server.url}/api/v1/packages?currency=USD&flow=join`);
  console.log(`GET /hello     ${hello.requests.average.toFixed(0).padStart(7)} req/s  p99 ${hello.latency.p99} ms`);
  console.log(`GET /packages  ${packages.requests.average.toFixed(0).padStart(7)} req/s  p99 ${packages.latency.p99} ms`);
  console.log(`packages / hello throughput ratio: ${(packages.requests.average / hello.requests.average).toFixed(3)}`);

  // 200 parents sign up and pay at once.
  const signupBody = (i) => JSON.stringify({ flow: 'join', address: { country: 'US' }, parent: { firstName: 'Bench', lastName: `P${i}`, email: `bench${i}@example.com`, phoneNumber: '2025550143' } });
  const billing = { streetAddress: '1 Main St', locality: 'Austin', region: 'TX', postalCode: '78701', countryCodeAlpha2: 'US' };
  const orderTimes = [];
  const signupTimes = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PARENTS }, async (_, i) => {
      let t0 = performance.now();
      const s = await fetch(`${server.url}/api/v1/signups`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: signupBody(i) });
      signupTimes.push(performance.now() - t0);
      if (s.status !== 201) return void failures++;
      const { authToken } = await s.json();
      t0 = performance.now();
      const o = await fetch(`${server.url}/api/v1/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${authToken}`, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ packageId: 2053, paymentMethodNonce: 'fake-valid-nonce', billingAddress: billing }),
      });
      await o.arrayBuffer();
      orderTimes.push(performance.now() - t0);
      if (o.status !== 201) failures++;
    }),
  );
  const wall = performance.now() - started;
  orderTimes.sort((a, b) => a - b);
  signupTimes.sort((a, b) => a - b);
  console.log(`POST /signups  (${PARENTS} concurrent)  p50 ${pct(signupTimes, 50).toFixed(1)} ms  p99 ${pct(signupTimes, 99).toFixed(1)} ms`);
  console.log(`POST /orders   (${PARENTS} concurrent)  p50 ${pct(orderTimes, 50).toFixed(1)} ms  p99 ${pct(orderTimes, 99).toFixed(1)} ms  (${failures} failed, ${(wall / 1000).toFixed(2)} s wall)`);
} finally {
  await server?.close();
  await database.close();
  await sandbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
