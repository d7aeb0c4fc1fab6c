import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, signup, testApp, type TestApp } from './helpers.js';
import {
  COOKIE,
  STRONG,
  STRONGER,
  activeParent,
  asBrowser,
  seq,
  sessionCookieOf,
  sessionsApp,
  uniqueSignup,
} from './sessions-helpers.js';

/**
 * sessions: credentials and security answers set once, then only with the current password (SECURITY.md, ASVS 6.2.3
 * and 6.4.2), token rotation (ASVS 7.2.4), logout, and the rate limit on wrong current passwords.
 */

describe.each(DATABASES)('sessions (%s)', (kind) => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await sessionsApp(kind);
  });
  afterAll(() => t.close());

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
