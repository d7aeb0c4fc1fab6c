import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { families, tokens, users } from '../src/db/schema.js';
import { TOKEN_TTL_MS, issueToken } from '../src/accounts.js';
import { createApp } from '../src/app.js';
import { INVITE_ROTATION_GRACE_MS } from '../src/services/invite-family.js';
import { hashToken } from '../src/lib/tokens.js';
import {
  DATABASES,
  SIGNUP,
  order,
  signup,
  startFakeSandbox,
  testApp,
  type FakeSandbox,
  type TestApp,
} from './helpers.js';

async function seedFamily(t: TestApp, opts: { withParent: boolean }) {
  const [fam] = await t.db.insert(families).values({}).returning();
  if (opts.withParent) {
    await t.db.insert(users).values({
      familyId: fam!.id,
      firstName: 'Alex',
      lastName: 'Inviter',
      email: 'alex@example.com',
      country: 'CA',
      accountState: 'active',
    });
  }
  const [invitee] = await t.db
    .insert(users)
    .values({
      familyId: fam!.id,
      firstName: 'Sam',
      lastName: 'Invitee',
      email: 'sam@example.com',
      country: 'US',
      flow: 'ctj',
      isInvited: true,
      accountState: 'invited',
    })
    .returning();
  const token = await issueToken(t.db, 'invite', { userId: invitee!.id, familyId: fam!.id, now: new Date() });
  return { invitee: invitee!, token };
}

