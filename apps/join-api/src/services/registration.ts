import { eq, sql } from 'drizzle-orm';
import argon2 from 'argon2';
import type { z } from 'zod';
import type {
  BillingAddressRequestSchema,
  CredentialsRequestSchema,
  ParentState,
  SecurityAnswersRequestSchema,
} from '@ofw/api-client';
import type { Services } from '../context.js';
import { securityAnswers, securityQuestions, users } from '../db/schema.js';
import { ServiceError } from './errors.js';
import { acceptedBillingAddress } from './billing-address.js';
import { RATE_LIMITS, releaseRateLimits, reserveRateLimit } from '../lib/rate-limit.js';
import { passwordProblem } from '../lib/password.js';
import { getUser, issueToken, parentState, revokeTokens, subscriptionStatus, type UserRow } from '../accounts.js';
import { answerCoParentEmail, type InvitationOutcome } from '../coparent-answer.js';

/**
 * Registration (services): what a signed-up parent records on the way to a finished account — agreement to
 * the terms, credentials, security answers, the billing address and the co-parent answer. Each takes the parent the
 * route authorized and answers the join state; no HTTP here (the route sets cookies and headers).
 */

/** argon2id with OWASP's minimums (19 MiB, t=2) — README "Passwords". */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Security answers are compared case- and space-insensitively: NFKC, lower case, single spaces. */
export function normalizeAnswer(answer: string): string {
  return answer.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/**
 * Records agreement to the terms (once: the first agreement's time is kept).
 * @returns the join state.
 */
export async function agreeToTerms(s: Services, user: UserRow): Promise<ParentState> {
  const [updated] = await s.db
    .update(users)
    .set({ agreedToTermsAt: sql`coalesce(${users.agreedToTermsAt}, ${s.now().toISOString()}::timestamptz)` })
    .where(eq(users.id, user.id))
    .returning();
  return parentState(s.db, updated!, s.now());
}

/**
 * Sets username and password (argon2id) and rotates the parent's auth tokens in one transaction: every
 * earlier token is revoked and a new one issued. The caller has checked the current password when one is needed
 * ({@link verifyCurrentPassword}).
 * @returns the join state and the new auth token.
 * @throws ServiceError `weak_password`, `username_taken`.
 */
export async function setCredentials(
  s: Services,
  user: UserRow,
  body: z.infer<typeof CredentialsRequestSchema>,
): Promise<{ state: ParentState; authToken: string }> {
  // ASVS 5.0 L2: 12 characters at least, no common or easily guessed password
  const weak = passwordProblem(body.password, [body.username, user.firstName, user.lastName, user.email]);
  if (weak) {
    throw new ServiceError('weak_password', 'Choose a stronger password.', {
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
      throw new ServiceError('username_taken', 'Choose another username.', {
        errors: [{ field: 'username', message: 'This username is not available' }],
      });
    }
    throw e;
  }
  const state = await parentState(s.db, (await getUser(s.db, user.id))!, now);
  return { state, authToken };
}

/**
 * Replaces the parent's three security answers (§2), each argon2id-hashed after {@link normalizeAnswer}.
 * @returns the join state.
 * @throws ServiceError `unknown_security_question` for a question not in the list.
 */
export async function saveSecurityAnswers(
  s: Services,
  user: UserRow,
  answers: z.infer<typeof SecurityAnswersRequestSchema>['answers'],
): Promise<ParentState> {
  const body = { answers };
  const known = new Set(
    (
      await s.db.select({ id: securityQuestions.id }).from(securityQuestions).where(eq(securityQuestions.locale, 'en'))
    ).map((q) => q.id),
  );
  const errors = body.answers
    .map((a, i) =>
      known.has(a.questionId) ? undefined : { field: `answers.${i}.questionId`, message: 'Unknown question' },
    )
    .filter((e): e is { field: string; message: string } => e !== undefined);
  if (errors.length) throw new ServiceError('unknown_security_question', 'Choose questions from the list.', { errors });
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
  return parentState(s.db, (await getUser(s.db, user.id))!, s.now());
}

/**
 * Saves the billing address without a payment (how a pro-created account completes it, §4 "Completion"), in the
 * same jsonb shape a paid order records, so either source completes the address — written canonically after the
 * country rules (services/billing-address.ts).
 * @returns the join state.
 * @throws ServiceError `billing_address_invalid` (422) for a postal code or region the country does not have.
 */
export function saveBillingAddress(
  s: Services,
  userId: number,
  address: z.infer<typeof BillingAddressRequestSchema>,
): Promise<ParentState> {
  return updateSelf(s, userId, { billingAddress: acceptedBillingAddress(address) });
}

/**
 * Stores the language the parent switched to after signing up (§3 `languageLocale`, §1): the receipt and the
 * co-parent invitation are written in the payer's / inviter's `language_locale` when they are queued.
 * @returns the join state.
 * @throws ServiceError `parent_not_found` when the parent is gone.
 */
export function saveLanguage(s: Services, userId: number, languageLocale: string): Promise<ParentState> {
  return updateSelf(s, userId, { languageLocale });
}

/**
 * Records the co-parent answer (§2): an e-mail address, or `null` for "not now". The answer, the invitation it causes
 * (invited account, invite token, outbox e-mail: coparent-answer.ts) and the state answered are one transaction; whatever
 * the address, the answer is the same (no enumeration).
 * Accepted only once the parent has paid (subscription current) or joined with nothing to pay (created by a pro,
 * invited): the answer e-mails an invitation, so an unpaid signup cannot make join-api a mail relay.
 * @throws ServiceError `not_paid_yet` before that, `email_unverified` for an address from a parent whose own address
 * is not proven, `own_email_as_co_parent` for the parent's own address,
 * `parent_not_found` when the parent is gone.
 */
export async function recordCoParentAnswer(
  s: Services,
  user: UserRow,
  email: string | null,
): Promise<{ state: ParentState; outcome: InvitationOutcome }> {
  if (!user.userCreatedByPro && !user.isInvited && (await subscriptionStatus(s.db, user.id, s.now())) !== 'current') {
    throw new ServiceError('not_paid_yet', 'The co-parent is invited once the subscription is paid.');
  }
  if (email !== null && !user.emailVerifiedAt) {
    // an invitation names its sender: only a parent who proved their own address sends one (docs/IDENTITY.md)
    throw new ServiceError('email_unverified', 'Confirm your own e-mail address before inviting your co-parent.');
  }
  const body = { coParentEmail: email };
  const coParentEmail = body.coParentEmail?.toLowerCase() ?? null;
  if (coParentEmail !== null && coParentEmail === user.email.toLowerCase()) {
    throw new ServiceError('own_email_as_co_parent', "The co-parent's email must differ from yours.", {
      errors: [{ field: 'coParentEmail', message: 'This is your own email address' }],
    });
  }
  // The answer, the invitation it causes (invited account, invite token, outbox e-mail) and the state answered:
  // one transaction (coparent-answer.ts). Whatever the address, the answer is the same (no enumeration).
  const now = s.now();
  const { state, outcome } = await s.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ coParentEmail, coParentEmailAnsweredAt: now })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw new ServiceError('parent_not_found', 'No such parent.');
    const outcome = await answerCoParentEmail(tx, {
      parent: updated,
      previousEmail: user.coParentEmail,
      email: coParentEmail,
      now,
      publicUrl: s.env.PUBLIC_URL,
    });
    return { state: await parentState(tx, updated, now), outcome };
  });
  return { state, outcome };
}

