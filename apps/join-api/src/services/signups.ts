import { and, eq, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Services } from '../context.js';
import type { Db } from '../db/client.js';
import { families, idempotencyKeys, signups, tokens, users } from '../db/schema.js';
import { ServiceError } from './errors.js';
import { fingerprint, hashToken, newToken } from '../lib/tokens.js';
import { consumeToken, getUser, issueToken } from '../accounts.js';
import {
  SIGNUP_KEY_SCOPE,
  createSignupInOneStatement,
  signupDetails,
  signupExpiresAt,
  type SignupBody,
  type SignupResult,
} from './signup-statement.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const invalidInvite = () => new ServiceError('invite_invalid', 'The invite link is not valid any more.');

/**
 * Starts a join (`POST /signups`, §1): in one transaction, takes the Idempotency-Key (when given) and either
 * replays the signup it already made or creates the parent (or claims the invited / pro-referred one), the signup and
 * the first auth token ({@link createSignup}).
 * @param s - the app's services (db, clock).
 * @param body - the validated signup request.
 * @param key - the request's Idempotency-Key, if any.
 * @returns the answer and whether it is a replay.
 * @throws ServiceError `invite_invalid` / `referral_invalid`, `key_in_flight` / `signup_completed`,
 *   `key_reused`.
 */
