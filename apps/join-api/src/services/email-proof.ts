import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { normalizeEmailCode, type EmailCodeResponse, type EmailVerificationResponse } from '@ofw/api-client';
import type { Services } from '../context.js';
import type { Db } from '../db/client.js';
import { emailCodes, orders, subscriptions, users } from '../db/schema.js';
import { cancelTopic, enqueueEmail } from '../outbox.js';
import { RATE_LIMITS, releaseRateLimits, reserveRateLimits, retryLater } from '../lib/rate-limit.js';
import { hashToken, newId } from '../lib/tokens.js';
import { ServiceError } from './errors.js';

/*
 * The proof of a parent's e-mail address by a one-time code (docs/IDENTITY.md): why a code and not a link, its
 * lifetimes and limits. NIST SP 800-63B §5.1.3.2 (out-of-band secrets: 6 digits at least, a short life) and §5.2.2
 * (failed tries limited per subscriber).
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DbOrTx = Db | Tx;
type User = typeof users.$inferSelect;

/** The code's shape and limits (docs/IDENTITY.md "Lifetimes and limits"). */
export const EMAIL_CODE = {
  digits: 6,
  /** How long a code works after it is sent. */
  ttlMs: 10 * 60_000,
  /** Tries per code: each is taken before the comparison. */
  tries: 5,
  /** Between two codes of one parent (the page's "Send a new code" waits as long). */
  resendAfterMs: 30_000,
} as const;

/** The outbox topic of a parent's codes: a new code cancels the e-mail of the one before if it is still unsent. */
const codeTopic = (userId: number) => `email-code:${userId}`;

/** A new code: 6 decimal digits from the CSPRNG (`crypto.randomInt`, uniform), leading zeros kept. */
export function newEmailCode(): string {
  return String(randomInt(0, 10 ** EMAIL_CODE.digits)).padStart(EMAIL_CODE.digits, '0');
}

/** How a code is stored: `<salt>.<HMAC-SHA256(salt, code)>` (hex), a fresh 128-bit salt per code. */
export function hashEmailCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}.${createHmac('sha256', salt).update(code, 'utf8').digest('hex')}`;
}

/** Whether `code` is the one `stored` ({@link hashEmailCode}) was made of, compared in constant time. */
export function emailCodeMatches(stored: string, code: string): boolean {
  const [salt = ''] = stored.split('.', 1);
  const expected = Buffer.from(stored);
  const given = Buffer.from(hashEmailCode(code, salt));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The rate-limit subject of an address: its SHA-256, so `rate_limits` holds no address. */
const addressSubject = (email: string) => `email:${hashToken(email.toLowerCase())}`;

/**
 * Marks the parent's address proven (first proof kept), e.g. by a renewal link that reached it.
 * @param at - when (the services' clock).
 */
export async function markEmailProven(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId));
}

/**
 * Another account proven at `user`'s address that is a real account — its credentials set, or a subscription bought —
 * and whether that subscription is current (docs/IDENTITY.md "One address, one subscription"). An unproven account,
 * an invited one, or a proven join that stopped before paying counts for nothing.
 * @returns null when there is none.
 */
export async function existingAccountAt(
  db: DbOrTx,
  user: Pick<User, 'id' | 'email'>,
  now: Date,
): Promise<{ subscriptionCurrent: boolean } | null> {
  const current = sql<boolean>`exists (select 1 from ${subscriptions} s where s.user_id = ${users.id}
    and s.status = 'current' and (s.expires_at > ${now.toISOString()}::timestamptz
      or (s.renewal_declines > 0 and s.renewal_due_at is not null)))`;
  const any = sql<boolean>`exists (select 1 from ${subscriptions} s where s.user_id = ${users.id})`;
  const rows = await db
    .select({ current, any, state: users.accountState })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${user.email.toLowerCase()}`,
        ne(users.id, user.id),
        isNotNull(users.emailVerifiedAt),
        ne(users.accountState, 'invited'),
      ),
    );
  const real = rows.filter((r) => r.any || r.state === 'active');
  if (!real.length) return null;
  return { subscriptionCurrent: real.some((r) => r.current) };
}

