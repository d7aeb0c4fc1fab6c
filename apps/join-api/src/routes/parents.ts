import { HttpProblem } from '../lib/problem.js';
import { Hono } from 'hono';
import type { CredentialsResponse } from '@ofw/api-client';
import type { AppEnv } from '../context.js';
import { operation, type Refusals } from '../lib/operation.js';
import { clearSessionCookie, clientIp, isBrowserRequest, rateLimit, setSessionCookie } from '../context.js';
import { RATE_LIMITS } from '../lib/rate-limit.js';
import { parentState } from '../accounts.js';
import { endSession, startSignup } from '../services/signups.js';
import {
  agreeToTerms,
  recordCoParentAnswer,
  saveBillingAddress,
  saveLanguage,
  saveSecurityAnswers,
  setCredentials,
  verifyCurrentPassword,
} from '../services/registration.js';
import { setAutoRenew } from '../services/renewal/state.js';
import { isEmailCodeForm, sendEmailCode, verifyEmailCode } from '../services/email-proof.js';

/** What these handlers and their services refuse besides their contract guard (lib/operation.ts `guardRefusals`). */
export const parentRefusals = {
  createSignup: [
    [429, 'rate_limited'],
    [401, 'invalid_invite_token'],
    [401, 'unauthorized'],
    [409, 'signup_completed'],
    [409, 'idempotency_in_flight'],
    [422, 'idempotency_key_reused'],
  ],
  logout: [],
  getParent: [],
  putTerms: [],
  putCredentials: [
    [429, 'rate_limited'],
    [403, 'current_password_required'],
    [403, 'current_password_incorrect'],
    [422, 'validation_failed'],
    [409, 'username_taken'],
  ],
  putSecurityQuestions: [
    [429, 'rate_limited'],
    [403, 'current_password_required'],
    [403, 'current_password_incorrect'],
  ],
  putBillingAddress: [
    [404, 'not_found'],
    // the country rules of the address (services/billing-address.ts, @ofw/domain checkBillingAddress)
    [422, 'validation_failed'],
  ],
  putLanguage: [[404, 'not_found']],
  // services/renewal/state.ts setAutoRenew (docs/RENEWAL.md)
  putAutoRenew: [
    [404, 'not_found'],
    [409, 'no_subscription'],
    [409, 'no_saved_payment_method'],
  ],
  putCoParentEmail: [
    [429, 'rate_limited'],
    [409, 'not_paid_yet'],
    [403, 'email_unverified'],
    [404, 'not_found'],
  ],
  // services/email-proof.ts (docs/IDENTITY.md)
  sendEmailCode: [
    [429, 'rate_limited'],
    [409, 'email_already_verified'],
  ],
  verifyEmail: [
    [429, 'rate_limited'],
    [422, 'code_incorrect'],
    [422, 'code_expired'],
    [422, 'too_many_tries'],
  ],
} as const satisfies Partial<Refusals>;

export function parentRoutes() {
  const r = new Hono<AppEnv>();

  sessionOperations(r);

  // auth 'parent' with a {userId} path param: operation() lets a parent act only on itself (403 otherwise)
  operation(r, 'getParent', async (c, { auth: { user } }) => {
    const s = c.get('services');
    c.header('cache-control', 'no-store');
    return c.json(await parentState(s.db, user, s.now()));
  });

  operation(r, 'putTerms', async (c, input) => {
    const s = c.get('services');
    const { user } = input.auth;
    await input.body();
    return c.json(await agreeToTerms(s, user));
  });

  operation(r, 'putCredentials', async (c, input) => {
    const s = c.get('services');
    const session = input.auth;
    const user = session.user;
    await rateLimit(c, RATE_LIMITS.login);
    const body = await input.body();
    // Set once while the account is registering; any later change proves the current password.
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
    const { user } = input.auth;
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
    const { user } = input.auth;
    const body = await input.body();
    return c.json(await saveBillingAddress(s, user.id, body));
  });

  operation(r, 'putLanguage', async (c, input) => {
    const s = c.get('services');
    const { languageLocale } = await input.body();
    return c.json(await saveLanguage(s, input.auth.user.id, languageLocale));
  });

  operation(r, 'putCoParentEmail', async (c, input) => {
    const s = c.get('services');
    const { user } = input.auth;
    // an answer with a new address e-mails it an invitation: limited per parent, so the join is no mail relay
    await rateLimit(c, RATE_LIMITS.coParentEmail, `parent:${user.id}`);
    const body = await input.body();
    if (body.coParentEmail !== null) await rateLimit(c, RATE_LIMITS.coParentEmailClient);
    const { state, outcome } = await recordCoParentAnswer(s, user, body.coParentEmail);
    s.logger.info({ userId: user.id, outcome }, 'co-parent answer recorded');
    return c.json(state);
  });

  subscriptionOperations(r);
  emailProofOperations(r);
  return r;
}

/** The join's session: made by the sign-up, ended by logout. */
function sessionOperations(r: Hono<AppEnv>): void {
  operation(r, 'createSignup', async (c, input) => {
    await rateLimit(c, RATE_LIMITS.signup);
    const s = c.get('services');
    const key = input.header('Idempotency-Key');
    const body = await input.body();
    const { result, replayed } = await startSignup(s, body, key);
    setSessionCookie(c, result.authToken);
    if (replayed) c.header('idempotent-replayed', 'true');
    c.header('cache-control', 'no-store');
    s.logger.info({ userId: result.userId, flow: body.flow, replayed }, 'signup created');
    // a browser keeps its session in the HttpOnly cookie only: no script of the page ever reads the token
    return c.json(isBrowserRequest(c) ? { ...result, authToken: undefined } : result, 201);
  });

  operation(r, 'logout', async (c, { auth: session }) => {
    const s = c.get('services');
    // auth 'parent-optional': an invalid bearer token answers 401; a stale or missing cookie is simply cleared.
    if (session) await endSession(s, session.user.id, session.tokenHash);
    clearSessionCookie(c);
    c.header('cache-control', 'no-store');
    return c.body(null, 204);
  });
}

/** The proof of the parent's address by a one-time code (services/email-proof.ts, docs/IDENTITY.md). */
function emailProofOperations(r: Hono<AppEnv>): void {
  operation(r, 'sendEmailCode', async (c, input) => {
    const s = c.get('services');
    c.header('cache-control', 'no-store');
    return c.json(await sendEmailCode(s, input.auth.user, clientIp(c)));
  });

  operation(r, 'verifyEmail', async (c, input) => {
    const s = c.get('services');
    await rateLimit(c, RATE_LIMITS.emailCodeTries);
    const { code } = await input.body();
    c.header('cache-control', 'no-store');
    // a malformed code uses no try (docs/IDENTITY.md)
    if (!isEmailCodeForm(code))
      throw new HttpProblem(400, 'validation_failed', 'Enter the 6 digits of the code.', {
        errors: [{ field: 'code', message: 'Expected 6 digits' }],
      });
    return c.json(await verifyEmailCode(s, input.auth.user, code));
  });
}

/** The subscription's own settings (docs/RENEWAL.md): automatic renewal on or off. */
function subscriptionOperations(r: Hono<AppEnv>): void {
  operation(r, 'putAutoRenew', async (c, input) => {
    const s = c.get('services');
    const { autoRenew } = await input.body();
    const user = await setAutoRenew(s, input.auth.user, autoRenew);
    c.header('cache-control', 'no-store');
    return c.json(await parentState(s.db, user, s.now()));
  });
}
