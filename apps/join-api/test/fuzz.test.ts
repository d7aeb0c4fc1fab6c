import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ProblemSchema } from '@ofw/api-client';
import { SIGNUP, signup, startFakeSandbox, testApp, type FakeSandbox, type TestApp } from './helpers.js';

/**
 * 10 000 generated bad requests → no 5xx, each answer a problem body. Requests are built from
 * the endpoints' schemas and then broken: wrong types, missing fields, junk JSON, huge strings, bad ids,
 * bad query values, bad tokens and headers.
 */
describe('fast-check: bad requests never answer 5xx', () => {
  let sandbox: FakeSandbox;
  let t: TestApp;
  let auth: { authToken: string; userId: number };
  beforeAll(async () => {
    sandbox = await startFakeSandbox();
    t = await testApp({ sandboxUrl: sandbox.url, env: { RATE_LIMIT_FACTOR: '100000', LOG_LEVEL: 'silent' } });
    auth = await signup(t);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const junk = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 40 }),
    fc.string({ minLength: 300, maxLength: 400 }),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.object({ maxDepth: 2 }),
  );
  const breakObject = (base: Record<string, unknown>) =>
    fc.tuple(fc.constantFrom(...Object.keys(base)), junk, fc.boolean()).map(([k, v, drop]) => {
      const copy: Record<string, unknown> = structuredClone(base);
      if (drop) delete copy[k];
      else copy[k] = v;
      return copy;
    });
  const orderBase = {
    packageId: 2053,
    paymentMethodNonce: 'fake-valid-nonce',
    billingAddress: { streetAddress: '1 a', locality: 'b', region: 'TX', postalCode: '12345', countryCodeAlpha2: 'US' },
    services: [],
    couponCode: 'X',
  };
  const request = fc.oneof(
    breakObject(SIGNUP as unknown as Record<string, unknown>).map((b) => ({
      method: 'POST',
      path: 'signups',
      body: JSON.stringify(b),
      key: undefined as string | undefined,
    })),
    breakObject({ ...SIGNUP.parent }).map((p) => ({
      method: 'POST',
      path: 'signups',
      body: JSON.stringify({ ...SIGNUP, parent: p }),
      key: undefined,
    })),
    fc
      .tuple(breakObject(orderBase), fc.oneof(fc.constant(undefined), fc.string({ maxLength: 300 })))
      .map(([b, key]) => ({ method: 'POST', path: 'orders', body: JSON.stringify(b), key })),
    fc.string({ maxLength: 200 }).map((s) => ({ method: 'POST', path: 'orders', body: s, key: 'fuzz-key-123456' })),
    breakObject({ username: 'abc.def', password: 'longenough1' }).map((b) => ({
      method: 'PUT',
      path: `parents/${auth.userId}/credentials`,
      body: JSON.stringify(b),
      key: undefined,
    })),
    fc.array(junk, { maxLength: 4 }).map((a) => ({
      method: 'PUT',
      path: `parents/${auth.userId}/security-questions`,
      body: JSON.stringify({ answers: a }),
      key: undefined,
    })),
    breakObject(orderBase.billingAddress).map((b) => ({
      method: 'PUT',
      path: `parents/${auth.userId}/billing-address`,
      body: JSON.stringify(b),
      key: undefined,
    })),
    junk.map((e) => ({
      method: 'PUT',
      path: `parents/${auth.userId}/coparent-email`,
      body: JSON.stringify({ coParentEmail: e }),
      key: undefined,
    })),
    fc
      .string({ maxLength: 30 })
      .map((s) => ({ method: 'GET', path: `parents/${encodeURIComponent(s)}`, body: undefined, key: undefined })),
    fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 })).map(([c, f]) => ({
      method: 'GET',
      path: `packages?currency=${encodeURIComponent(c)}&flow=${encodeURIComponent(f)}`,
      body: undefined,
      key: undefined,
    })),
    fc.string({ maxLength: 40 }).map((p) => ({
      method: 'GET',
      path: `phone/canadian?phoneNumber=${encodeURIComponent(p)}`,
      body: undefined,
      key: undefined,
    })),
    fc.string({ maxLength: 60 }).map((s) => ({
      method: 'GET',
      path: `coupons?registrationKey=${encodeURIComponent(s)}&signupId=${encodeURIComponent(s)}`,
      body: undefined,
      key: undefined,
    })),
    fc
      .constantFrom('DELETE', 'PATCH', 'POST')
      .map((m) => ({ method: m, path: 'countries', body: undefined, key: undefined })),
  );

  it('10 000 bad requests → no 5xx, every error a problem+json body', async () => {
    let count = 0;
    await fc.assert(
      fc.asyncProperty(request, fc.boolean(), async (r, withAuth) => {
        count++;
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (withAuth) headers.authorization = `Bearer ${auth.authToken}`;
        if (r.key !== undefined) headers['idempotency-key'] = r.key;
        const res = await t.app.request(`/api/v1/${r.path}`, {
          method: r.method,
          headers,
          ...(r.body !== undefined ? { body: r.body } : {}),
        });
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.headers.get('content-type')).toContain('application/problem+json');
          const problem = ProblemSchema.safeParse(await res.json());
          expect(problem.success).toBe(true);
          expect(problem.data!.status).toBe(res.status);
        } else {
          await res.arrayBuffer();
        }
      }),
      { numRuns: 10_000 },
    );
    expect(count).toBeGreaterThanOrEqual(10_000);
  }, 600_000);
});
