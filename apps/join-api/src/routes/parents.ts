import { Hono, type Context } from 'hono';
import { and, eq, isNull, sql } from 'drizzle-orm';
import argon2 from 'argon2';
import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import {
  IdempotencyKeySchema,
  type SignupRequestSchema,
  type CredentialsResponse,
  type ParentState,
  type SignupResponse,
} from '@ofw/api-client';
import type { AppEnv, Services } from '../context.js';
import { operation } from '../lib/operation.js';
import {
  clearSessionCookie,
  optionalSession,
  rateLimit,
  requireSelf,
  requireSession,
  setSessionCookie,
} from '../context.js';
import type { Db } from '../db/client.js';
import { families, idempotencyKeys, securityAnswers, securityQuestions, signups, tokens, users } from '../db/schema.js';
import { HttpProblem, forbidden } from '../lib/problem.js';
import { RATE_LIMITS, checkRateLimit, countHit, type RateLimitRule } from '../lib/rate-limit.js';
import { passwordProblem } from '../lib/password.js';
import { fingerprint, hashToken, newToken } from '../lib/tokens.js';
import {
  TOKEN_TTL_MS,
  consumeToken,
  getUser,
  issueToken,
  parentState,
  revokeTokens,
  type UserRow,
} from '../accounts.js';
import { answerCoParentEmail } from '../invitations.js';

/** argon2id with OWASP's minimums (19 MiB, t=2) — README "Passwords". */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Security answers are compared case- and space-insensitively: NFKC, lower case, single spaces. */
export function normalizeAnswer(answer: string): string {
  return answer.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const invalidInvite = () => new HttpProblem(401, 'invalid_invite_token', 'The invite link is not valid any more.');

export function parentRoutes() {
  const r = new Hono<AppEnv>();

  operation(r, 'createSignup', async (c, input) => {
    await rateLimit(c, RATE_LIMITS.signup);
    const s = c.get('services');
    const key = optionalIdempotencyKey(c);
    const body = await input.body();
    const now = s.now();
    const { result, replayed } = await s.db.transaction(async (tx) => {
      if (key) {
        // Taken first, in the signup's own transaction: a concurrent twin waits on the key and then replays.
        const replay = await claimSignupKey(tx, key, fingerprint(body), now);
        if (replay) return { result: replay, replayed: true };
      }
      const created = await createSignup(tx, body, now);
      if (key) {
        await tx
          .update(idempotencyKeys)
          .set({ responseBody: { signupId: created.signupId, userId: created.userId } })
          .where(and(eq(idempotencyKeys.userId, SIGNUP_KEY_SCOPE), eq(idempotencyKeys.key, key)));
      }
      return { result: created, replayed: false };
    });
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
    if (session) {
      await s.db
        .update(tokens)
        .set({ revokedAt: s.now() })
        .where(and(eq(tokens.hash, session.tokenHash), isNull(tokens.revokedAt)));
      s.logger.info({ userId: session.user.id }, 'session ended');
    }
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
    const [updated] = await s.db
      .update(users)
      .set({ agreedToTermsAt: sql`coalesce(${users.agreedToTermsAt}, ${s.now().toISOString()}::timestamptz)` })
      .where(eq(users.id, user.id))
      .returning();
    return c.json(await parentState(s.db, updated!, s.now()));
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
    if (user.accountState !== 'registering') await verifyCurrentPassword(c, user, body.currentPassword);
    // ASVS 5.0 L2: 12 characters at least, no common or easily guessed password (issue 12)
    const weak = passwordProblem(body.password, [body.username, user.firstName, user.lastName, user.email]);
    if (weak) {
      throw new HttpProblem(422, 'validation_failed', 'Choose a stronger password.', {
        errors: [{ field: 'password', message: weak }],
      });
    }
    const passwordHash = await argon2.hash(body.password, ARGON2_OPTIONS);
    const now = s.now();
    let authToken: string;
    try {
      // The credentials and the token rotation commit together: every earlier auth token of the parent is revoked.
      authToken = await s.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ username: body.username, passwordHash, requireCredentials: false, accountState: 'active' })
          .where(eq(users.id, user.id));
        await revokeTokens(tx, 'auth', user.id, now);
        return issueToken(tx, 'auth', { userId: user.id, now });
      });
    } catch (e) {
      if (
        /unique|duplicate/i.test(String((e as Error).message) + String((e as { cause?: Error }).cause?.message ?? ''))
      ) {
        throw new HttpProblem(409, 'username_taken', 'Choose another username.', {
          errors: [{ field: 'username', message: 'This username is not available' }],
        });
      }
      throw e;
    }
    c.header('cache-control', 'no-store');
    const state = await parentState(s.db, (await getUser(s.db, user.id))!, now);
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
    const known = new Set(
      (
        await s.db
          .select({ id: securityQuestions.id })
          .from(securityQuestions)
          .where(eq(securityQuestions.locale, 'en'))
      ).map((q) => q.id),
    );
    const errors = body.answers
      .map((a, i) =>
        known.has(a.questionId) ? undefined : { field: `answers.${i}.questionId`, message: 'Unknown question' },
      )
      .filter((e): e is { field: string; message: string } => e !== undefined);
    if (errors.length) throw new HttpProblem(400, 'validation_failed', 'Choose questions from the list.', { errors });
    const hashes = await Promise.all(body.answers.map((a) => argon2.hash(normalizeAnswer(a.answer), ARGON2_OPTIONS)));
    await s.db.transaction(async (tx) => {
      await tx.delete(securityAnswers).where(eq(securityAnswers.userId, user.id));
      await tx.insert(securityAnswers).values(
        body.answers.map((a, i) => ({
          userId: user.id,
          position: i + 1,
          questionId: a.questionId,
          answerHash: hashes[i]!,
        })),
      );
      await tx.update(users).set({ securityQuestionsComplete: true }).where(eq(users.id, user.id));
    });
    return c.json(await parentState(s.db, (await getUser(s.db, user.id))!, s.now()));
  });

  operation(r, 'putBillingAddress', async (c, input) => {
    const s = c.get('services');
    const user = await requireSelf(c, input.param('userId'));
    const body = await input.body();
    // The same jsonb shape a paid order records (orders.ts), so either source completes the address.
    return c.json(await updateSelf(s, user.id, { billingAddress: body }));
  });

  operation(r, 'putCoParentEmail', async (c, input) => {
    const s = c.get('services');
    const user = await requireSelf(c, input.param('userId'));
    const body = await input.body();
    const coParentEmail = body.coParentEmail?.toLowerCase() ?? null;
    if (coParentEmail !== null && coParentEmail === user.email.toLowerCase()) {
      throw new HttpProblem(400, 'validation_failed', "The co-parent's email must differ from yours.", {
        errors: [{ field: 'coParentEmail', message: 'This is your own email address' }],
      });
    }
    // The answer, the invitation it causes (invited account, invite token, outbox e-mail) and the state answered:
    // one transaction (invitations.ts). Whatever the address, the answer is the same (no enumeration).
    const now = s.now();
    const { state, outcome } = await s.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ coParentEmail, coParentEmailAnsweredAt: now })
        .where(eq(users.id, user.id))
        .returning();
      if (!updated) throw new HttpProblem(404, 'not_found', 'No such parent.');
      const outcome = await answerCoParentEmail(tx, {
        parent: updated,
        previousEmail: user.coParentEmail,
        email: coParentEmail,
        now,
        publicUrl: s.env.PUBLIC_URL,
      });
      return { state: await parentState(tx, updated, now), outcome };
    });
    s.logger.info({ userId: user.id, outcome }, 'co-parent answer recorded');
    return c.json(state);
  });

  return r;
}

