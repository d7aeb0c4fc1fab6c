import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { emailCodes, orders, renewalLinks, signups, subscriptions, tokens, users } from './db/schema.js';
import { TOKEN_TTL_MS } from './accounts.js';
import {
  ABANDONED_JOIN_RETENTION_MS,
  EXPIRED_CREDENTIAL_RETENTION_MS,
  PAYMENT_DETAILS_RETENTION_MS,
  deleteAccounts,
} from './retention.js';

/*
 * Housekeeping's retention passes (SECURITY.md "Retention of personal data"): each touches at most `batchSize` rows of
 * its kind per run (short locks; the next run continues), skips rows another transaction holds (`SKIP LOCKED`), and
 * is idempotent — a second run finds nothing more to do.
 */

/** What one retention pass did, by kind (the `kind` label of `join_api_housekeeping_purged_rows_total`). */
export interface RetentionResult {
  /** `registering` accounts deleted as abandoned ({@link ABANDONED_JOIN_RETENTION_MS}), placeholders included. */
  abandonedJoins: number;
  /** Invited placeholders deleted after their invitation's lifetime (`TOKEN_TTL_MS.invite`), never claimed. */
  unclaimedInvitations: number;
  /** Expired `tokens`, `signups` and `renewal_links` rows deleted ({@link EXPIRED_CREDENTIAL_RETENTION_MS}). */
  expiredCredentials: number;
  /** Orders and ended subscriptions whose payment details were cleared ({@link PAYMENT_DETAILS_RETENTION_MS}). */
  paymentDetails: number;
}

export interface RetentionOptions {
  batchSize?: number;
  /** The reconciler's window (`RECONCILE_WINDOW_DAYS`, ms): an order touched within it keeps its account. */
  reconcileWindowMs?: number;
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * Deletes `registering` accounts created more than {@link ABANDONED_JOIN_RETENTION_MS} ago that have no paid or
 * pending order and no order within the reconciler's window, with their dependants (retention.ts `deleteAccounts`).
 * @returns how many accounts were deleted (the family's placeholders included).
 */
export async function purgeAbandonedJoins(db: Db, now: Date, o: RetentionOptions = {}): Promise<number> {
  const orderCutoff = ago(now, Math.max(o.reconcileWindowMs ?? 0, ABANDONED_JOIN_RETENTION_MS)).toISOString();
  return db.transaction(async (tx) => {
    const abandoned = await tx
      .select({ id: users.id, familyId: users.familyId, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.accountState, 'registering'),
          lt(users.createdAt, ago(now, ABANDONED_JOIN_RETENTION_MS)),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(orders)
              .where(
                and(
                  eq(orders.userId, users.id),
                  or(
                    inArray(orders.status, ['paid', 'pending']),
                    sql`${orders.updatedAt} >= ${orderCutoff}::timestamptz`,
                  ),
                ),
              ),
          ),
        ),
      )
      .orderBy(users.id)
      .limit(o.batchSize ?? 100)
      .for('update', { skipLocked: true });
    return (await deleteAccounts(tx, abandoned)).users;
  });
}

/**
 * Deletes invited placeholders (`account_state` 'invited': a co-parent's e-mail the parent typed, a third party's
 * personal data) created more than an invitation's lifetime (`TOKEN_TTL_MS.invite`) ago and holding no live invite
 * token: the invitation was never claimed. The inviting parent's answer loses the address (its time stays).
 * @returns how many placeholders were deleted.
 */
export async function purgeUnclaimedInvitations(db: Db, now: Date, o: RetentionOptions = {}): Promise<number> {
  return db.transaction(async (tx) => {
    const unclaimed = await tx
      .select({ id: users.id, familyId: users.familyId, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.accountState, 'invited'),
          lt(users.createdAt, ago(now, TOKEN_TTL_MS.invite)),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(tokens)
              .where(and(eq(tokens.userId, users.id), eq(tokens.kind, 'invite'), gt(tokens.expiresAt, now))),
          ),
        ),
      )
      .orderBy(users.id)
      .limit(o.batchSize ?? 100)
      .for('update', { skipLocked: true });
    return (await deleteAccounts(tx, unclaimed)).users;
  });
}

