import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { ApiError, ParentStateSchema, ProblemSchema, createApiClient, type ParentState } from '@ofw/api-client';
import { issueToken } from '../src/accounts.js';
import { users } from '../src/db/schema.js';
import { BILLING, DATABASES, SIGNUP, markPaid, markProven, signup, testApp, type TestApp } from './helpers.js';

/** Serves a test app on 127.0.0.1 (random port) so that the real api-client talks to it over HTTP. */
async function listen(t: TestApp) {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function problemOf(res: Response) {
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  return ProblemSchema.parse(await res.json());
}

async function stateOf(t: TestApp, userId: number, token: string): Promise<ParentState> {
  const res = await t.call(`parents/${userId}`, { token });
  expect(res.status).toBe(200);
  return ParentStateSchema.parse(await res.json());
}

let n = 0;
const email = () => `parent${++n}@example.com`;

describe.each(DATABASES)('billing address and co-parent email (%s)', (kind) => {
  let t: TestApp;
  let http: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    t = await testApp({ kind });
    http = await listen(t);
  });
  afterAll(async () => {
    await http.close();
    await t.close();
  });

  it('§4 Completion: a pro-created account completes without paying once it saves a billing address (api-client over HTTP)', async () => {
    const referral = await issueToken(t.db, 'pro_referral', {
      data: { proFirstName: 'Jo', proLastName: 'Counsel' },
      now: new Date(),
    });
    const created = await createApiClient({ baseUrl: http.baseUrl }).createSignup({
      body: {
        ...SIGNUP,
        address: { country: 'US' },
        flow: 'pro',
        proReferralToken: referral,
        parent: { ...SIGNUP.parent, email: email() },
      },
    });
    const { userId } = created;
    // the pro-created parent's address is proven (docs/IDENTITY.md: the co-parent invitation waits for it)
    await markProven(t.db, userId);
    let authToken = created.authToken;
    const api = createApiClient({ baseUrl: http.baseUrl, getAuthToken: () => authToken });

    await api.putTerms({ params: { userId }, body: { agreedToTerms: true } });
    // setting credentials rotates the session; a Bearer client takes the new token from the answer
    const rotated = await api.putCredentials({
      params: { userId },
      body: {
        username: `pro.parent.${kind}`,
        password: 'correct horse battery',
      },
    });
    authToken = rotated.authToken!;
    const questions = await api.getSecurityQuestions({ headers: { 'Accept-Language': 'en-US' } });
    const before = await api.putSecurityQuestions({
      params: { userId },
      body: {
        answers: questions.slice(0, 3).map((q, i) => ({ questionId: q.id, answer: `answer ${i}` })),
      },
    });
    // Everything but the billing address: a pro-created account never pays, so it cannot complete yet.
    expect(before).toMatchObject({
      userCreatedByPro: true,
      subscriptionStatus: 'none',
      agreedToTerms: true,
      requireCredentials: false,
      securityQuestionsComplete: true,
      billingAddressComplete: false,
      isJoinComplete: false,
    });

    const after = await api.putBillingAddress({ params: { userId }, body: { ...BILLING, extendedAddress: 'Suite 4' } });
    expect(after).toMatchObject({ billingAddressComplete: true, isSubscriptionCurrent: false, isJoinComplete: true });
    expect(await api.getParent({ params: { userId } })).toMatchObject({
      billingAddressComplete: true,
      isJoinComplete: true,
    });
    const [row] = await t.db.select({ billingAddress: users.billingAddress }).from(users).where(eq(users.id, userId));
    expect(row!.billingAddress).toEqual({ ...BILLING, extendedAddress: 'Suite 4' });

    // nothing to pay: the co-parent question is answered (an invitation sent) without a payment
    expect(
      await api.putCoParentEmail({ params: { userId }, body: { coParentEmail: `co.${kind}@example.com` } }),
    ).toMatchObject({
      coParentEmailAnswered: true,
    });

    // The main app's home page now greets the parent (same session cookie).
    const home = await t.call('/ofw/home.form', { headers: { cookie: `__Host-ofw_session=${authToken}` } });
    expect(home.status).toBe(200);
  });

  it('§4 Completion: a regular parent who saves a billing address but has not paid is not complete', async () => {
    const s = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: email() } });
    await t.call(`parents/${s.userId}/terms`, { method: 'PUT', token: s.authToken, json: { agreedToTerms: true } });
    const res = await t.call(`parents/${s.userId}/billing-address`, {
      method: 'PUT',
      token: s.authToken,
      json: BILLING,
    });
    expect(res.status).toBe(200);
    expect(ParentStateSchema.parse(await res.json())).toMatchObject({
      billingAddressComplete: true,
      userCreatedByPro: false,
      isJoinComplete: false,
    });
  });

  it('billing address: bad input answers 400 problem+json naming each field, 415 for a non-JSON body, and writes nothing', async () => {
    const s = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: email() } });
    const put = (init: Parameters<TestApp['call']>[1]) =>
      t.call(`parents/${s.userId}/billing-address`, { method: 'PUT', token: s.authToken, ...init });

    const missing = await put({
      json: { ...BILLING, streetAddress: '   ', countryCodeAlpha2: 'usa', locality: undefined },
    });
    expect(missing.status).toBe(400);
    const p = await problemOf(missing);
    expect(p.code).toBe('validation_failed');
    expect(p.errors?.map((e) => e.field).sort()).toEqual(['countryCodeAlpha2', 'locality', 'streetAddress']);

    const malformed = await put({ body: '{"streetAddress":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect((await problemOf(malformed)).errors).toEqual([{ field: 'body', message: 'Malformed JSON' }]);

    const notJson = await put({
      body: 'streetAddress=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
    await problemOf(notJson);

    expect(await stateOf(t, s.userId, s.authToken)).toMatchObject({ billingAddressComplete: false });
  });

  it('billing address as each country writes it (@ofw/domain checkBillingAddress): GB without a county, with address line 2, is stored with its postcode written canonically', async () => {
    const s = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: email() } });
    const res = await t.call(`parents/${s.userId}/billing-address`, {
      method: 'PUT',
      token: s.authToken,
      json: {
        streetAddress: '1 High St',
        extendedAddress: 'Flat 2',
        locality: 'London',
        postalCode: 'sw1a1aa',
        countryCodeAlpha2: 'GB',
      },
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select({ billingAddress: users.billingAddress }).from(users).where(eq(users.id, s.userId));
    expect(row!.billingAddress).toEqual({
      streetAddress: '1 High St',
      extendedAddress: 'Flat 2',
      locality: 'London',
      postalCode: 'SW1A 1AA',
      countryCodeAlpha2: 'GB',
    });
  });

  it('billing address: what the form refuses join-api refuses — a US address without a state, or with a ZIP of 4 digits, is 422 validation_failed naming the field, and nothing is saved', async () => {
    const s = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: email() } });
    const put = (json: object) =>
      t.call(`parents/${s.userId}/billing-address`, { method: 'PUT', token: s.authToken, json });
    const noState = await put({ ...BILLING, region: '' });
    expect(noState.status).toBe(422);
    const p = await problemOf(noState);
    expect(p).toMatchObject({ code: 'validation_failed', errors: [{ field: 'region' }] });
    const badZip = await put({ ...BILLING, postalCode: '7870' });
    expect(badZip.status).toBe(422);
    expect((await problemOf(badZip)).errors).toEqual([{ field: 'postalCode', message: expect.any(String) }]);
    expect(await stateOf(t, s.userId, s.authToken)).toMatchObject({ billingAddressComplete: false });
  });

  it('co-parent email: an email is stored (lower case), null records "not now", and a later answer replaces it', async () => {
    const s = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: email() } });
    expect(await stateOf(t, s.userId, s.authToken)).toMatchObject({
      coParentEmail: null,
      coParentEmailAnswered: false,
    });
    const api = createApiClient({ baseUrl: http.baseUrl, getAuthToken: () => s.authToken });
    // before paying the answer is 409 not_paid_yet (it e-mails an invitation: no mail relay), nothing recorded
    const early = await api
      .putCoParentEmail({ params: { userId: s.userId }, body: { coParentEmail: 'co.parent@example.com' } })
      .catch((e: unknown) => e);
    expect(early).toBeInstanceOf(ApiError);
    expect((early as ApiError).problem).toMatchObject({ status: 409, code: 'not_paid_yet' });
    expect(await stateOf(t, s.userId, s.authToken)).toMatchObject({ coParentEmailAnswered: false });
    await markPaid(t.db, s.userId);

    expect(
      await api.putCoParentEmail({ params: { userId: s.userId }, body: { coParentEmail: 'Co.Parent@Example.com' } }),
    ).toMatchObject({
      coParentEmail: 'co.parent@example.com',
      coParentEmailAnswered: true,
      isJoinComplete: false,
    });
    expect(await api.putCoParentEmail({ params: { userId: s.userId }, body: { coParentEmail: null } })).toMatchObject({
      coParentEmail: null,
      coParentEmailAnswered: true,
    });
    expect(await api.getParent({ params: { userId: s.userId } })).toMatchObject({
      coParentEmail: null,
      coParentEmailAnswered: true,
    });
  });

  it('co-parent email: bad input answers 400 with a coParentEmail field error and changes nothing', async () => {
    const own = email();
    const s = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: own } });
    await markPaid(t.db, s.userId);
    const api = createApiClient({ baseUrl: http.baseUrl, getAuthToken: () => s.authToken });
    await api.putCoParentEmail({ params: { userId: s.userId }, body: { coParentEmail: 'first@example.com' } });

    for (const body of [
      { coParentEmail: 'not-an-email' },
      {},
      { coParentEmail: 42 },
      { coParentEmail: own.toUpperCase() },
    ]) {
      const res = await t.call(`parents/${s.userId}/coparent-email`, { method: 'PUT', token: s.authToken, json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const p = await problemOf(res);
      expect(p.code).toBe('validation_failed');
      expect(p.errors?.map((e) => e.field)).toEqual(['coParentEmail']);
    }
    // The client surfaces the same problem as an ApiError with field errors.
    const err = await api
      .putCoParentEmail({ params: { userId: s.userId }, body: { coParentEmail: 'nope' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).fieldErrors.map((e) => e.field)).toEqual(['coParentEmail']);
    expect(await stateOf(t, s.userId, s.authToken)).toMatchObject({ coParentEmail: 'first@example.com' });
  });

  it("IDOR: a parent cannot set another parent's billing address or co-parent email (403, 401 without a token)", async () => {
    const a = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: email() } });
    const b = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: email() } });
    for (const [p, json] of [
      [`parents/${b.userId}/billing-address`, BILLING],
      [`parents/${b.userId}/coparent-email`, { coParentEmail: 'attacker@example.com' }],
      [`parents/999999/billing-address`, BILLING],
      [`parents/999999/coparent-email`, { coParentEmail: null }],
    ] as const) {
      const res = await t.call(p, { method: 'PUT', token: a.authToken, json });
      expect(res.status, p).toBe(403);
      expect((await problemOf(res)).code).toBe('forbidden');
      expect((await t.call(p, { method: 'PUT', json })).status, `${p} without a token`).toBe(401);
    }
    expect(await stateOf(t, b.userId, b.authToken)).toMatchObject({
      billingAddressComplete: false,
      coParentEmail: null,
      coParentEmailAnswered: false,
    });
  });

  it('both endpoints are in the OpenAPI document with their request schemas', async () => {
    const doc = (await (await t.call('openapi.json')).json()) as {
      paths: Record<
        string,
        {
          put?: {
            requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
          };
        }
      >;
    };
    const body = (p: string) =>
      Object.keys(doc.paths[p]?.put?.requestBody.content['application/json'].schema.properties ?? {});
    expect(body('/parents/{userId}/billing-address')).toEqual(
      expect.arrayContaining(['streetAddress', 'locality', 'region', 'postalCode', 'countryCodeAlpha2']),
    );
    expect(body('/parents/{userId}/coparent-email')).toEqual(['coParentEmail']);
  });
});
