// One simulated parent going through join-api's calls of the join, in join-web's order: sign-up (with an
// Idempotency-Key, as join-web sends it), the proof of the e-mail address (a code asked for, read from the bench's
// mailbox, bench/lib/mailbox.mjs, and sent back: docs/IDENTITY.md), the parent's packages, the payments config (a
// client token), the order (sandbox driver, a liability-shifted 3D Secure nonce of the in-process sandbox, §9 Premium
// 1 year), then terms, credentials and security questions. Used by bench/statements.mjs (statements per call),
// bench/cpu-per-parent.mjs and bench/open-loop.mjs (latency per call at a fixed arrival rate); `proveAddress` by the
// benches that send their own sign-ups and orders.
import { randomUUID } from 'node:crypto';
import { BILLING, signupBody } from './parents.mjs';

/** The calls of one parent's join, in order (the names printed by the benches). */
export const CALLS = [
  'sign-up',
  'email code',
  'email verification',
  'packages',
  'payments config',
  'order',
  'terms',
  'credentials',
  'security questions',
];
/** The calls a paying parent makes before the payment goes through (the open-loop bench's parents). */
export const PAYING_CALLS = CALLS.slice(0, 6);

/**
 * Proves a signed-up parent's address as the parent does (docs/IDENTITY.md): `POST /parents/{userId}/email-code`, the
 * code read from the mailbox join-api's outbox delivers to, then `POST /parents/{userId}/email-verification`. For the
 * benches that send their own sign-ups and orders (bench/run.mjs's burst, bench/scale-out.mjs, the soak).
 * @param {string} base join-api's origin
 * @param {{ userId: number, authToken: string, email: string, mailbox: { code(email: string): Promise<string> },
 *   ip?: string }} o the sign-up's answer, the address signed up with, the bench's mailbox (bench/lib/mailbox.mjs)
 * @returns {Promise<void>}
 * @throws {Error} when either call answers other than 200 (a 503 is sent again, 9 times at most), or no code arrives
 *   in time (the mailbox's wait)
 */
export async function proveAddress(base, { userId, authToken, email, mailbox, ip }) {
  // a 503 `overloaded` (join-api shedding load, e.g. while it warms up) is sent again after its Retry-After, as the
  // page does; any other answer but 200 is the bench's error
  const post = async (step, body) => {
    for (let n = 1; ; n++) {
      const res = await fetch(`${base}/api/v1/parents/${userId}/${step}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${authToken}`,
          ...(ip ? { 'x-forwarded-for': ip } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      if (res.status === 503 && n < 10) {
        await new Promise((r) => setTimeout(r, (Number(res.headers.get('retry-after')) || 1) * 1000));
        continue;
      }
      if (res.status !== 200) throw new Error(`POST /parents/{userId}/${step} answered ${res.status}: ${text}`);
      return;
    }
  };
  await post('email-code');
  await post('email-verification', { code: await mailbox.code(email) });
}

/** The ids of three security questions (GET /security-questions, public and cached), for the last call. */
export async function securityQuestionIds(base) {
  const res = await fetch(`${base}/api/v1/security-questions`);
  if (!res.ok) throw new Error(`GET /security-questions answered ${res.status}`);
  return (await res.json()).slice(0, 3).map((q) => q.id);
}

/**
 * A parent `i` of a bench run: `call(name)` makes one call of {@link CALLS} (in order; each needs the ones before it)
 * and resolves to its HTTP status (the answer's body read). `ready(name)` resolves once the parent can make that
 * call: for 'email verification', once the code reached the mailbox (the outbox's delivery, which a bench times apart
 * from the call, as a parent's reading of the mail is no request). `ip`, when given, is sent as X-Forwarded-For
 * (join-api with `TRUSTED_PROXIES=loopback` then counts the parent's rate limits on its own address).
 * @param {string} base join-api's origin
 * @param {number|string} i the parent's number (its e-mail and username)
 * @param {{ newNonce: () => string, mailbox: { code(email: string): Promise<string> }, ip?: string,
 *   questionIds?: number[], email?: string }} o `newNonce` makes the order's single-use nonce (bench/sandbox.mjs
 *   `newNonce`); `mailbox` is where join-api delivers the parent's code (bench/lib/mailbox.mjs)
 */
export function joinParent(base, i, { newNonce, mailbox, ip, questionIds, email }) {
  const api = `${base}/api/v1`;
  const address = email ?? `bench${i}@example.com`; // parents.mjs `signupBody`'s default
  let authToken;
  let userId;
  let code;
  const headers = (more = {}) => ({
    ...(ip ? { 'x-forwarded-for': ip } : {}),
    ...(authToken ? { authorization: `Bearer ${authToken}` } : {}),
    ...more,
  });
  const json = { 'content-type': 'application/json' };
  const send = async (path, init) => {
    const res = await fetch(`${api}${path}`, init);
    const body = await res.text();
    return {
      status: res.status,
      body: body && res.headers.get('content-type')?.includes('json') ? JSON.parse(body) : body,
      retryAfter: res.headers.get('retry-after'),
    };
  };
  const steps = {
    'sign-up': async () => {
      const r = await send('/signups', {
        method: 'POST',
        headers: headers({ ...json, 'idempotency-key': randomUUID() }),
        body: signupBody(i, email ? { email } : {}),
      });
      if (r.status === 201) ({ authToken, userId } = r.body);
      return r;
    },
    'email code': () => send(`/parents/${userId}/email-code`, { method: 'POST', headers: headers() }),
    'email verification': async () => {
      code ??= await mailbox.code(address);
      return send(`/parents/${userId}/email-verification`, {
        method: 'POST',
        headers: headers(json),
        body: JSON.stringify({ code }),
      });
    },
    packages: () => send('/packages?currency=USD&flow=join', { headers: headers() }),
    'payments config': () => send('/payments/config?currency=USD', { headers: headers() }),
    order: () =>
      send('/orders', {
        method: 'POST',
        headers: headers({ ...json, 'idempotency-key': randomUUID() }),
        body: JSON.stringify({
          packageId: 2053,
          paymentMethodNonce: newNonce(),
          billingAddress: BILLING,
          expectedCharge: { amount: '216.00', currencyCode: 'USD' }, // §9 Premium, 1 year
        }),
      }),
    terms: () =>
      send(`/parents/${userId}/terms`, {
        method: 'PUT',
        headers: headers(json),
        body: JSON.stringify({ agreedToTerms: true }),
      }),
    credentials: async () => {
      const r = await send(`/parents/${userId}/credentials`, {
        method: 'PUT',
        headers: headers(json),
        body: JSON.stringify({ username: `bench.${i}.${process.pid}`, password: 'Tangerine-Lighthouse-47' }),
      });
      if (r.status === 200 && r.body.authToken) authToken = r.body.authToken; // credentials rotate the token
      return r;
    },
    'security questions': () =>
      send(`/parents/${userId}/security-questions`, {
        method: 'PUT',
        headers: headers(json),
        body: JSON.stringify({
          answers: (questionIds ?? []).map((questionId, n) => ({ questionId, answer: `answer number ${n} of ${i}` })),
        }),
      }),
  };
  return {
    /** @returns {Promise<{ status: number, body: unknown, retryAfter: string | null }>} */
    call: (name) => steps[name](),
    /** @returns {Promise<void>} rejects when no code arrives in the mailbox's wait */
    ready: async (name) => {
      if (name === 'email verification') code ??= await mailbox.code(address);
    },
  };
}
