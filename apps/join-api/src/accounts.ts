import { and, eq, gt, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { getPackage, isJoinComplete } from '@ofw/domain';
import type { ParentState } from '@ofw/api-client';
import type { Db } from './db/client.js';
import { perDatabase } from './db/prepared.js';
import { orders, subscriptions, tokens, users } from './db/schema.js';
import type { CurrentTerm } from '@ofw/domain';
import { hashToken, newToken } from './lib/tokens.js';
import { parentSubscription } from './services/renewal/state.js';

export type TokenKind = 'auth' | 'invite' | 'pro_referral';
export type UserRow = typeof users.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DbOrTx = Db | Tx;

/** Token lifetimes (ms): auth tokens are short-lived; invites and pro referrals last days (README "Tokens"). */
export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  auth: 2 * 60 * 60 * 1000,
  invite: 14 * 24 * 60 * 60 * 1000,
  pro_referral: 30 * 24 * 60 * 60 * 1000,
};

/**
 * Issues a token (256-bit CSPRNG) and stores only its SHA-256 hash.
 * @returns the token in clear, to give to its holder once.
 */
export async function issueToken(
  db: DbOrTx,
  kind: TokenKind,
  o: { userId?: number | null; familyId?: number | null; data?: unknown; now: Date; ttlMs?: number },
): Promise<string> {
  const { token, values } = newTokenRow(kind, o);
  await db.insert(tokens).values(values);
  return token;
}

/**
 * A new token of `kind` and the `tokens` row that stores it (its SHA-256 hash only), for {@link issueToken} or a
 * statement that inserts it with other rows (the one-statement sign-up, services/signup-statement.ts).
 */
export function newTokenRow(
  kind: TokenKind,
  o: { userId?: number | null; familyId?: number | null; data?: unknown; now: Date; ttlMs?: number },
): { token: string; values: typeof tokens.$inferInsert } {
  const token = newToken();
  const values: typeof tokens.$inferInsert = {
    hash: hashToken(token),
    kind,
    userId: o.userId ?? null,
    familyId: o.familyId ?? null,
    data: o.data ?? null,
    createdAt: o.now,
    expiresAt: new Date(o.now.getTime() + (o.ttlMs ?? TOKEN_TTL_MS[kind])),
  };
  return { token, values };
}

export type TokenRow = typeof tokens.$inferSelect;

/**
 * Unexpired, unused, unrevoked token of a kind with this hash (`hashToken` of the token), at `now` — values, or
 * `sql.placeholder`s for a prepared query.
 */
function live(kind: TokenKind, hash: string | Placeholder, now: Date | Placeholder) {
  return and(
    eq(tokens.hash, hash),
    eq(tokens.kind, kind),
    gt(tokens.expiresAt, now),
    isNull(tokens.usedAt),
    isNull(tokens.revokedAt),
  );
}

/**
 * The session read: a live auth token joined to its parent, as a drizzle prepared query per database (built once;
 * the query build cost ≈ 80–120 µs of join-api's CPU on every authenticated request, README "Performance"), named
 * so that each Postgres connection parses and plans it once.
 */
const sessionUserQuery = perDatabase((db) =>
  db
    .select({ user: users, tokenHash: tokens.hash })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .where(live('auth', sql.placeholder('hash'), sql.placeholder('now')))
    .limit(1)
    .prepare('session_user'),
);

/**
 * The parent of a live auth token and the token's hash, read in one statement (the token joined to its user: every
 * authenticated request made two round trips before). Undefined for a missing, unknown, expired, used or revoked
 * token, or a token without a parent.
 */
export async function findSessionUser(
  db: Db,
  token: string | undefined,
  now: Date,
): Promise<{ user: UserRow; tokenHash: string } | undefined> {
  if (!token) return undefined;
  const [row] = await sessionUserQuery(db).execute({ hash: hashToken(token), now: now.toISOString() });
  return row;
}

/** The live (unexpired, unused, unrevoked) token of a kind, or undefined. */
export async function findLiveToken(
  db: DbOrTx,
  kind: TokenKind,
  token: string | undefined,
  now: Date,
): Promise<TokenRow | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .select()
    .from(tokens)
    .where(live(kind, hashToken(token), now))
    .limit(1);
  return row;
}

/**
 * Marks a single-use token used, atomically: only one caller can consume it.
 * @returns the token row, or undefined when it was not live.
 */
export async function consumeToken(
  db: DbOrTx,
  kind: TokenKind,
  token: string,
  now: Date,
): Promise<TokenRow | undefined> {
  const [row] = await db
    .update(tokens)
    .set({ usedAt: now })
    .where(live(kind, hashToken(token), now))
    .returning();
  return row;
}

/** Revokes every live token of a kind for a user (e.g. before issuing fresh demo links). */
export async function revokeTokens(
  db: DbOrTx,
  kind: TokenKind,
  userId: number,
  now: Date,
  exceptHash?: string,
): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(tokens.kind, kind),
        eq(tokens.userId, userId),
        isNull(tokens.revokedAt),
        isNull(tokens.usedAt),
        exceptHash ? ne(tokens.hash, exceptHash) : sql`true`,
      ),
    );
}

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * A current row still runs at `now`: before its end, or past it while a declined renewal is retried
 * (docs/RENEWAL.md "Retries": the subscription stays current until the last retry fails).
 */
