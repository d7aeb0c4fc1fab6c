// Scale-out check of the join-api bench: two join-api processes (dist/main.js, different ports) on ONE
// Postgres database, behind a round-robin "load balancer" (this script picks the process per request), with
// TRUSTED_PROXIES=loopback so each simulated parent has its own client address (X-Forwarded-For from the
// RFC 2544 benchmarking range; only a header, no traffic leaves 127.0.0.1) and RATE_LIMIT_FACTOR=1 (production limits).
// It shows that nothing is kept per process:
//   1. replays of one order: one parent sends the same order (same Idempotency-Key) 5 times at once, alternately to
//      each process, and retries 409s after Retry-After (5 + 4 retries stay under the 10 order attempts per parent
//      and hour) → every answer is the same order, and the payments sandbox's
//      transaction list for that order holds exactly one sale;
//   2. a rate limit hit on one process is seen by the other: one client address calls GET /phone/canadian (60 per
//      minute) alternately on both → the 61st call is refused (429) whichever process gets it;
//   3. orders throughput: BENCH_PARENTS parents sign up, prove their address and pay at once on one process, then as
//      many on both.
// Both processes' outboxes deliver to one mailbox (bench/lib/mailbox.mjs): the parents' e-mail codes
// (docs/IDENTITY.md), whichever process's worker sends them.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { startJoinApi } from './join-api-process.mjs';
import { proveAddress } from './join-flow.mjs';
import { startMailbox } from './lib/mailbox.mjs';
import { startSandbox } from './sandbox.mjs';
import { BILLING, signupBody } from './parents.mjs';

const PARENTS = Number(process.env.BENCH_PARENTS ?? 200);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** A distinct client address per simulated parent (198.18.0.0/15, RFC 2544's benchmarking range). */
const clientAddress = (i) => `198.18.${(i >> 8) & 255}.${i & 255}`;

/** A parent signs up and proves the address (the code read from `mailbox`); resolves to the session's token. */
async function signUp(base, i, ip, mailbox) {
  const email = `scale${i}.${randomUUID().slice(0, 8)}@example.com`;
  const res = await fetch(`${base}/api/v1/signups`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: signupBody(i, { firstName: 'Scale', email }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const { authToken, userId } = await res.json();
  await proveAddress(base, { userId, authToken, email, mailbox, ip });
  return authToken;
}

function order(base, token, key, ip, nonce) {
  return fetch(`${base}/api/v1/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': key,
      'x-forwarded-for': ip,
    },
    body: JSON.stringify({
      packageId: 2053,
      paymentMethodNonce: nonce,
      billingAddress: BILLING,
      expectedCharge: { amount: '216.00', currencyCode: 'USD' }, // §9 Premium, 1 year
    }),
  });
}

/** POST /orders until a definite answer (a 409 in flight waits Retry-After); one nonce per key, as the page sends. */
async function orderUntilDone(base, token, key, ip, nonce) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const res = await order(base, token, key, ip, nonce);
    if (res.status !== 409) return { status: res.status, body: await res.json() };
    await res.body?.cancel();
    await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
  }
  throw new Error('order never got a definite answer');
}

/** `parents` sign up and pay at once, parent i through bases[i % bases.length]. */
async function throughput(bases, parents, offset, newNonce, mailbox) {
  const started = performance.now();
  let failed = 0;
  await Promise.all(
    Array.from({ length: parents }, async (_, i) => {
      const base = bases[i % bases.length];
      const ip = clientAddress(offset + i);
      try {
        const token = await signUp(base, offset + i, ip, mailbox);
        const r = await orderUntilDone(base, token, randomUUID(), ip, newNonce());
        if (r.status !== 201) failed++;
      } catch {
        failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: +(parents / seconds).toFixed(1), seconds: +seconds.toFixed(2), failed };
}

/**
 * Runs the three checks on the Postgres database `databaseUrl`.
 * @returns {{ ok: boolean, lines: string[], figures: Record<string, number> }}
 */
export async function scaleOutBench(databaseUrl) {
  const sandbox = await startSandbox();
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'join-api-scale-out-'));
  const env = { TRUSTED_PROXIES: 'loopback', RATE_LIMIT_FACTOR: '1' };
  const mailbox = await startMailbox();
  const procs = [];
  const lines = [];
  let ok = true;
  try {
    // started one after the other: the second one finds the migrations applied (advisory lock either way)
    for (const n of [1, 2]) {
      procs.push(
        await startJoinApi({
          sandboxUrl: sandbox.url,
          databaseUrl,
          logFile: path.join(logDir, `join-api-${n}.log`),
          env,
          mailbox,
        }),
      );
    }
    const [a, b] = procs.map((p) => p.url);
    lines.push(`processes: ${a} and ${b} (one database)`);

    // 1. replays of one order split across both processes
    const ip = clientAddress(60_000);
    const token = await signUp(a, 60_000, ip, mailbox);
    const key = randomUUID();
    const nonce = sandbox.newNonce();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => orderUntilDone(i % 2 ? b : a, token, key, ip, nonce)),
    );
    const ids = new Set(answers.map((r) => r.body.orderId));
    const statuses = new Set(answers.map((r) => r.status));
    const [orderId] = ids;
    const sales = sandbox.store.transactionsFor(orderId).filter((t) => t.type === 'sale').length;
    const replaysOk = ids.size === 1 && statuses.size === 1 && statuses.has(201) && sales === 1;
    ok &&= replaysOk;
    lines.push(
      `${replaysOk ? '✓' : '✗'} 5 replays of one order (one Idempotency-Key), split across both: ${ids.size} order id(s), answers ${[...statuses].join('/')}, ${sales} sandbox sale(s) for ${orderId}`,
    );

    // 2. a rate limit counted on one process is seen by the other (GET /phone/canadian: 60 per minute per client)
    const limitIp = clientAddress(61_000);
    const codes = [];
    for (let i = 0; i < 62; i++) {
      const res = await fetch(`${i % 2 ? b : a}/api/v1/phone/canadian?phoneNumber=4165550123`, {
        headers: { 'x-forwarded-for': limitIp },
      });
      codes.push(res.status);
      await res.body?.cancel();
    }
    const firstRefused = codes.indexOf(429);
    const limitOk = firstRefused === 60 && codes.slice(60).every((c) => c === 429);
    ok &&= limitOk;
    lines.push(
      `${limitOk ? '✓' : '✗'} rate limit 60/min for one client, calls alternating between both: call ${firstRefused + 1} refused (429) on process ${(firstRefused % 2) + 1}, and so is call 62 on process 2`,
    );

    // 3. orders throughput, one process then both
    const one = await throughput([a], PARENTS, 0, sandbox.newNonce, mailbox);
    const two = await throughput([a, b], PARENTS, 10_000, sandbox.newNonce, mailbox);
    ok &&= !one.failed && !two.failed;
    lines.push(
      `${PARENTS} parents sign up and pay at once: one process ${one.perSecond}/s (${one.seconds} s), two processes ${two.perSecond}/s (${two.seconds} s); ${one.failed + two.failed} failed`,
    );
    return {
      ok,
      lines,
      figures: {
        scaleOutReplaySales: sales,
        scaleOutRateLimitFirst429: firstRefused + 1,
        scaleOutOrdersPerSecondOneProcess: one.perSecond,
        scaleOutOrdersPerSecondTwoProcesses: two.perSecond,
      },
    };
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    await mailbox.close();
    await sandbox.close();
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}
