import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, operationPath, type Operation } from '@ofw/api-client';
import { signup, testApp, type TestApp } from './helpers.js';

const entries = Object.entries(contract) as [string, Operation][];
const byAuth = (auth: Operation['auth']) => entries.filter(([, op]) => op.auth === auth);

describe("operation(): the contract entry's auth and headers are enforced before the handler (docs/CONTRACTS.md 'HTTP API')", () => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof signup>>;
  let other: Awaited<ReturnType<typeof signup>>;
  beforeAll(async () => {
    t = await testApp({});
    me = await signup(t);
    other = await signup(t, {
      flow: 'join',
      languageLocale: 'en-US',
      address: { country: 'US' },
      parent: {
        firstName: 'Sam',
        lastName: 'Other',
        email: 'sam.other@example.com',
        phoneCountryCode: '+1',
        phoneNumber: '2025550144',
        timeZone: 'America/Chicago',
      },
    });
  });
  afterAll(() => t.close());

  /** Calls `op` for the parent `userId` (its path params filled in) with a JSON body when it takes one. */
  const callOp = (op: Operation, init: { token?: string; headers?: Record<string, string> } = {}) =>
    // a renewal link's {token}: well formed, unknown (its refusals are test/renewal-links.test.ts's)
    t.call(operationPath(op, { userId: me.userId, token: 'x'.repeat(43) }).slice(1), {
      method: op.method,
      ...(op.body ? { json: {} } : {}),
      ...init,
    });

  it.each(byAuth('parent'))("auth 'parent': %s without a session answers 401", async (_id, op) => {
    const res = await callOp(op);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it.each(byAuth('parent').filter(([, op]) => op.path.includes('{userId}')))(
    "auth 'parent' with {userId}: %s for another parent answers 403, whether that parent exists or not (IDOR guard)",
    async (_id, op) => {
      expect((await callOp(op, { token: other.authToken })).status).toBe(403);
      const unknown = operationPath(op, { userId: 999_999 }).slice(1);
      expect((await t.call(unknown, { method: op.method, token: me.authToken })).status).toBe(403);
    },
  );

  it.each(byAuth('parent-optional'))(
    "auth 'parent-optional': %s with an invalid bearer token answers 401 (a session is optional, a bad one is no session)",
    async (_id, op) => {
      expect((await callOp(op, { token: 'not-a-live-token-0000' })).status).toBe(401);
    },
  );

  it.each(byAuth('invite'))(
    "auth 'invite' (§7): %s with an unknown invite token answers 401 invalid_invite_token",
    async (_id, op) => {
      const res = await callOp(op, { token: 'unknown-invite-token-0000' });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'invalid_invite_token' });
    },
  );

  const checkedHeaders = entries.flatMap(([id, op]) =>
    (op.headers ?? []).filter((h) => h.schema).map((h) => [id, h.name, op, h.required] as const),
  );

  it('the Idempotency-Key of createSignup, createOrder and saveRenewalPaymentMethod is checked from the contract', () => {
    expect(checkedHeaders.map(([id, name]) => `${id} ${name}`).sort()).toEqual([
      'createOrder Idempotency-Key',
      'createSignup Idempotency-Key',
      'saveRenewalPaymentMethod Idempotency-Key',
    ]);
  });

  it.each(checkedHeaders)(
    '%s: a malformed %s answers 400 validation_failed naming the header (8–255 visible ASCII characters)',
    async (_id, name, op) => {
      const res = await callOp(op, { token: me.authToken, headers: { [name]: 'short' } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'validation_failed',
        errors: [{ field: `header.${name}`, message: 'Invalid format' }],
      });
    },
  );

  it.each(checkedHeaders.filter(([, , , required]) => required))(
    '%s: a missing required %s answers 400 <name>_required before the body is read',
    async (_id, name, op) => {
      const res = await callOp(op, { token: me.authToken });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: `${name.toLowerCase().replace(/-/g, '_')}_required`,
        errors: [{ field: `header.${name}`, message: 'Required' }],
      });
    },
  );
});
