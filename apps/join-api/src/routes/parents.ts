import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { and, eq, sql } from 'drizzle-orm';
import argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import {
  BillingAddressRequestSchema,
  CoParentEmailRequestSchema,
  CredentialsRequestSchema,
  IdParamSchema,
  SecurityAnswersRequestSchema,
  SignupRequestSchema,
  TermsRequestSchema,
  type ParentState,
  type SignupResponse,
} from '@ofw/api-client';
import type { AppEnv, Services } from '../context.js';
import { SESSION_COOKIE, rateLimit, requireSelf } from '../context.js';
import { families, securityAnswers, securityQuestions, signups, users } from '../db/schema.js';
import { HttpProblem } from '../lib/problem.js';
import { RATE_LIMITS } from '../lib/rate-limit.js';
import { passwordProblem } from '../lib/password.js';
import { hashToken, newToken } from '../lib/tokens.js';
import { jsonBody, param } from '../lib/validate.js';
import { TOKEN_TTL_MS, consumeToken, getUser, issueToken, parentState } from '../accounts.js';
import { answerCoParentEmail } from '../invitations.js';

/** argon2id with OWASP's minimums (19 MiB, t=2) — README "Passwords". */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Security answers are compared case- and space-insensitively: NFKC, lower case, single spaces. */
export function normalizeAnswer(answer: string): string {
  return answer.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

const invalidInvite = () => new HttpProblem(401, 'invalid_invite_token', 'The invite link is not valid any more.');

export function parentRoutes() {
  const r = new Hono<AppEnv>();

  r.post('/signups', async (c) => {
    await rateLimit(c, RATE_LIMITS.signup);
    const s = c.get('services');
    const body = await jsonBody(c, SignupRequestSchema);
    const now = s.now();
    const result = await s.db.transaction(async (tx) => {
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
      return { signupId, registrationKey, authToken, userId } satisfies SignupResponse;
    });
    setCookie(c, SESSION_COOKIE, result.authToken, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure: s.env.COOKIE_SECURE,
      maxAge: TOKEN_TTL_MS.auth / 1000,
    });
    s.logger.info({ userId: result.userId, flow: body.flow }, 'signup created');
    return c.json(result, 201);
  });

  r.get('/parents/:userId', async (c) => {
    const s = c.get('services');
    const user = await requireSelf(c, param(c, 'userId', IdParamSchema));
    c.header('cache-control', 'no-store');
    return c.json(await parentState(s.db, user, s.now()));
  });

  r.put('/parents/:userId/terms', async (c) => {
    const s = c.get('services');
    const user = await requireSelf(c, param(c, 'userId', IdParamSchema));
    await jsonBody(c, TermsRequestSchema);
    const [updated] = await s.db
      .update(users)
      .set({ agreedToTermsAt: sql`coalesce(${users.agreedToTermsAt}, ${s.now().toISOString()}::timestamptz)` })
      .where(eq(users.id, user.id))
      .returning();
    return c.json(await parentState(s.db, updated!, s.now()));
  });

  r.put('/parents/:userId/credentials', async (c) => {
    const s = c.get('services');
    const user = await requireSelf(c, param(c, 'userId', IdParamSchema));
    await rateLimit(c, RATE_LIMITS.login);
    const body = await jsonBody(c, CredentialsRequestSchema);
    // ASVS 5.0 L2: 12 characters at least, no common or easily guessed password (issue 12)
    const weak = passwordProblem(body.password, [body.username, user.firstName, user.lastName, user.email]);
    if (weak) {
      throw new HttpProblem(422, 'validation_failed', 'Choose a stronger password.', {
        errors: [{ field: 'password', message: weak }],
      });
    }
    const passwordHash = await argon2.hash(body.password, ARGON2_OPTIONS);
    try {
      await s.db
        .update(users)
        .set({ username: body.username, passwordHash, requireCredentials: false, accountState: 'active' })
        .where(eq(users.id, user.id));
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
    return c.json(await parentState(s.db, (await getUser(s.db, user.id))!, s.now()));
  });

  r.put('/parents/:userId/security-questions', async (c) => {
    const s = c.get('services');
    const user = await requireSelf(c, param(c, 'userId', IdParamSchema));
    await rateLimit(c, RATE_LIMITS.securityQuestions, `parent:${user.id}`);
    const body = await jsonBody(c, SecurityAnswersRequestSchema);
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

  r.put('/parents/:userId/billing-address', async (c) => {
    const s = c.get('services');
    const user = await requireSelf(c, param(c, 'userId', IdParamSchema));
    const body = await jsonBody(c, BillingAddressRequestSchema);
    // The same jsonb shape a paid order records (orders.ts), so either source completes the address.
    return c.json(await updateSelf(s, user.id, { billingAddress: body }));
  });

  r.put('/parents/:userId/coparent-email', async (c) => {
    const s = c.get('services');
    const user = await requireSelf(c, param(c, 'userId', IdParamSchema));
    const body = await jsonBody(c, CoParentEmailRequestSchema);
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