/**
 * Writes columns of one parent and answers its join state (completion by `@ofw/domain`'s `isJoinComplete`),
 * both in one transaction: the update is all-or-nothing and the state read is the one written.
 */
async function updateSelf(s: Services, userId: number, set: Partial<typeof users.$inferInsert>): Promise<ParentState> {
  return s.db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set(set).where(eq(users.id, userId)).returning();
    if (!updated) throw new ServiceError('parent_not_found', 'No such parent.');
    return parentState(tx, updated, s.now());
  });
}

/**
 * Proves the parent knows the current password before credentials or security answers change (ASVS 2.1.6, SECURITY.md):
 * argon2-verified against the stored hash. Wrong answers count per parent (`RATE_LIMITS.currentPassword`, beside the
 * per-client limit of the call): a guess is reserved before the hash is verified and a right password (or none sent)
 * gives it back, so concurrent guesses never verify more than the limit (lib/rate-limit.ts `reserveRateLimits`); past
 * the limit even a right one waits.
 * @throws ServiceError `current_password_required` / `current_password_incorrect`; HttpProblem 429 `rate_limited`.
 */
export async function verifyCurrentPassword(s: Services, user: UserRow, currentPassword: string | undefined) {
  const guess = await reserveRateLimit(
    s.db,
    RATE_LIMITS.currentPassword,
    `parent:${user.id}`,
    s.now(),
    s.env.RATE_LIMIT_FACTOR,
  );
  if (!currentPassword) {
    await releaseRateLimits(s.db, [guess]);
    throw new ServiceError('current_password_required', 'This change needs the current password.', {
      errors: [{ field: 'currentPassword', message: 'Required' }],
    });
  }
  const ok = user.passwordHash ? await argon2.verify(user.passwordHash, currentPassword).catch(() => false) : false;
  if (!ok) {
    // the guess stays counted
    throw new ServiceError('current_password_incorrect', 'The current password is not right.', {
      errors: [{ field: 'currentPassword', message: 'Incorrect' }],
    });
  }
  await releaseRateLimits(s.db, [guess]);
}
