import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { families, users } from '../src/db/schema.js';
import { issueToken } from '../src/accounts.js';
import { DATABASES, SIGNUP, signup, testApp, type TestApp } from './helpers.js';

/**
 * the browser's `__Host-ofw_session` cookie, CSRF (SameSite, JSON, Origin), credentials set once
 * then only with the current password, token rotation, logout, and the Idempotency-Key of POST /signups.
 */

const COOKIE = '__Host-ofw_session';
const STRONG = 'violet-harbor-42-lantern';
const STRONGER = 'quiet-meadow-97-compass';

/** The session cookie a response sets (value and attributes), or undefined. */
function sessionCookieOf(res: Response): { value: string; attributes: string } | undefined {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split(';');
  return { value: pair!.slice(COOKIE.length + 1), attributes: attributes.join(';') };
}

let seq = 0;
const uniqueSignup = (patch: Record<string, unknown> = {}) => ({
  ...SIGNUP,
  parent: { ...SIGNUP.parent, email: `sessions${++seq}@example.com` },
  ...patch,
});

/** A cookie-authenticated call as the SPA makes it (same-origin fetch). */
const asBrowser = (t: TestApp, token: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.call(path, {
    ...init,
    headers: { cookie: `${COOKIE}=${token}`, 'sec-fetch-site': 'same-origin', ...init.headers },
  });

/** A parent whose credentials are set (username `username`, password STRONG): the account is active. */
async function activeParent(t: TestApp, username: string) {
  const p = await signup(t, uniqueSignup());
  const set = await t.call(`parents/${p.userId}/credentials`, {
    method: 'PUT',
    token: p.authToken,
    json: { username, password: STRONG },
  });
  const { authToken: token } = (await set.json()) as { authToken: string };
  return { p, token };
}

async function invitedParent(t: TestApp) {
  const [fam] = await t.db.insert(families).values({}).returning();
  const [invitee] = await t.db
    .insert(users)
    .values({
      familyId: fam!.id,
      firstName: 'Sam',
      lastName: 'Invitee',
      email: `invitee${++seq}@example.com`,
      country: 'US',
      flow: 'ctj',
      isInvited: true,
      accountState: 'invited',
    })
    .returning();
  const inviteToken = await issueToken(t.db, 'invite', { userId: invitee!.id, familyId: fam!.id, now: new Date() });
  return { invitee: invitee!, inviteToken };
}

describe.each(DATABASES)('sessions (%s)', (kind) => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await testApp({ kind, env: { PUBLIC_URL: 'https://join.example.com' } });
  });
  afterAll(() => t.close());

  describe('the __Host- session cookie', () => {
    it('sessions: POST /signups sets __Host-ofw_session HttpOnly, Secure (even with COOKIE_SECURE off), Path=/, SameSite=Lax, no Domain', async () => {
      expect(t.env.COOKIE_SECURE).toBe(false);
      const res = await t.call('signups', { method: 'POST', json: uniqueSignup() });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { authToken: string };
      const cookie = sessionCookieOf(res);
      expect(cookie?.value).toBe(body.authToken);
      const attrs = cookie!.attributes.split(';').map((a) => a.trim().toLowerCase());
      expect(attrs).toEqual(expect.arrayContaining(['httponly', 'secure', 'path=/', 'samesite=lax', 'max-age=7200']));
      expect(attrs.some((a) => a.startsWith('domain='))).toBe(false);
      // the old name is gone
      expect(res.headers.getSetCookie().some((c) => c.startsWith('ofw_session='))).toBe(false);
    });

    it('sessions: the cookie alone authenticates the API and /ofw/home.form; the old ofw_session name does not', async () => {
      const p = await signup(t, uniqueSignup());
      expect((await asBrowser(t, p.authToken, `parents/${p.userId}`)).status).toBe(200);
      const home = await t.call('/ofw/home.form', { headers: { cookie: `${COOKIE}=${p.authToken}` } });
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('Welcome, Pat Parent');
      const old = await t.call(`parents/${p.userId}`, { headers: { cookie: `ofw_session=${p.authToken}` } });
      expect(old.status).toBe(401);
      const oldHome = await t.call('/ofw/home.form', { headers: { cookie: `ofw_session=${p.authToken}` } });
      expect(oldHome.status).toBe(302);
    });
  });

  describe('CSRF', () => {
    it('sessions: a cookie-authenticated write without the app origin answers 403 problem+json; same-origin passes', async () => {
      const p = await signup(t, uniqueSignup());
      const put = (headers: Record<string, string>) =>
        t.call(`parents/${p.userId}/terms`, {
          method: 'PUT',
          json: { agreedToTerms: true },
          headers: { cookie: `${COOKIE}=${p.authToken}`, ...headers },
        });
      for (const headers of [
        {},
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        { 'sec-fetch-site': 'same-site' },
      ] as Record<string, string>[]) {
        const res = await put(headers);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
        expect(await res.json()).toMatchObject({ code: 'origin_not_allowed' });
      }
      // the browser's own requests: Fetch Metadata, or the Origin of PUBLIC_URL or of the request itself
      for (const headers of [
        { 'sec-fetch-site': 'same-origin' },
        { origin: 'https://join.example.com' },
        { origin: 'http://localhost' },
      ] as Record<string, string>[]) {
        expect((await put(headers)).status, JSON.stringify(headers)).toBe(200);
      }
      // logout is a write too
      const logout = await t.call('sessions/logout', {
        method: 'POST',
        headers: { cookie: `${COOKIE}=${p.authToken}`, origin: 'https://evil.example' },
      });
      expect(logout.status).toBe(403);
      expect((await asBrowser(t, p.authToken, `parents/${p.userId}`)).status).toBe(200);
    });

    it('sessions: Bearer-authenticated writes from API clients need no Origin', async () => {
      const p = await signup(t, uniqueSignup());
      const res = await t.call(`parents/${p.userId}/terms`, {
        method: 'PUT',
        token: p.authToken,
        json: { agreedToTerms: true },
      });
      expect(res.status).toBe(200);
    });

    it('sessions: a cookie write that a form could send (text/plain) answers 415 even from the app origin', async () => {
      const p = await signup(t, uniqueSignup());
      const res = await asBrowser(t, p.authToken, `parents/${p.userId}/terms`, {
        method: 'PUT',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ agreedToTerms: true }),
      });
      expect(res.status).toBe(415);
    });
  });

  describe('credentials, rotation and logout', () => {
    it('sessions: credentials are set once while registering; a later change needs the right currentPassword', async () => {
      const p = await signup(t, uniqueSignup());
      const first = await t.call(`parents/${p.userId}/credentials`, {
        method: 'PUT',
        token: p.authToken,
        json: { username: `pat${seq}`, password: STRONG },
      });
      expect(first.status).toBe(200);
      const { authToken: token } = (await first.json()) as { authToken: string };
      const change = (json: Record<string, unknown>) =>
        t.call(`parents/${p.userId}/credentials`, { method: 'PUT', token, json });
      const missing = await change({ username: 'thief', password: STRONGER });
      expect(missing.status).toBe(403);
      expect(await missing.json()).toMatchObject({ code: 'current_password_required' });
      const wrong = await change({ username: 'thief', password: STRONGER, currentPassword: 'not-the-password' });
      expect(wrong.status).toBe(403);
      expect(await wrong.json()).toMatchObject({
        code: 'current_password_incorrect',
        errors: [{ field: 'currentPassword' }],
      });
      const right = await change({ username: `pat${seq}b`, password: STRONGER, currentPassword: STRONG });
      expect(right.status).toBe(200);
    });

    it('security answers are set once while joining; changing them on an active account needs the right currentPassword (answers recover the account: ASVS 6.4.2 exception, SECURITY.md)', async () => {
      const { p, token } = await activeParent(t, `sq${seq}`);
      const qs = (await (await t.call('security-questions')).json()) as { id: number }[];
      const put = (answer: string, currentPassword?: string) =>
        t.call(`parents/${p.userId}/security-questions`, {
          method: 'PUT',
          token,
          json: { answers: qs.slice(0, 3).map((q) => ({ questionId: q.id, answer })), currentPassword },
        });
      // the join's own step (after credentials, the account already active): no current password asked
      expect((await put('Rex')).status).toBe(200);
      const missing = await put('Thief');
      expect(missing.status).toBe(403);
      expect(await missing.json()).toMatchObject({ code: 'current_password_required' });
      const wrong = await put('Thief', 'not-the-password');
      expect(wrong.status).toBe(403);
      expect(await wrong.json()).toMatchObject({ code: 'current_password_incorrect' });
      expect((await put('Buddy', STRONG)).status).toBe(200);
    });

    it("a security answer shorter than 3 characters is the schema's 400 (too easy to guess)", async () => {
      const p = await signup(t, uniqueSignup());
      const qs = (await (await t.call('security-questions')).json()) as { id: number }[];
      const res = await t.call(`parents/${p.userId}/security-questions`, {
        method: 'PUT',
        token: p.authToken,
        json: { answers: qs.slice(0, 3).map((q, i) => ({ questionId: q.id, answer: i === 1 ? ' ab ' : 'Rex' })) },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        errors: [{ field: 'answers.1.answer', message: 'At least 3 characters' }],
      });
    });

    it('sessions: setting credentials rotates the token — the old one answers 401, the new one (body for Bearer) works', async () => {
      const p = await signup(t, uniqueSignup());
      const res = await t.call(`parents/${p.userId}/credentials`, {
        method: 'PUT',
        token: p.authToken,
        json: { username: `rot${seq}`, password: STRONG },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { authToken?: string; requireCredentials: boolean };
      expect(body.requireCredentials).toBe(false);
      expect(body.authToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.authToken).not.toBe(p.authToken);
      expect((await t.call(`parents/${p.userId}`, { token: p.authToken })).status).toBe(401);
      expect((await t.call(`parents/${p.userId}`, { token: body.authToken })).status).toBe(200);
    });

    it('sessions: a browser gets the rotated token only as a new cookie, never in the body', async () => {
      const p = await signup(t, uniqueSignup());
      const res = await asBrowser(t, p.authToken, `parents/${p.userId}/credentials`, {
        method: 'PUT',
        json: { username: `web${seq}`, password: STRONG },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).not.toHaveProperty('authToken');
      const cookie = sessionCookieOf(res);
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie!.value).not.toBe(p.authToken);
      expect((await asBrowser(t, p.authToken, `parents/${p.userId}`)).status).toBe(401);
      expect((await asBrowser(t, cookie!.value, `parents/${p.userId}`)).status).toBe(200);
    });

    it('sessions: POST /sessions/logout revokes the bearer token (204), which then answers 401', async () => {
      const p = await signup(t, uniqueSignup());
      const other = await signup(t, uniqueSignup());
      const res = await t.call('sessions/logout', { method: 'POST', token: p.authToken });
      expect(res.status).toBe(204);
      expect((await t.call(`parents/${p.userId}`, { token: p.authToken })).status).toBe(401);
      expect((await t.call('sessions/logout', { method: 'POST', token: p.authToken })).status).toBe(401);
      // only that token
      expect((await t.call(`parents/${other.userId}`, { token: other.authToken })).status).toBe(200);
    });

    it('sessions: logout by cookie revokes it and clears the cookie', async () => {
      const p = await signup(t, uniqueSignup());
      const res = await asBrowser(t, p.authToken, 'sessions/logout', { method: 'POST' });
      expect(res.status).toBe(204);
      const cleared = sessionCookieOf(res);
      expect(cleared?.value).toBe('');
      expect(cleared!.attributes.toLowerCase()).toMatch(/max-age=0/);
      expect((await asBrowser(t, p.authToken, `parents/${p.userId}`)).status).toBe(401);
      const home = await t.call('/ofw/home.form', { headers: { cookie: `${COOKIE}=${p.authToken}` } });
      expect(home.status).toBe(302);
      // without a session: nothing to revoke, still 204
      expect((await asBrowser(t, p.authToken, 'sessions/logout', { method: 'POST' })).status).toBe(204);
    });
  });

  describe('POST /signups Idempotency-Key', () => {
    const post = (body: unknown, key?: string) =>
      t.call('signups', { method: 'POST', json: body, headers: key ? { 'idempotency-key': key } : {} });

    it('sessions: an invite signup whose answer was lost completes on retry: same signup and parent, fresh token', async () => {
      const { invitee, inviteToken } = await invitedParent(t);
      const body = uniqueSignup({ flow: 'ctj', inviteToken });
      const key = `signup-${crypto.randomUUID()}`;
      const first = await post(body, key);
      expect(first.status).toBe(201);
      const a = (await first.json()) as {
        signupId: string;
        userId: number;
        authToken: string;
        registrationKey: string;
      };
      expect(a.userId).toBe(invitee.id);
      // the answer is lost; the client retries the same attempt
      const retry = await post(body, key);
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      const b = (await retry.json()) as typeof a;
      expect(b).toMatchObject({ signupId: a.signupId, userId: a.userId });
      expect(b.authToken).not.toBe(a.authToken);
      expect(sessionCookieOf(retry)?.value).toBe(b.authToken);
      expect((await t.call(`parents/${b.userId}`, { token: b.authToken })).status).toBe(200);
      // the fresh registration key is the one that works now
      const coupons = await t.call(`coupons?signupId=${b.signupId}&registrationKey=${b.registrationKey}`, {
        token: b.authToken,
      });
      expect(coupons.status).toBe(200);
      // without a key the retry still fails: the invite token is used
      expect((await post(body)).status).toBe(401);
    });

    it('sessions: two concurrent signups under one key create one parent and both answer it', async () => {
      const body = uniqueSignup();
      const key = `signup-${crypto.randomUUID()}`;
      const [a, b] = await Promise.all([post(body, key), post(body, key)]);
      expect([a.status, b.status]).toEqual([201, 201]);
      const [ja, jb] = (await Promise.all([a.json(), b.json()])) as { userId: number; signupId: string }[];
      expect(jb).toMatchObject({ userId: ja!.userId, signupId: ja!.signupId });
      const rows = await t.db.select({ id: users.id }).from(users).where(eq(users.email, body.parent.email));
      expect(rows).toHaveLength(1);
    });

    it('sessions: a pro-referral signup replays under its key', async () => {
      const referral = await issueToken(t.db, 'pro_referral', {
        data: { proFirstName: 'Jo', proLastName: 'Counsel' },
        now: new Date(),
      });
      const body = uniqueSignup({ flow: 'pro', proReferralToken: referral });
      const key = `signup-${crypto.randomUUID()}`;
      const a = (await (await post(body, key)).json()) as { userId: number; signupId: string };
      const retry = await post(body, key);
      expect(retry.status).toBe(201);
      expect(await retry.json()).toMatchObject({ userId: a.userId, signupId: a.signupId });
    });

    it('sessions: the same key with another body answers 422; a bad key 400; a replay after credentials 409', async () => {
      const key = `signup-${crypto.randomUUID()}`;
      const body = uniqueSignup();
      const first = (await (await post(body, key)).json()) as { userId: number; authToken: string };
      const other = await post({ ...body, languageLocale: 'es-US' }, key);
      expect(other.status).toBe(422);
      expect(await other.json()).toMatchObject({ code: 'idempotency_key_reused' });
      expect((await post(uniqueSignup(), 'short')).status).toBe(400);
      // once the account has credentials, the key no longer hands out tokens
      await t.call(`parents/${first.userId}/credentials`, {
        method: 'PUT',
        token: first.authToken,
        json: { username: `idem${seq}`, password: STRONG },
      });
      const late = await post(body, key);
      expect(late.status).toBe(409);
      expect(await late.json()).toMatchObject({ code: 'signup_completed' });
    });
  });
});