/**
 * Deletes `tokens` (sessions, invites, pro referrals), `signups` (registration keys) and `renewal_links` that expired
 * more than {@link EXPIRED_CREDENTIAL_RETENTION_MS} ago, and `email_codes` (a one-time code and the address it was
 * sent to) as soon as they expired — a dead code explains nothing later — at most `batchSize` of each.
 * @returns how many rows were deleted.
 */
export async function purgeExpiredCredentials(db: Db, now: Date, o: RetentionOptions = {}): Promise<number> {
  const cutoff = ago(now, EXPIRED_CREDENTIAL_RETENTION_MS);
  const batch = o.batchSize ?? 1000;
  const t = await db
    .delete(tokens)
    .where(
      inArray(tokens.hash, db.select({ h: tokens.hash }).from(tokens).where(lt(tokens.expiresAt, cutoff)).limit(batch)),
    )
    .returning({ h: tokens.hash });
  const s = await db
    .delete(signups)
    .where(
      inArray(
        signups.id,
        db.select({ id: signups.id }).from(signups).where(lt(signups.expiresAt, cutoff)).limit(batch),
      ),
    )
    .returning({ id: signups.id });
  const r = await db
    .delete(renewalLinks)
    .where(
      inArray(
        renewalLinks.hash,
        db.select({ h: renewalLinks.hash }).from(renewalLinks).where(lt(renewalLinks.expiresAt, cutoff)).limit(batch),
      ),
    )
    .returning({ h: renewalLinks.hash });
  const e = await db
    .delete(emailCodes)
    .where(
      inArray(
        emailCodes.userId,
        db.select({ u: emailCodes.userId }).from(emailCodes).where(lt(emailCodes.expiresAt, now)).limit(batch),
      ),
    )
    .returning({ u: emailCodes.userId });
  return t.length + s.length + r.length + e.length;
}

/**
 * Clears what identifies a payment account {@link PAYMENT_DETAILS_RETENTION_MS} after the order: an order's
 * `payment_account` (PayPal e-mail, Venmo @username) and `card_last4`; and an ended subscription's saved method
 * (`payment_method`, `payment_method_token`) that long after its term. Amount, currency, VAT, date, order and invoice
 * numbers, the method's type and card brand stay (accounting).
 * @returns how many orders and subscriptions were cleared.
 */
export async function clearPaymentDetails(db: Db, now: Date, o: RetentionOptions = {}): Promise<number> {
  const cutoff = ago(now, PAYMENT_DETAILS_RETENTION_MS);
  const batch = o.batchSize ?? 1000;
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(or(isNotNull(orders.paymentAccount), isNotNull(orders.cardLast4)), lt(orders.createdAt, cutoff)))
    .limit(batch);
  const cleared = await db
    .update(orders)
    .set({ paymentAccount: null, cardLast4: null })
    .where(inArray(orders.id, due))
    .returning({ id: orders.id });
  const ended = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        ne(subscriptions.status, 'current'),
        lt(subscriptions.expiresAt, cutoff),
        or(isNotNull(subscriptions.paymentMethod), isNotNull(subscriptions.paymentMethodToken)),
      ),
    )
    .limit(batch);
  const forgotten = await db
    .update(subscriptions)
    .set({ paymentMethod: null, paymentMethodToken: null })
    .where(and(inArray(subscriptions.id, ended), isNull(subscriptions.renewalDueAt)))
    .returning({ id: subscriptions.id });
  return cleared.length + forgotten.length;
}

/** Runs every retention pass once ({@link RetentionResult}). */
export async function enforceRetention(db: Db, now: Date, o: RetentionOptions = {}): Promise<RetentionResult> {
  return {
    abandonedJoins: await purgeAbandonedJoins(db, now, o),
    unclaimedInvitations: await purgeUnclaimedInvitations(db, now, o),
    expiredCredentials: await purgeExpiredCredentials(db, now, o),
    paymentDetails: await clearPaymentDetails(db, now, o),
  };
}