/**
 * Writes columns of one parent and answers its join state (completion by `@ofw/domain`'s `isJoinComplete`),
 * both in one transaction: the update is all-or-nothing and the state read is the one written.
 */
async function updateSelf(s: Services, userId: number, set: Partial<typeof users.$inferInsert>): Promise<ParentState> {
  return s.db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set(set).where(eq(users.id, userId)).returning();
    if (!updated) throw new HttpProblem(404, 'not_found', 'No such parent.');
    return parentState(tx, updated, s.now());
  });
}

/**
 * Wrong current passwords per parent per hour (issue 12): a stolen auth token cannot guess its way to new
 * credentials. Counted on failures only, beside the per-client `RATE_LIMITS.login` every credentials call counts.
 */
const CURRENT_PASSWORD_LIMIT: RateLimitRule = { name: 'current-password', limit: 5, windowMs: 60 * 60_000 };

/** `idempotency_keys.user_id` of the keys of `POST /signups` (no parent yet; parents' ids start at 1). */
const SIGNUP_KEY_SCOPE = 0;

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

/**
 * Takes a signup's Idempotency-Key (stored in `idempotency_keys` beside `POST /orders`' keys, under
 * {@link SIGNUP_KEY_SCOPE}, purged by housekeeping after 24 h), or answers a replay: the same `signupId` and `userId`
 * with a fresh auth token and a fresh registration key (both are stored only as hashes, so neither can be replayed;
 * the registration key replaces the earlier one). A replay is refused once the account has left `registering` (its
 * credentials are set): from then on only a sign-in reaches it.
 * @throws HttpProblem 422 `idempotency_key_reused` (the key came with another body), 409 `signup_completed`.
 */