/**
 * Whether another account proven at `user`'s address holds a current subscription or has a payment in progress: the
 * guard of `POST /orders` (no second paid subscription on one proven address). An SQL condition, so the order's
 * own read carries it (services/orders/open-order.ts), under the address's lock ({@link addressLockSql}).
 */
export function subscribedElsewhereSql(user: Pick<User, 'id' | 'email'>, now: Date) {
  return sql<boolean>`exists (select 1 from ${users} o where lower(o.email) = ${user.email.toLowerCase()}
    and o.id <> ${user.id} and o.email_verified_at is not null and (
      exists (select 1 from ${subscriptions} s where s.user_id = o.id and s.status = 'current'
        and (s.expires_at > ${now.toISOString()}::timestamptz or (s.renewal_declines > 0 and s.renewal_due_at is not null)))
      or exists (select 1 from ${orders} p where p.user_id = o.id and p.status = 'pending')))`;
}

/**
 * A transaction-scoped advisory lock of the parent's address (Postgres `pg_advisory_xact_lock` on its hash): two
 * orders from two accounts of one address open one after the other, so the second sees the first's pending order.
 */
export function addressLockSql(email: string) {
  return sql`pg_advisory_xact_lock(hashtextextended(${`address:${email.toLowerCase()}`}, 0))`;
}

/**
 * Sends the parent a new code (`POST /parents/{userId}/email-code`): the earlier code stops working and its e-mail, if
 * still unsent, is cancelled. Limits: {@link EMAIL_CODE}.resendAfterMs between two codes of one parent; per address
 * (`RATE_LIMITS.emailCodes`, `emailCodesDaily`) and per client, reserved before anything is written. The e-mail (in the
 * parent's language) says when the address already has an account; the answer never does.
 * @param client - the client address (lib/client-ip.ts).
 * @throws ServiceError `email_already_verified`; HttpProblem 429 `rate_limited` (with `Retry-After`).
 */
export async function sendEmailCode(s: Services, user: User, client: string): Promise<EmailCodeResponse> {
  if (user.emailVerifiedAt) throw new ServiceError('email_already_verified', 'This e-mail address is proven already.');
  const now = s.now();
  const cooldown = await resendWait(s.db, user.id, now);
  if (cooldown > 0) throw retryLater(cooldown, 'email-code-resend', 'A new code can be sent');
  const address = addressSubject(user.email);
  const reserved = await reserveRateLimits(
    s.db,
    [
      { rule: RATE_LIMITS.emailCodes, subject: address },
      { rule: RATE_LIMITS.emailCodesDaily, subject: address },
      { rule: RATE_LIMITS.emailCodesClient, subject: client },
    ],
    now,
    s.env.RATE_LIMIT_FACTOR,
  );
  const code = newEmailCode();
  const expiresAt = new Date(now.getTime() + EMAIL_CODE.ttlMs);
  const fresh = {
    email: user.email,
    codeHash: hashEmailCode(code),
    triesLeft: EMAIL_CODE.tries,
    sentAt: now,
    expiresAt,
  };
  const sent = await s.db.transaction(async (tx) => {
    // one statement under the row's lock: two sends of one parent take turns, the second sees the first's `sent_at`
    const [row] = await tx
      .insert(emailCodes)
      .values({ userId: user.id, ...fresh })
      .onConflictDoUpdate({
        target: emailCodes.userId,
        set: fresh,
        setWhere: sql`${emailCodes.sentAt} <= ${new Date(now.getTime() - EMAIL_CODE.resendAfterMs).toISOString()}::timestamptz`,
      })
      .returning({ userId: emailCodes.userId });
    if (!row) return false;
    await cancelTopic(tx, codeTopic(user.id));
    const existing = await existingAccountAt(tx, user, now);
    await enqueueEmail(tx, {
      kind: 'email_code',
      recipient: user.email,
      dedupeKey: `email-code:${user.id}:${newId('m')}`,
      topic: codeTopic(user.id),
      now,
      payload: {
        languageLocale: user.languageLocale,
        firstName: user.firstName,
        code,
        minutes: EMAIL_CODE.ttlMs / 60_000,
        existingAccount: existing !== null,
        signInUrl: `${s.env.PUBLIC_URL}/ofw/home.form`,
      },
    });
    return true;
  });
  if (!sent) {
    // a concurrent send won the cool-down: this one counts for nothing
    await releaseRateLimits(s.db, reserved);
    throw retryLater(await resendWait(s.db, user.id, now), 'email-code-resend', 'A new code can be sent');
  }
  s.logger.info({ userId: user.id }, 'e-mail code sent');
  return {
    email: user.email,
    expiresAt: expiresAt.toISOString(),
    triesLeft: EMAIL_CODE.tries,
    resendAfterSeconds: EMAIL_CODE.resendAfterMs / 1000,
  };
}