describe('sessions: wrong current passwords are rate-limited per parent', () => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await testApp({ env: { RATE_LIMIT_FACTOR: '1' } });
  });
  afterAll(() => t.close());

  it('sessions: after 5 wrong current passwords an hour even the right one answers 429 with Retry-After', async () => {
    const { p, token } = await activeParent(t, `limit${seq}`);
    const change = (currentPassword: string) =>
      t.call(`parents/${p.userId}/credentials`, {
        method: 'PUT',
        token,
        json: { username: `limit${seq}`, password: STRONGER, currentPassword },
      });
    for (let i = 0; i < 5; i++) expect((await change(`guess-number-${i}`)).status).toBe(403);
    const limited = await change(STRONG);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('sessions: OpenAPI', () => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await testApp({});
  });
  afterAll(() => t.close());

  it('sessions: the document names the __Host- cookie, logout, currentPassword, the 403s and the signup Idempotency-Key', async () => {
    type Op = {
      parameters?: { name: string; in: string; required: boolean }[];
      responses: Record<string, unknown>;
      requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
    };
    const doc = (await (await t.call('openapi.json')).json()) as {
      paths: Record<string, Record<string, Op>>;
      components: { securitySchemes: Record<string, { name?: string }> };
    };
    expect(doc.components.securitySchemes.sessionCookie?.name).toBe('__Host-ofw_session');
    const logout = doc.paths['/sessions/logout']?.post;
    expect(Object.keys(logout?.responses ?? {})).toEqual(expect.arrayContaining(['204', '401', '403']));
    const signups = doc.paths['/signups']!.post!;
    expect(signups.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    );
    expect(Object.keys(signups.responses)).toEqual(expect.arrayContaining(['403', '409', '422']));
    const credentials = doc.paths['/parents/{userId}/credentials']!.put!;
    expect(credentials.requestBody!.content['application/json']!.schema.properties).toHaveProperty('currentPassword');
    expect(credentials.responses['403']).toBeDefined();
    for (const [path, method] of [
      ['/orders', 'post'],
      ['/parents/{userId}/terms', 'put'],
      ['/parents/{userId}/billing-address', 'put'],
    ] as const) {
      expect(doc.paths[path]![method]!.responses['403'], `${method} ${path}`).toBeDefined();
    }
  });
});