async function claimSignupKey(tx: Tx, key: string, hash: string, now: Date): Promise<SignupResponse | undefined> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({
      userId: SIGNUP_KEY_SCOPE,
      key,
      requestHash: hash,
      state: 'completed',
      responseStatus: 201,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length) return undefined;
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, SIGNUP_KEY_SCOPE), eq(idempotencyKeys.key, key)));
  if (!row) throw new HttpProblem(409, 'idempotency_in_flight', 'A request with this Idempotency-Key is in progress.');
  if (row.requestHash !== hash) {
    throw new HttpProblem(422, 'idempotency_key_reused', 'This Idempotency-Key was used with another request body.');
  }
  const stored = row.responseBody as { signupId: string; userId: number } | null;
  const user = stored ? await getUser(tx, stored.userId) : undefined;
  if (!stored || user?.accountState !== 'registering') {
    throw new HttpProblem(409, 'signup_completed', 'This signup is complete; sign in instead.');
  }
  const registrationKey = newToken();
  await tx
    .update(signups)
    .set({ registrationKeyHash: hashToken(registrationKey) })
    .where(eq(signups.id, stored.signupId));
  const authToken = await issueToken(tx, 'auth', { userId: stored.userId, now });
  return { signupId: stored.signupId, registrationKey, authToken, userId: stored.userId };
}

/**
 * Creates the parent (or claims the invited one, or the pro-referred one), the signup and its first auth token.
 * @throws HttpProblem 401 `invalid_invite_token` / `unauthorized` for a used, expired or unknown invite / referral.
 */
async function createSignup(tx: Tx, body: z.infer<typeof SignupRequestSchema>, now: Date): Promise<SignupResponse> {
  const details = {
    firstName: body.parent.firstName,
    lastName: body.parent.lastName,
    email: body.parent.email.toLowerCase(),
    phoneCountryCode: body.parent.phoneCountryCode,
    phoneNumber: body.parent.phoneNumber.replace(/[^0-9]/g, ''),
    timeZone: body.parent.timeZone,
    country: body.address.country,
    addressLine1: body.address.line1 ?? null,
    languageLocale: body.languageLocale,
    flow: body.flow,
    referral: body.referral ?? null,
  };
  let userId: number;
  if (body.flow === 'ctj') {
    // Invited co-parent: the invite token grants the pre-created account once.
    const invite = body.inviteToken ? await consumeToken(tx, 'invite', body.inviteToken, now) : undefined;
    if (!invite?.userId) throw invalidInvite();
    const [u] = await tx
      .update(users)
      .set({ ...details, isInvited: true, accountState: 'registering' })
      .where(and(eq(users.id, invite.userId), eq(users.accountState, 'invited')))
      .returning({ id: users.id });
    if (!u) throw invalidInvite();
    userId = u.id;
  } else {
    let pro: { proFirstName: string | null; proLastName: string | null; userCreatedByPro: boolean } = {
      proFirstName: body.flow === 'pro' ? (body.proFirstName ?? null) : null,
      proLastName: body.flow === 'pro' ? (body.proLastName ?? null) : null,
      userCreatedByPro: false,
    };
    if (body.flow === 'pro' && body.proReferralToken) {
      const referral = await consumeToken(tx, 'pro_referral', body.proReferralToken, now);
      if (!referral)
        throw new HttpProblem(401, 'unauthorized', 'The professional referral link is not valid any more.');
      const d = (referral.data ?? {}) as { proFirstName?: string; proLastName?: string };
      pro = { proFirstName: d.proFirstName ?? null, proLastName: d.proLastName ?? null, userCreatedByPro: true };
    }
    const [fam] = await tx.insert(families).values({}).returning({ id: families.id });
    const [u] = await tx
      .insert(users)
      .values({
        ...details,
        familyId: fam!.id,
        ...pro,
        parentAccountType: pro.userCreatedByPro ? 'pro_created' : 'parent',
      })
      .returning({ id: users.id });
    userId = u!.id;
  }
  const signupId = randomUUID();
  const registrationKey = newToken();
  await tx.insert(signups).values({
    id: signupId,
    userId,
    registrationKeyHash: hashToken(registrationKey),
    flow: body.flow,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS.invite),
  });
  const authToken = await issueToken(tx, 'auth', { userId, now });
  return { signupId, registrationKey, authToken, userId };
}

/**
 * Proves the parent knows the current password before credentials change (issue 12): argon2-verified against the
 * stored hash. Wrong answers count per parent (`CURRENT_PASSWORD_LIMIT`); past the limit even a right one waits.
 * @throws HttpProblem 403 `current_password_required` / `current_password_incorrect`, 429 `rate_limited`.
 */
async function verifyCurrentPassword(c: Context<AppEnv>, user: UserRow, currentPassword: string | undefined) {
  const s = c.get('services');
  const subject = `parent:${user.id}`;
  await checkRateLimit(s.db, CURRENT_PASSWORD_LIMIT, subject, s.now(), s.env.RATE_LIMIT_FACTOR);
  if (!currentPassword) {
    throw new HttpProblem(403, 'current_password_required', 'Changing credentials needs the current password.', {
      errors: [{ field: 'currentPassword', message: 'Required' }],
    });
  }
  const ok = user.passwordHash ? await argon2.verify(user.passwordHash, currentPassword).catch(() => false) : false;
  if (!ok) {
    await countHit(s.db, CURRENT_PASSWORD_LIMIT, subject, s.now());
    throw new HttpProblem(403, 'current_password_incorrect', 'The current password is not right.', {
      errors: [{ field: 'currentPassword', message: 'Incorrect' }],
    });
  }
}
