import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignupRequestSchema } from '@ofw/api-client';
import type { Services } from '../src/context.js';
import { getUser } from '../src/accounts.js';
import { REFUSAL_PROBLEMS, problemOf } from '../src/lib/problem.js';
import { ServiceError } from '../src/services/errors.js';
import { agreeToTerms, recordCoParentAnswer, setCredentials } from '../src/services/registration.js';
import { startSignup } from '../src/services/signups.js';
import { SIGNUP, markPaid, markProven, testApp, type TestApp } from './helpers.js';

/**
 * Layering (docs/ARCHITECTURE.md): the services run without HTTP — no Hono context, no request — given the app's services (db,
 * clock, env, logger, gateway) and validated values; they refuse with domain errors (ServiceError: a reason in the
 * join's terms, no HTTP) that one mapping, `problemOf`, turns into problem+json for the app's one error handler.
 */
describe('join-api services called without HTTP', () => {
  let t: TestApp;
  let s: Services;
  beforeAll(async () => {
    t = await testApp({});
    s = { ...t.deps, now: () => new Date(), inviteRotateAfterMs: 24 * 60 * 60 * 1000 };
  });
  afterAll(() => t.close());

  const body = (email: string) => SignupRequestSchema.parse({ ...SIGNUP, parent: { ...SIGNUP.parent, email } });

  it('startSignup creates a parent, and the same Idempotency-Key with the same body replays it', async () => {
    const first = await startSignup(s, body('svc.one@example.com'), 'svc-key-0001');
    expect(first.replayed).toBe(false);
    const again = await startSignup(s, body('svc.one@example.com'), 'svc-key-0001');
    expect(again).toMatchObject({
      replayed: true,
      result: { userId: first.result.userId, signupId: first.result.signupId },
    });
    expect(again.result.authToken).not.toBe(first.result.authToken);
    const other = startSignup(s, body('svc.two@example.com'), 'svc-key-0001');
    await expect(other).rejects.toBeInstanceOf(ServiceError);
    await expect(other).rejects.toMatchObject({ reason: 'key_reused' });
    expect(problemOf((await other.catch((e: unknown) => e)) as ServiceError)).toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
    });
  });

  it('registration services answer the join state and refuse with domain errors', async () => {
    const { result } = await startSignup(s, body('svc.three@example.com'), undefined);
    const user = (await getUser(s.db, result.userId))!;
    expect((await agreeToTerms(s, user)).agreedToTerms).toBe(true);
    const weak = setCredentials(s, user, { username: 'svc.three', password: 'password1234' });
    await expect(weak).rejects.toBeInstanceOf(ServiceError);
    await expect(weak).rejects.toMatchObject({ reason: 'weak_password', errors: [{ field: 'password' }] });
    const set = await setCredentials(s, user, { username: 'svc.three', password: 'correct horse battery 42' });
    expect(set.authToken).toEqual(expect.any(String));
    expect(set.state.requireCredentials).toBe(false);
    // the co-parent answer e-mails an invitation: not before the parent has paid (no mail relay)
    await expect(recordCoParentAnswer(s, user, 'co.svc@example.com')).rejects.toMatchObject({ reason: 'not_paid_yet' });
    await markPaid(s.db, user.id);
    // an unproven address invites nobody (docs/IDENTITY.md): the parent proves it first
    await expect(recordCoParentAnswer(s, user, 'co.svc@example.com')).rejects.toMatchObject({
      reason: 'email_unverified',
    });
    await markProven(s.db, user.id);
    const own = recordCoParentAnswer(s, (await getUser(s.db, user.id))!, 'SVC.three@example.com');
    await expect(own).rejects.toMatchObject({ reason: 'own_email_as_co_parent' });
  });
});

describe('one mapping from refusals to problem+json', () => {
  it('each refusal has one status and contract code; the answer keeps the detail, fields and Retry-After', () => {
    expect(REFUSAL_PROBLEMS.weak_password).toEqual({ status: 422, code: 'validation_failed' });
    expect(REFUSAL_PROBLEMS.unknown_security_question).toEqual({ status: 400, code: 'validation_failed' });
    expect(REFUSAL_PROBLEMS.processor_declined).toMatchObject({ status: 402, code: 'processor_declined' });
    const inDoubt = problemOf(
      new ServiceError('gateway_unavailable', 'The payment could not be confirmed.', { retryAfterSeconds: 1 }),
    );
    expect(inDoubt.headers).toEqual({ 'retry-after': '1' });
    expect(inDoubt.toProblem()).toMatchObject({
      status: 503,
      code: 'payment_gateway_unavailable',
      detail: 'The payment could not be confirmed.',
    });
    const taken = problemOf(
      new ServiceError('username_taken', 'Choose another username.', {
        errors: [{ field: 'username', message: 'This username is not available' }],
        extra: { hint: 'x' },
      }),
    ).toProblem();
    expect(taken).toMatchObject({ status: 409, code: 'username_taken', errors: [{ field: 'username' }], hint: 'x' });
  });

  it('the services under src/services never build an HTTP problem themselves', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('../src/services/', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts')))
      expect(readFileSync(new URL(file, dir), 'utf8'), file).not.toMatch(/new HttpProblem\(|\bHttpProblem\b.*from/);
  });
});
