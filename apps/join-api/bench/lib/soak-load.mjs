// The money soak's load (bench/soak.mjs): the parents sign up and prove their address (docs/IDENTITY.md), then pay
// at once under faults, retrying as the payment page does, while join-api is SIGKILLed and restarted; each
// POST /orders timed.
import { randomUUID } from 'node:crypto';
import { METHODS, PURCHASES } from '../soak-payers.mjs';
import { assignAfterSale } from '../soak-money.mjs';
import { proveAddress } from '../join-flow.mjs';
import { GB_SHARE, KILLS, KILL_EVERY_MS, MAX_ATTEMPTS, PARENTS, PARENT_DEADLINE_MS, sleep } from './soak-config.mjs';

/**
 * SOAK_PARENTS parents signed up (no faults yet), each with its country, payment method, retry habit and the money
 * after its sale (soak-money.mjs `assignAfterSale`), its address proven with the code from `ctx.mailbox`
 * (bench/lib/mailbox.mjs). `ctx`: driver, rng, runId, api (join-api's url), mailbox.
 */
export async function signUp(ctx) {
  const { driver, rng, runId } = ctx;
  // a quarter GB parents buying in GBP; half the parents pay with the frictionless card, the others with a challenged
  // card, a card not enrolled in 3D Secure or PayPal
  const methodOf = (r) => (r < 0.5 ? METHODS[0] : r < 0.65 ? METHODS[1] : r < 0.8 ? METHODS[2] : METHODS[3]);
  const parents = Array.from({ length: PARENTS }, (_, i) => ({
    i,
    email: `soak-${runId}-${driver}-${i}@example.com`,
    reloads: rng() < 0.5,
    country: rng() < GB_SHARE ? 'GB' : 'US',
    method: methodOf(rng()),
    afterSale: undefined,
    refunded: [],
    plan: 'none',
    answers: [],
    keys: [],
    outcome: undefined,
  }));
  await Promise.all(
    parents.map(async (p) => {
      // a 503 `overloaded` (join-api sheds load while it warms up) is retried after its Retry-After, as the page does
      for (let n = 1; ; n++) {
        const res = await fetch(`${ctx.api.url}/api/v1/signups`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            flow: 'join',
            address: { country: p.country },
            parent: { ...PURCHASES[p.country].parent(p.i), email: p.email },
          }),
        });
        if (res.status === 503 && n < 10) {
          await sleep((Number(res.headers.get('retry-after')) || 1) * 1000);
          continue;
        }
        if (res.status !== 201) throw new Error(`POST /signups ${res.status}: ${await res.text()}`);
        const body = await res.json();
        p.userId = body.userId;
        p.authToken = body.authToken;
        await proveAddress(ctx.api.url, {
          userId: p.userId,
          authToken: p.authToken,
          email: p.email,
          mailbox: ctx.mailbox,
        });
        break;
      }
    }),
  );
  assignAfterSale(parents, rng);
  return parents;
}

/**
 * The parents pay at once, each until a definite answer (or SOAK_MAX_ATTEMPTS answers, SOAK_PARENT_DEADLINE_MS), while
 * `faults.chaos` injects per-call faults and join-api is killed SOAK_KILLS times. Returns the kills (POST /orders in
 * flight, restart ms), the POST /orders times and each parent's time to a definite answer (ms), when the last request
 * was answered (epoch ms) and the wall time of the whole (ms).
 */
export async function payAll(ctx, parents, faults) {
  const { rng, sandbox } = ctx;
  let paying = true;
  const chaos = faults.chaos(() => paying);

  // join-api killed with SIGKILL while orders are in flight, restarted on the same port and PGlite folder.
  let inFlight = 0;
  const kills = [];
  const killer = (async () => {
    const began = Date.now();
    for (let k = 1; k <= KILLS && paying; k++) {
      while (paying && (Date.now() - began < k * KILL_EVERY_MS || inFlight < 3)) await sleep(20);
      if (!paying) break;
      const cut = inFlight;
      await ctx.api.kill();
      const down = Date.now();
      ctx.api = await ctx.start();
      kills.push({ inFlight: cut, restartMs: Date.now() - down });
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
      const purchase = PURCHASES[p.country];
      const attempt = async () => ({
        key: randomUUID(),
        nonce: await sandbox.payers.nonceFor(p.method, { amount: purchase.expectedCharge.amount, email: p.email }),
      });
      let current = await attempt();
      p.keys.push(current.key);
      for (let n = 1; n <= MAX_ATTEMPTS && performance.now() - t0 < PARENT_DEADLINE_MS; n++) {
        const s = performance.now();
        let status = 0;
        let body = null;
        let retryAfter = 1;
        inFlight++;
        try {
          const res = await fetch(`${ctx.api.url}/api/v1/orders`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${p.authToken}`,
              'idempotency-key': current.key,
            },
            body: JSON.stringify({
              packageId: purchase.packageId,
              paymentMethodNonce: current.nonce,
              billingAddress: purchase.billingAddress,
              expectedCharge: purchase.expectedCharge,
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
        // no answer (join-api down, restarting after a SIGKILL): the page waits; only answers use up attempts
        if (status === 0) n--;
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
          current = await attempt();
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
  return { kills, orderTimes, timeToPaid, lastRequestAt, payWall };
}