/** Milliseconds before the parent may have another code (0: now). */
async function resendWait(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await db.select({ sentAt: emailCodes.sentAt }).from(emailCodes).where(eq(emailCodes.userId, userId));
  return row ? Math.max(0, row.sentAt.getTime() + EMAIL_CODE.resendAfterMs - now.getTime()) : 0;
}

/** Whether `rawCode` has the form of a code — {@link EMAIL_CODE}.digits digits once spaces and dashes are removed. */
export function isEmailCodeForm(rawCode: string): boolean {
  return new RegExp(`^\\d{${EMAIL_CODE.digits}}$`).test(normalizeEmailCode(rawCode));
}

/**
 * Proves the parent's address with `rawCode` (`POST /parents/{userId}/email-verification`). A try is TAKEN first — one
 * statement decrements the live code's tries only while some are left — and only then compared (constant time), so
 * concurrent guesses never compare more than {@link EMAIL_CODE}.tries. The right code deletes the code and marks the
 * address proven; sent again, the same answer.
 * @returns the proof, with the other real account proven at the address, if any ({@link existingAccountAt}).
 * The route has checked the code's form ({@link isEmailCodeForm}: no try is used for a malformed one).
 * @throws ServiceError `code_incorrect` (with `triesLeft`), `too_many_tries`, `code_expired`.
 */
export async function verifyEmailCode(s: Services, user: User, rawCode: string): Promise<EmailVerificationResponse> {
  const now = s.now();
  const answer = async (): Promise<EmailVerificationResponse> => {
    const existing = await existingAccountAt(s.db, user, now);
    return {
      emailVerified: true,
      existingAccount: existing && { ...existing, signInUrl: `${s.env.PUBLIC_URL}/ofw/home.form` },
    };
  };
  if (user.emailVerifiedAt) return answer();
  const code = normalizeEmailCode(rawCode);
  const [taken] = await s.db
    .update(emailCodes)
    .set({ triesLeft: sql`${emailCodes.triesLeft} - 1` })
    .where(and(eq(emailCodes.userId, user.id), gt(emailCodes.triesLeft, 0), gt(emailCodes.expiresAt, now)))
    .returning();
  if (!taken) throw await noLiveCode(s.db, user.id, now);
  // a code proves the address it was sent to: one sent before the address changed proves nothing
  if (taken.email !== user.email || !emailCodeMatches(taken.codeHash, code)) {
    if (taken.triesLeft <= 0) throw tooManyTries();
    throw new ServiceError('code_incorrect', 'This code is not the one we sent.', {
      extra: { triesLeft: taken.triesLeft },
      errors: [{ field: 'code', message: 'Incorrect' }],
    });
  }
  await s.db.transaction(async (tx) => {
    await tx.delete(emailCodes).where(eq(emailCodes.userId, user.id));
    await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, user.id), eq(users.email, taken.email), isNull(users.emailVerifiedAt)));
  });
  s.logger.info({ userId: user.id }, 'e-mail address proven');
  return answer();
}

const tooManyTries = () =>
  new ServiceError('too_many_tries', 'This code was tried too many times; ask for a new one.', {
    errors: [{ field: 'code', message: 'Too many tries' }],
  });

/** Why no try could be taken: the code's tries are used up, or it expired, was replaced or was never sent. */
async function noLiveCode(db: Db, userId: number, now: Date): Promise<ServiceError> {
  const [row] = await db.select().from(emailCodes).where(eq(emailCodes.userId, userId));
  if (row && row.expiresAt > now && row.triesLeft <= 0) return tooManyTries();
  return new ServiceError('code_expired', 'This code has expired; ask for a new one.', {
    errors: [{ field: 'code', message: 'Expired' }],
  });
}
