import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, signup, testApp, type TestApp } from './helpers.js';
import { COOKIE, asBrowser, sessionCookieOf, sessionsApp, uniqueSignup } from './sessions-helpers.js';

/**
 * sessions: the browser's `__Host-ofw_session` cookie, CSRF (SameSite, JSON, Origin), and what the OpenAPI document
 * says of them (docs/CONTRACTS.md "Session cookie").
 */

describe.each(DATABASES)('sessions (%s)', (kind) => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await sessionsApp(kind);
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
