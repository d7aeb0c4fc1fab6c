import { Hono, type Context } from 'hono';
import { IdempotencyKeySchema, type CredentialsResponse } from '@ofw/api-client';
import type { AppEnv } from '../context.js';
import { operation } from '../lib/operation.js';
import {
  clearSessionCookie,
  optionalSession,
  rateLimit,
  requireSelf,
  requireSession,
  setSessionCookie,
} from '../context.js';
import { HttpProblem, forbidden } from '../lib/problem.js';
import { RATE_LIMITS } from '../lib/rate-limit.js';
import { parentState } from '../accounts.js';
import { endSession, startSignup } from '../services/signups.js';
import {
  agreeToTerms,
  recordCoParentAnswer,
  saveBillingAddress,
  saveSecurityAnswers,
  setCredentials,
  verifyCurrentPassword,
} from '../services/registration.js';

export function parentRoutes() {
  const r = new Hono<AppEnv>();

  operation(r, 'createSignup', async (c, input) => {
    await rateLimit(c, RATE_LIMITS.signup);
    const s = c.get('services');
    const key = optionalIdempotencyKey(c);
    const body = await input.body();
    const { result, replayed } = await startSignup(s, body, key);
    setSessionCookie(c, result.authToken);
    if (replayed) c.header('idempotent-replayed', 'true');
    c.header('cache-control', 'no-store');
    s.logger.info({ userId: result.userId, flow: body.flow, replayed }, 'signup created');
    return c.json(result, 201);
  });

  operation(r, 'logout', async (c) => {
    const s = c.get('services');
    // An invalid bearer token answers 401; a stale or missing cookie is simply cleared.
    const session = c.req.header('authorization') ? await requireSession(c) : await optionalSession(c);
    if (session) await endSession(s, session.user.id, session.tokenHash);
    clearSessionCookie(c);
    c.header('cache-control', 'no-store');
    return c.body(null, 204);
  });

  operation(r, 'getParent', async (c, input) => {
    const s = c.get('services');
    const user = await requireSelf(c, input.param('userId'));
    c.header('cache-control', 'no-store');
    return c.json(await parentState(s.db, user, s.now()));
  });

  operation(r, 'putTerms', async (c, input) => {
    const s = c.get('services');
    const user = await requireSelf(c, input.param('userId'));
    await input.body();
    return c.json(await agreeToTerms(s, user));
  });

  operation(r, 'putCredentials', async (c, input) => {
    const s = c.get('services');
    const userId = input.param('userId');
    const session = await requireSession(c);
    if (session.user.id !== userId) throw forbidden();
    const user = session.user;
    await rateLimit(c, RATE_LIMITS.login);
    const body = await input.body();
    // Set once while the account is registering; any later change proves the current password (issue 12).
    if (user.accountState !== 'registering') await verifyCurrentPassword(s, user, body.currentPassword);
    const { state, authToken } = await setCredentials(s, user, body);
    c.header('cache-control', 'no-store');
    // The browser gets the new token only as its cookie; a Bearer client gets it in the body (it cannot read cookies).
    if (session.byCookie) {
      setSessionCookie(c, authToken);
      return c.json(state);
    }
    return c.json({ ...state, authToken } satisfies CredentialsResponse);
  });

  operation(r, 'putSecurityQuestions', async (c, input) => {
    const s = c.get('services');
    const user = await requireSelf(c, input.param('userId'));
    await rateLimit(c, RATE_LIMITS.securityQuestions, `parent:${user.id}`);
    const body = await input.body();
    // Set once while joining; once the account is active, a change proves the current password as credentials do
    // (account recovery answers are credentials too: SECURITY.md, ASVS 6.4.2).
    if (user.accountState !== 'registering' && user.securityQuestionsComplete)
      await verifyCurrentPassword(s, user, body.currentPassword);
    return c.json(await saveSecurityAnswers(s, user, body.answers));
  });

  operation(r, 'putBillingAddress', async (c, input) => {
    const s = c.get('services');
    const user = await requireSelf(c, input.param('userId'));
    const body = await input.body();
    return c.json(await saveBillingAddress(s, user.id, body));
  });

  operation(r, 'putCoParentEmail', async (c, input) => {
    const s = c.get('services');
    const user = await requireSelf(c, input.param('userId'));
    // an answer with a new address e-mails it an invitation: limited per parent, so the join is no mail relay
    await rateLimit(c, RATE_LIMITS.coParentEmail, `parent:${user.id}`);
    const body = await input.body();
    if (body.coParentEmail !== null) await rateLimit(c, RATE_LIMITS.coParentEmailClient);
    const { state, outcome } = await recordCoParentAnswer(s, user, body.coParentEmail);
    s.logger.info({ userId: user.id, outcome }, 'co-parent answer recorded');
    return c.json(state);
  });

  return r;
}

/**
 * The optional `Idempotency-Key` header of `POST /signups`, validated like `POST /orders`' one.
 * @throws HttpProblem 400 `validation_failed` for a malformed key.
 */
function optionalIdempotencyKey(c: Context<AppEnv>): string | undefined {
  const raw = c.req.header('idempotency-key');
  if (raw === undefined) return undefined;
  const key = IdempotencyKeySchema.safeParse(raw);
  if (!key.success) {
    throw new HttpProblem(400, 'validation_failed', 'The Idempotency-Key must be 8–255 visible ASCII characters.', {
      errors: [{ field: 'header.Idempotency-Key', message: 'Invalid format' }],
    });
  }
  return key.data;
}