describe.each(DATABASES)('security (%s)', (kind) => {
  let sandbox: FakeSandbox;
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    sandbox = await startFakeSandbox();
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'join-web-dist-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    t = await testApp({ kind, sandboxUrl: sandbox.url, env: { WEB_DIST: webDist, RATE_LIMIT_FACTOR: '1' } });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('IDOR: a parent can read and change only itself (403 for any other userId, 401 without a token)', async () => {
    const a = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: 'a@example.com' } });
    const b = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: 'b@example.com' } });
    for (const [method, p, json] of [
      ['GET', `parents/${b.userId}`, undefined],
      ['GET', `parents/${b.userId}/pricing-group`, undefined],
      ['PUT', `parents/${b.userId}/terms`, { agreedToTerms: true }],
      ['PUT', `parents/${b.userId}/credentials`, { username: 'stolen', password: 'password123' }],
      [
        'PUT',
        `parents/${b.userId}/security-questions`,
        { answers: [1, 2, 3].map((q) => ({ questionId: q, answer: 'x' })) },
      ],
      ['GET', `parents/999999`, undefined],
    ] as const) {
      const res = await t.call(p, { method, token: a.authToken, ...(json ? { json } : {}) });
      expect(res.status, `${method} ${p}`).toBe(403);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    expect((await t.call(`parents/${a.userId}`)).status).toBe(401);
    expect((await t.call(`parents/${a.userId}`, { token: 'x'.repeat(43) })).status).toBe(401);
    // Coupons need the signup's own registration key.
    const wrong = await t.call(
      `coupons?registrationKey=${encodeURIComponent(b.registrationKey)}&signupId=${b.signupId}`,
      { token: a.authToken },
    );
    expect(wrong.status).toBe(404);
    const mine = await t.call(
      `coupons?registrationKey=${encodeURIComponent(a.registrationKey)}&signupId=${a.signupId}`,
      { token: a.authToken },
    );
    expect(await mine.json()).toEqual([{ packageId: 2056, status: 'available', discountAmount: 25 }]);
  });

  it('auth tokens expire (short-lived) and are stored only as hashes', async () => {
    const s = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: 'exp@example.com' } });
    const rows = await t.db.select().from(tokens).where(eq(tokens.userId, s.userId));
    expect(rows.some((r) => r.hash === s.authToken)).toBe(false);
    expect(rows.some((r) => r.hash === hashToken(s.authToken))).toBe(true);
    expect((await t.call('experiments', { token: s.authToken })).status).toBe(200);
    const lateApp = createApp({ ...t.deps, now: () => new Date(Date.now() + TOKEN_TTL_MS.auth + 1000) });
    const res = await lateApp.request('/api/v1/experiments', { headers: { authorization: `Bearer ${s.authToken}` } });
    expect(res.status).toBe(401);
  });

  it("§7 invites/check: 204 for a live token, 401 logged as 'Invalid Invite Registration Token' otherwise", async () => {
    const { token } = await seedFamily(t, { withParent: true });
    expect((await t.call('invites/check', { token })).status).toBe(204);
    const bad = await t.call('invites/check', { token: 'A'.repeat(43) });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ code: 'invalid_invite_token' });
    expect(t.logs.lines.some((l) => l.msg === 'Invalid Invite Registration Token')).toBe(true);
    expect(t.logs.raw).not.toContain('A'.repeat(43));
  });

  it('§4 Invited flow: family lists the other members, userId and coParentCountry; an old token is rotated and stops working after the grace period', async () => {
    const { token, invitee } = await seedFamily(t, { withParent: true });
    const fresh = await t.call('invites/family', { token });
    expect(await fresh.json()).toEqual({
      familyMembers: [expect.objectContaining({ firstName: 'Alex', lastName: 'Inviter' })],
      userId: invitee.id,
      coParentCountry: 'CA',
    });
    const rotating = await testApp({ kind: 'pglite', sandboxUrl: sandbox.url, inviteRotateAfterMs: 0 });
    try {
      const f2 = await seedFamily(rotating, { withParent: true });
      const res = (await (await rotating.call('invites/family', { token: f2.token })).json()) as {
        inviteToken?: string;
      };
      expect(res.inviteToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await rotating.call('invites/check', { token: res.inviteToken! })).status).toBe(204);
      // the old token works for the grace period only (test/invites.test.ts)
      const afterGrace = createApp({
        ...rotating.deps,
        now: () => new Date(Date.now() + INVITE_ROTATION_GRACE_MS + 1000),
      });
      const check = (token: string) =>
        afterGrace.request('/api/v1/invites/check', { headers: { authorization: `Bearer ${token}` } });
      expect((await check(f2.token)).status).toBe(401);
      expect((await check(res.inviteToken!)).status).toBe(204);
    } finally {
      await rotating.close();
    }
  });

  it('§4 Invited flow: an empty family is a distinct answer (no members, no userId)', async () => {
    const { token } = await seedFamily(t, { withParent: false });
    const res = await t.call('invites/family', { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ familyMembers: [], userId: null, coParentCountry: null });
  });

  it('an invite token grants the account once (single-use) and the co-parent skips security questions', async () => {
    const { token, invitee } = await seedFamily(t, { withParent: true });
    const body = {
      ...SIGNUP,
      flow: 'ctj',
      inviteToken: token,
      parent: { ...SIGNUP.parent, firstName: 'Sam', lastName: 'Invitee', email: 'sam@example.com' },
    };
    const first = await t.call('signups', { method: 'POST', json: body });
    expect(first.status).toBe(201);
    const s = (await first.json()) as { userId: number; authToken: string };
    expect(s.userId).toBe(invitee.id);
    const second = await t.call('signups', { method: 'POST', json: body });
    expect(second.status).toBe(401);
    const coupons = await t.call('packages?currency=USD&flow=ctj', { token: s.authToken });
    const pk = (await coupons.json()) as { packages: { id: number; discount?: { discountAmount: number } }[] };
    expect(pk.packages.find((p) => p.id === 2053)!.discount?.discountAmount).toBe(20);
    const state = (await (await t.call(`parents/${s.userId}`, { token: s.authToken })).json()) as {
      isInvitedJoin: boolean;
      flow: string;
    };
    expect(state).toMatchObject({ isInvitedJoin: true, flow: 'ctj' });
  });

  it('§1 flow pro without a referral token is the regular join; a referral token creates a pro-created account (userCreatedByPro) with the professional’s name, once', async () => {
    const plain = await signup(t, {
      ...SIGNUP,
      flow: 'pro',
      proFirstName: 'Dana',
      proLastName: 'Rivera',
      parent: { ...SIGNUP.parent, email: 'pro1@example.com' },
    });
    const st = (await (await t.call(`parents/${plain.userId}`, { token: plain.authToken })).json()) as Record<
      string,
      unknown
    >;
    expect(st).toMatchObject({ flow: 'join', proFirstName: null, proLastName: null, userCreatedByPro: false });
    const referral = await issueToken(t.db, 'pro_referral', {
      data: { proFirstName: 'Jo', proLastName: 'Counsel' },
      now: new Date(),
    });
    const body = {
      ...SIGNUP,
      flow: 'pro',
      proReferralToken: referral,
      proFirstName: 'Forged',
      parent: { ...SIGNUP.parent, email: 'pro2@example.com' },
    };
    const created = await signup(t, body);
    const st2 = (await (await t.call(`parents/${created.userId}`, { token: created.authToken })).json()) as Record<
      string,
      unknown
    >;
    expect(st2).toMatchObject({
      proFirstName: 'Jo',
      proLastName: 'Counsel',
      userCreatedByPro: true,
      parentAccountType: 'pro_created',
    });
    expect((await t.call('signups', { method: 'POST', json: body })).status).toBe(401);
  });

  it('the phone check is rate-limited in Postgres: 429 with Retry-After', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 61; i++) last = await t.call('phone/canadian?phoneNumber=4165550123');
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.json()).toMatchObject({ code: 'rate_limited' });
  });

  it('docs/CONTRACTS.md "HTTP API" and docs/QUALITY.md: the SPA is served with a strict CSP allowing only the sandbox origin for frames and connections', async () => {
    for (const p of ['/join', '/join/pro', '/invite/abc']) {
      const res = await t.call(p);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain(`frame-src ${sandbox.url}`);
      expect(csp).toContain(`connect-src 'self' ${sandbox.url}`);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const asset = await t.call('/assets/app.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await t.call('/assets/missing.js')).status).toBe(404);
    expect((await t.call('/../../etc/passwd')).status).not.toBe(500);
  });

  it('pino logs redact card nonces, tokens and passwords', async () => {
    const s = await signup(t, { ...SIGNUP, parent: { ...SIGNUP.parent, email: 'logs@example.com' } });
    await order(t, s.authToken, 'log-key-000001');
    await t.call(`parents/${s.userId}/credentials`, {
      method: 'PUT',
      token: s.authToken,
      json: { username: 'logs.user', password: 'secret-password-1' },
    });
    t.deps.logger.info(
      { body: { paymentMethodNonce: 'fake-valid-nonce', password: 'secret-password-1' }, authToken: s.authToken },
      'probe',
    );
    expect(t.logs.raw).toContain('probe');
    expect(t.logs.raw).not.toContain('fake-valid-nonce');
    expect(t.logs.raw).not.toContain('secret-password-1');
    expect(t.logs.raw).not.toContain(s.authToken);
  });
});