function runsAt(now: Date): SQL {
  return sql`(${subscriptions.expiresAt} > ${now.toISOString()}::timestamptz
    or (${subscriptions.renewalDeclines} > 0 and ${subscriptions.renewalDueAt} is not null))`;
}

/**
 * The parent's live subscription: the row with status 'current' whose `expiresAt` is after `now`, or undefined.
 * (At most one row per parent is 'current': a unique partial index.)
 */
export async function currentSubscription(db: DbOrTx, userId: number, now: Date): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'current'), runsAt(now)))
    .limit(1);
  return row;
}

/** A parent's current term as {@link currentTermSql} reads it (JSON: timestamps as ISO strings). */
export interface CurrentTermJson {
  subscriptionId: number;
  packageId: number;
  startsAt: string;
  expiresAt: string;
  currency: string;
  years: number | null;
  amountMinor: number;
  creditMinor: number;
  discountMinor: number;
}

/** The current term and the subscription it belongs to ({@link termFromJson}). */
export type ParentTerm = CurrentTerm & { subscriptionId: number };

/**
 * The parent's live subscription joined to the order that bought it, as one JSON value (null without one): a scalar
 * subquery, so that a statement that reads other things reads the term too (one round trip).
 */
export function currentTermSql(userId: number, now: Date): SQL<CurrentTermJson | null> {
  return sql<CurrentTermJson | null>`(select json_build_object('subscriptionId', s.id, 'packageId', s.package_id,
      'startsAt', s.starts_at, 'expiresAt', s.expires_at, 'currency', o.currency, 'years', o.services -> 'years',
      'amountMinor', o.amount_minor, 'creditMinor', o.credit_minor, 'discountMinor', o.discount_minor)
    from ${subscriptions} s join ${orders} o on o.id = s.order_id
    where s.user_id = ${userId} and s.status = 'current' and (s.expires_at > ${now.toISOString()}::timestamptz
      or (s.renewal_declines > 0 and s.renewal_due_at is not null))
    limit 1)`;
}

/**
 * The current term read by {@link currentTermSql}, with what it is worth, for the proration rule (README "Upgrade and
 * proration"): value = the order's charge + the proration credit it received (its package's price after coupons);
 * list price = value + the coupon discount; years from a build-your-own order's `services.years`, else the package's.
 */
export function termFromJson(json: CurrentTermJson | null | undefined): ParentTerm | undefined {
  if (!json) return undefined;
  const valueMinor = json.amountMinor + json.creditMinor;
  return {
    subscriptionId: json.subscriptionId,
    packageId: json.packageId,
    currency: json.currency,
    years: json.years ?? getPackage(json.packageId)?.subDurationInYears ?? 1,
    startsAt: new Date(json.startsAt),
    expiresAt: new Date(json.expiresAt),
    valueMinor,
    listPriceMinor: valueMinor + json.discountMinor,
  };
}

/** Subscription status of a user (§4): current, expired (had one; none live) or none. */
export async function subscriptionStatus(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<'current' | 'expired' | 'none'> {
  if (await currentSubscription(db, userId, now)) return 'current';
  const [any] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return any ? 'expired' : 'none';
}

export async function getUser(db: DbOrTx, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The parent's join state as the API answers it (§3 Join state), with completion from `@ofw/domain`. */
export async function parentState(db: DbOrTx, user: UserRow, now: Date): Promise<ParentState> {
  const status = await subscriptionStatus(db, user.id, now);
  const state = {
    parent: {
      userId: user.id,
      familyId: user.familyId,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneCountryCode: user.phoneCountryCode,
      phoneNumber: user.phoneNumber,
      timeZone: user.timeZone,
    },
    address: { country: user.country, ...(user.addressLine1 ? { line1: user.addressLine1 } : {}) },
    flow: user.flow,
    languageLocale: user.languageLocale,
    agreedToTerms: user.agreedToTermsAt !== null,
    billingAddressComplete: user.billingAddress !== null,
    subscriptionStatus: status,
    isSubscriptionCurrent: status === 'current',
    requireCredentials: user.requireCredentials,
    securityQuestionsComplete: user.securityQuestionsComplete,
    userCreatedByPro: user.userCreatedByPro,
    proFirstName: user.proFirstName,
    proLastName: user.proLastName,
    isInvitedJoin: user.isInvited,
    coparentPricing: user.coparentPricing,
    migrationPricingGroup: user.migrationPricingGroup ?? null,
    parentAccountType: user.parentAccountType,
    graceLogins: user.graceLogins,
    coParentEmail: user.coParentEmail,
    coParentEmailAnswered: user.coParentEmailAnsweredAt !== null,
    emailVerified: user.emailVerifiedAt !== null,
    subscription: await parentSubscription(db, user, now),
  };
  return { ...state, isJoinComplete: isJoinComplete(state) };
}
