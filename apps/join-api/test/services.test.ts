import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignupRequestSchema } from '@ofw/api-client';
import type { Services } from '../src/context.js';
import { getUser } from '../src/accounts.js';
import { HttpProblem } from '../src/lib/problem.js';
import { agreeToTerms, recordCoParentAnswer, setCredentials } from '../src/services/registration.js';
import { startSignup } from '../src/services/signups.js';
import { SIGNUP, testApp, type TestApp } from './helpers.js';

/**
 * Issue 14 layering: the services run without HTTP — no Hono context, no request — given the app's services (db,
 * clock, env, logger, gateway) and validated values; their errors are problems the app's one error handler renders.
 */
describe('issue 14: join-api services called without HTTP', () => {
  let t: TestApp;
  let s: Services;
  beforeAll(async () => {
    t = await testApp({});
    s = { ...t.deps, now: () => new Date(), inviteRotateAfterMs: 24 * 60 * 60 * 1000 };
  });
  afterAll(() => t.close());

  const body = (email: string) => SignupRequestSchema.parse({ ...SIGNUP, parent: { ...SIGNUP.parent, email } });

  it('issue 14: startSignup creates a parent, and the same Idempotency-Key with the same body replays it', async () => {
    const first = await startSignup(s, body('svc.one@example.com'), 'svc-key-0001');
    expect(first.replayed).toBe(false);
    const again = await startSignup(s, body('svc.one@example.com'), 'svc-key-0001');
    expect(again).toMatchObject({
      replayed: true,
      result: { userId: first.result.userId, signupId: first.result.signupId },
    });
    expect(again.result.authToken).not.toBe(first.result.authToken);
    const other = startSignup(s, body('svc.two@example.com'), 'svc-key-0001');
    await expect(other).rejects.toMatchObject({ status: 422, code: 'idempotency_key_reused' });
  });

  it('issue 14: registration services answer the join state and refuse with problems', async () => {
    const { result } = await startSignup(s, body('svc.three@example.com'), undefined);
    const user = (await getUser(s.db, result.userId))!;
    expect((await agreeToTerms(s, user)).agreedToTerms).toBe(true);
    const weak = setCredentials(s, user, { username: 'svc.three', password: 'password1234' });
    await expect(weak).rejects.toBeInstanceOf(HttpProblem);
    await expect(weak).rejects.toMatchObject({ status: 422, code: 'validation_failed' });
    const set = await setCredentials(s, user, { username: 'svc.three', password: 'correct horse battery 42' });
    expect(set.authToken).toEqual(expect.any(String));
    expect(set.state.requireCredentials).toBe(false);
    const own = recordCoParentAnswer(s, user, 'SVC.three@example.com');
    await expect(own).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
  });
});
