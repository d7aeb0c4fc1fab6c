import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { issueToken } from '../src/accounts.js';
import { families, outbox, users } from '../src/db/schema.js';
import {
  SIGNUP,
  lastEmailCode,
  markPaid,
  order,
  proveEmail,
  signup,
  startFakeSandbox,
  testApp,
  type FakeSandbox,
  type TestApp,
} from './helpers.js';

/**
 * What a proven address means (docs/IDENTITY.md): payment waits for it, an unproven account blocks nobody, one
 * proven address pays for one current subscription, and no answer tells an attacker whether an address has an account.
 */
describe('an address is proven before it counts', () => {
  let sandbox: FakeSandbox;
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    sandbox = await startFakeSandbox();
    t = await testApp({ sandboxUrl: sandbox.url });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });
  const at = (email: string) => ({ ...SIGNUP, parent: { ...SIGNUP.parent, email } });
  const fresh = () => `identity${++n}@example.com`;
  const emailsTo = (recipient: string) =>
    t.db.select({ kind: outbox.kind, payload: outbox.payload }).from(outbox).where(eq(outbox.recipient, recipient));

  it('POST /orders answers 403 email_unverified until the address is proven, and charges nothing', async () => {
    const p = await signup(t, at(fresh()), { prove: false });
    const charges = sandbox.state.charges;
    const refused = await order(t, p.authToken, `order-unproven-key-${p.userId}`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('email_unverified');
    expect(sandbox.state.charges).toBe(charges);
    await proveEmail(t, p);
    expect((await order(t, p.authToken, `order-proven-key-${p.userId}`)).status).toBe(201);
  });

  it('a hostile unproven sign-up with an address does not stop its owner from proving it and paying', async () => {
    const email = fresh();
    const hostile = await signup(t, at(email), { prove: false });
    const owner = await signup(t, at(email), { prove: false });
    await proveEmail(t, owner);
    expect((await order(t, owner.authToken, `order-owner-key-${owner.userId}`)).status).toBe(201);
    // and the hostile account cannot pay for the address
    expect((await order(t, hostile.authToken, `order-hostile-key-${hostile.userId}`)).status).toBe(403);
  });

  it('a second account proven at a subscribed address learns it from the right code, and POST /orders answers 409 already_subscribed', async () => {
    const email = fresh();
    const first = await signup(t, at(email));
    expect((await order(t, first.authToken, `order-first-key-${first.userId}`)).status).toBe(201);
    const second = await signup(t, at(email), { prove: false });
    await t.call(`parents/${second.userId}/email-code`, { method: 'POST', token: second.authToken });
    const code = await lastEmailCode(t, second.userId);
    const proof = await t.call(`parents/${second.userId}/email-verification`, {
      method: 'POST',
      token: second.authToken,
      json: { code },
    });
    expect(await proof.json()).toEqual({
      emailVerified: true,
      existingAccount: { subscriptionCurrent: true, signInUrl: `${t.env.PUBLIC_URL}/ofw/home.form` },
    });
    const charges = sandbox.state.charges;
    const refused = await order(t, second.authToken, `order-second-key-${second.userId}`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('already_subscribed');
    expect(sandbox.state.charges).toBe(charges);
  });

  it('the sign-up answers alike for a subscribed address and a new one; only the code e-mail differs', async () => {
    const taken = fresh();
    const owner = await signup(t, at(taken));
    await markPaid(t.db, owner.userId);
    const shapes = [];
    const payloads = [];
    for (const email of [taken, fresh()]) {
      const res = await t.call('signups', { method: 'POST', json: at(email) });
      const body = (await res.json()) as Record<string, unknown> & { userId: number; authToken: string };
      shapes.push({ status: res.status, keys: Object.keys(body).sort(), emailVerified: body.emailVerified });
      const sent = await t.call(`parents/${body.userId}/email-code`, { method: 'POST', token: body.authToken });
      const answer = (await sent.json()) as Record<string, unknown>;
      shapes.push({ status: sent.status, keys: Object.keys(answer).sort() });
      const [mail] = (await emailsTo(email)).filter((m) => m.kind === 'email_code').slice(-1);
      payloads.push((mail!.payload as { existingAccount: boolean }).existingAccount);
    }
    expect(shapes.slice(0, 2)).toEqual(shapes.slice(2));
    expect(payloads).toEqual([true, false]);
  });

  it('a browser gets the sign-up session as the cookie only; an API client gets authToken too', async () => {
    const browser = await t.call('signups', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      json: at(fresh()),
    });
    expect(browser.status).toBe(201);
    expect(await browser.json()).not.toHaveProperty('authToken');
    expect(browser.headers.get('set-cookie')).toMatch(/^__Host-ofw_session=[A-Za-z0-9_-]{43};/);
    const client = await t.call('signups', { method: 'POST', json: at(fresh()) });
    expect(await client.json()).toHaveProperty('authToken', expect.stringMatching(/^[A-Za-z0-9_-]{43}$/));
  });

  describe('co-parent answers count only proven accounts', () => {
    async function paidInviter() {
      const p = await signup(t, at(fresh()));
      await markPaid(t.db, p.userId);
      return p;
    }
    const answer = (p: { userId: number; authToken: string }, coParentEmail: string) =>
      t.call(`parents/${p.userId}/coparent-email`, { method: 'PUT', token: p.authToken, json: { coParentEmail } });

    it('an address held only by an unproven account gets the invitation, not a "sign in" e-mail', async () => {
      const target = fresh();
      await signup(t, at(target), { prove: false });
      expect((await answer(await paidInviter(), target)).status).toBe(200);
      expect((await emailsTo(target)).map((m) => m.kind)).toContain('invitation');
      expect((await emailsTo(target)).map((m) => m.kind)).not.toContain('coparent_sign_in');
    });

    it('an address proven by an account gets the "sign in" e-mail', async () => {
      const target = fresh();
      await signup(t, at(target));
      expect((await answer(await paidInviter(), target)).status).toBe(200);
      expect((await emailsTo(target)).map((m) => m.kind)).toContain('coparent_sign_in');
    });

    it('a parent whose own address is unproven cannot invite (403 email_unverified)', async () => {
      const p = await signup(t, at(fresh()), { prove: false });
      await markPaid(t.db, p.userId);
      const res = await answer(p, fresh());
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('email_unverified');
    });
  });

  it('an invited co-parent who keeps the invited address is proven by the invitation; another address is not', async () => {
    const invitee = async (email: string) => {
      const [fam] = await t.db.insert(families).values({}).returning();
      const [u] = await t.db
        .insert(users)
        .values({ familyId: fam!.id, firstName: '', lastName: '', email, country: 'US', accountState: 'invited' })
        .returning();
      return issueToken(t.db, 'invite', { userId: u!.id, familyId: fam!.id, now: new Date() });
    };
    const claim = async (invited: string, typed: string) => {
      const inviteToken = await invitee(invited);
      const res = await t.call('signups', { method: 'POST', json: { ...at(typed), flow: 'ctj', inviteToken } });
      expect(res.status).toBe(201);
      return ((await res.json()) as { emailVerified: boolean }).emailVerified;
    };
    const invited = fresh();
    expect(await claim(invited, invited.toUpperCase())).toBe(true);
    expect(await claim(fresh(), fresh())).toBe(false);
    const [row] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.email, invited), eq(users.isInvited, true)));
    expect(row!.emailVerifiedAt).not.toBeNull();
  });
});
