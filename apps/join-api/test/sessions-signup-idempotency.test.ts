import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.js';
import { issueToken } from '../src/accounts.js';
import { DATABASES, type TestApp } from './helpers.js';
import { STRONG, invitedParent, seq, sessionCookieOf, sessionsApp, uniqueSignup } from './sessions-helpers.js';

/**
 * sessions: the Idempotency-Key of POST /signups (SECURITY.md, ASVS 2.3.3 "no lost sign-ups"): a retried sign-up
 * answers the same signup and parent with a fresh token, until the account has credentials.
 */

describe.each(DATABASES)('sessions (%s)', (kind) => {
  let t!: TestApp;
  beforeAll(async () => {
    t = await sessionsApp(kind);
  });
  afterAll(() => t.close());

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
