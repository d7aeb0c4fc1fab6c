import { expect } from 'vitest';
import type { TestApp } from './app.js';
import { SIGNUP, markProven } from './parents.js';

/** A password join-api accepts (12+ characters, not a common one: src/lib/password.ts), set before the guesses. */
export const STRONG_PASSWORD = 'violet-harbor-42-lantern';
/** Another accepted password: what a thief who does not know the current one tries to set. */
export const STRONGER_PASSWORD = 'quiet-meadow-97-compass';

/**
 * A new parent, signed up in-process from an address of its own (the sign-up limit is per client address), proven
 * (an unproven address pays nothing, docs/IDENTITY.md). `n` numbers the parent within its test file: its address is
 * `<net>.<n / 200>.<n % 200>` and its e-mail `<emailPrefix><n>@example.com`. Throws (a failed expectation) unless
 * the sign-up answers 201.
 */
export async function parentFromOwnAddress(
  t: TestApp,
  n: number,
  o: { net: string; emailPrefix: string },
): Promise<{ authToken: string; userId: number }> {
  const res = await t.call('signups', {
    method: 'POST',
    address: `${o.net}.${Math.floor(n / 200)}.${n % 200}`,
    json: { ...SIGNUP, parent: { ...SIGNUP.parent, email: `${o.emailPrefix}${n}@example.com` } },
  });
  expect(res.status).toBe(201);
  const answer = (await res.json()) as { authToken: string; userId: number };
  await markProven(t.db, answer.userId);
  return answer;
}

/**
 * A JSON request to `/api/v1/<path>` of a listening join-api at `origin` (e.g. `http://127.0.0.1:1234`) over a real
 * socket, as `token`'s bearer, with an `Idempotency-Key` when `key` is given (POST /orders); from 127.0.0.1.
 */
export function sendJson(
  origin: string,
  path: string,
  token: string,
  init: { method: string; body: unknown; key?: string },
): Promise<Response> {
  return fetch(`${origin}/api/v1/${path}`, {
    method: init.method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(init.key ? { 'idempotency-key': init.key } : {}),
    },
    body: JSON.stringify(init.body),
  });
}