export async function startSignup(
  s: Services,
  asked: SignupBody,
  key: string | undefined,
): Promise<{ result: SignupResult; replayed: boolean }> {
  const now = s.now();
  const body = regularUnlessReferred(asked);
  if (oneStatementSignup(body)) {
    try {
      return { result: await createSignupInOneStatement(s.db, body, key, now), replayed: false };
    } catch (e) {
      // the key is taken (a replay, or a twin that just committed): answered from it below, as before
      if (!key || !isIdempotencyKeyConflict(e)) throw e;
    }
  }
  return s.db.transaction(async (tx) => {
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
}

/**
 * Takes a signup's Idempotency-Key (stored in `idempotency_keys` beside `POST /orders`' keys, under
 * {@link SIGNUP_KEY_SCOPE}, purged by housekeeping after 24 h), or answers a replay: the same `signupId` and `userId`
 * with a fresh auth token and a fresh registration key (both are stored only as hashes, so neither can be replayed;
 * the registration key replaces the earlier one). A replay is refused once the account has left `registering` (its
 * credentials are set): from then on only a sign-in reaches it.
 * @throws ServiceError `key_reused` (the key came with another body), `signup_completed`.
 */
async function claimSignupKey(tx: Tx, key: string, hash: string, now: Date): Promise<SignupResult | undefined> {
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
  if (!row) throw new ServiceError('key_in_flight', 'A request with this Idempotency-Key is in progress.');
  if (row.requestHash !== hash) {
    throw new ServiceError('key_reused', 'This Idempotency-Key was used with another request body.');
  }
  const stored = row.responseBody as { signupId: string; userId: number } | null;
  const user = stored ? await getUser(tx, stored.userId) : undefined;
  if (!stored || user?.accountState !== 'registering') {
    throw new ServiceError('signup_completed', 'This signup is complete; sign in instead.');
  }
  const registrationKey = newToken();
  await tx
    .update(signups)
    .set({ registrationKeyHash: hashToken(registrationKey) })
    .where(eq(signups.id, stored.signupId));
  const authToken = await issueToken(tx, 'auth', { userId: stored.userId, now });
  return {
    signupId: stored.signupId,
    registrationKey,
    authToken,
    userId: stored.userId,
    emailVerified: user.emailVerifiedAt !== null,
  };
}

/**
 * The signup as it is made: flow 'pro' is the professional-referred join (spec §1), whose package A is sold "(pro)"
 * only (spec §9); without a referral token it is the regular join (flow 'join', no professional's name), so a
 * parent nobody referred never buys the pro package. A referral token that is not valid is refused
 * (`referral_invalid`) by {@link createSignup}.
 */
export function regularUnlessReferred(body: SignupBody): SignupBody {
  if (body.flow !== 'pro' || body.proReferralToken) return body;
  const { proFirstName: _first, proLastName: _last, ...regular } = body;
  return { ...regular, flow: 'join' };
}

/** Whether a signup is made by {@link createSignupInOneStatement}: a new parent, no invite or referral to consume. */
function oneStatementSignup(body: SignupBody): boolean {
  return body.flow !== 'ctj' && !(body.flow === 'pro' && body.proReferralToken);
}

/** Whether `e` is Postgres' unique violation (23505) on `idempotency_keys` (drizzle wraps the driver's error). */
function isIdempotencyKeyConflict(e: unknown): boolean {
  for (let x = e; x && typeof x === 'object'; x = (x as { cause?: unknown }).cause) {
    const pgError = x as { code?: unknown; table?: unknown; constraint?: unknown };
    if (pgError.code === '23505')
      return pgError.table === 'idempotency_keys' || String(pgError.constraint).startsWith('idempotency_keys');
  }
  return false;
}

/** The `signups` row of a new signup (its registration key stored as a hash; lives as long as an invite). */
function newSignupRow(
  id: string,
  userId: number,
  registrationKey: string,
  flow: SignupBody['flow'],
  now: Date,
): typeof signups.$inferInsert {
  return {
    id,
    userId,
    registrationKeyHash: hashToken(registrationKey),
    flow,
    createdAt: now,
    expiresAt: signupExpiresAt(now),
  };
}

/**
 * Creates the parent (or claims the invited one, or the pro-referred one), the signup and its first auth token.
 * @throws ServiceError `invite_invalid` / `referral_invalid` for a used, expired or unknown invite / referral.
 */
async function createSignup(tx: Tx, body: SignupBody, now: Date): Promise<SignupResult> {
  const details = signupDetails(body);
  let userId: number;
  let emailVerified = false;
  if (body.flow === 'ctj') {
    // Invited co-parent: the invite token grants the pre-created account once.
    const invite = body.inviteToken ? await consumeToken(tx, 'invite', body.inviteToken, now) : undefined;
    if (!invite?.userId) throw invalidInvite();
    // The invitation reached the invited address: claimed with that address, it is proven; another address the
    // invitee typed is not, and needs a code like any join (docs/IDENTITY.md "The invited co-parent").
    const [u] = await tx
      .update(users)
      .set({
        ...details,
        isInvited: true,
        accountState: 'registering',
        emailVerifiedAt: sql`case when lower(${users.email}) = ${details.email} then ${now.toISOString()}::timestamptz end`,
      })
      .where(and(eq(users.id, invite.userId), eq(users.accountState, 'invited')))
      .returning({ id: users.id, emailVerifiedAt: users.emailVerifiedAt });
    if (!u) throw invalidInvite();
    userId = u.id;
    emailVerified = u.emailVerifiedAt !== null;
  } else {
    let pro: { proFirstName: string | null; proLastName: string | null; userCreatedByPro: boolean } = {
      proFirstName: body.flow === 'pro' ? (body.proFirstName ?? null) : null,
      proLastName: body.flow === 'pro' ? (body.proLastName ?? null) : null,
      userCreatedByPro: false,
    };
    if (body.flow === 'pro' && body.proReferralToken) {
      const referral = await consumeToken(tx, 'pro_referral', body.proReferralToken, now);
      if (!referral)
        throw new ServiceError('referral_invalid', 'The professional referral link is not valid any more.');
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
  await tx.insert(signups).values(newSignupRow(signupId, userId, registrationKey, body.flow, now));
  const authToken = await issueToken(tx, 'auth', { userId, now });
  return { signupId, registrationKey, authToken, userId, emailVerified };
}

/**
 * Ends a session (`POST /sessions/logout`): revokes the auth token it was made with, which answers 401 from
 * then on. Revoking an already revoked token changes nothing.
 * @param userId - the parent, for the log.
 * @param tokenHash - the session's auth token hash.
 */
export async function endSession(s: Services, userId: number, tokenHash: string): Promise<void> {
  await s.db
    .update(tokens)
    .set({ revokedAt: s.now() })
    .where(and(eq(tokens.hash, tokenHash), isNull(tokens.revokedAt)));
  s.logger.info({ userId }, 'session ended');
}
