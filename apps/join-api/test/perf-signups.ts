import { SIGNUP, type TestApp } from './helpers.js';

/** The spec's sign-up (helpers.ts SIGNUP) of a parent whose e-mail is `<n>@example.com`. */
export const person = (n: string) => ({ ...SIGNUP, parent: { ...SIGNUP.parent, email: `${n}@example.com` } });

/** POST /signups with `body`, under the Idempotency-Key `key` when given; the raw Response. */
export const postSignup = (t: TestApp, body: unknown, key?: string) =>
  t.call('signups', { method: 'POST', json: body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
