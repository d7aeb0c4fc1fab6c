import { and, inArray, isNull, like, lt, ne, notLike, or, sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { idempotencyKeys, outbox, rateLimits } from './db/schema.js';
import type { Logger } from './lib/logger.js';
import { startPeriodicJob } from './lib/periodic-job.js';
import { RATE_LIMITS } from './lib/rate-limit.js';
import type { Metrics } from './lib/metrics.js';
import { enforceRetention, type RetentionResult } from './housekeeping-retention.js';

/** How long a stored `POST /orders` answer is replayed for its Idempotency-Key (Stripe keeps keys 24 h). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * A rate-limit row is useless once its window is over: rows of a rule with a longer window (hourly limits)
 * are kept for that window, every other row for the shortest window of {@link RATE_LIMITS}.
 */
export const RATE_LIMIT_RETENTION_MS = Math.min(...Object.values(RATE_LIMITS).map((r) => r.windowMs));
const LONG_RULES = Object.values(RATE_LIMITS).filter((r) => r.windowMs > RATE_LIMIT_RETENTION_MS);

export interface PurgeResult {
  rateLimits: number;
  idempotencyKeys: number;
}

/**
 * Deletes at most `batchSize` expired rows of each housekeeping table (bounded, so a large backlog never holds
 * long locks; the next run continues):
 * - `rate_limits` whose window started more than {@link RATE_LIMIT_RETENTION_MS} ago (the next hit would reset it anyway);
 * - `idempotency_keys` created more than `idempotencyRetentionMs` ago that are not in flight with a live lock.
 *   A key reused after that is treated as new, yet still cannot charge twice: the order row keeps its key
 *   (unique per parent) and a paid order answers its receipt again.
 */
export async function purgeExpired(
  db: Db,
  now: Date,
  opts: { batchSize?: number; idempotencyRetentionMs?: number } = {},
): Promise<PurgeResult> {
  const batch = opts.batchSize ?? 1000;
  const rateCutoff = new Date(now.getTime() - RATE_LIMIT_RETENTION_MS);
  const keyCutoff = new Date(now.getTime() - (opts.idempotencyRetentionMs ?? IDEMPOTENCY_RETENTION_MS));

  const staleBuckets = db
    .select({ bucket: rateLimits.bucket })
    .from(rateLimits)
    .where(
      or(
        ...LONG_RULES.map((r) =>
          and(like(rateLimits.bucket, `${r.name}:%`), lt(rateLimits.windowStart, new Date(now.getTime() - r.windowMs))),
        ),
        and(
          ...LONG_RULES.map((r) => notLike(rateLimits.bucket, `${r.name}:%`)),
          lt(rateLimits.windowStart, rateCutoff),
        ),
      ),
    )
    .limit(batch);
  const rl = await db
    .delete(rateLimits)
    .where(inArray(rateLimits.bucket, staleBuckets))
    .returning({ bucket: rateLimits.bucket });

  const staleKeys = db
    .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(
      and(
        lt(idempotencyKeys.createdAt, keyCutoff),
        or(
          ne(idempotencyKeys.state, 'in_flight'),
          isNull(idempotencyKeys.lockedUntil),
          lt(idempotencyKeys.lockedUntil, now),
        ),
      ),
    )
    .limit(batch);
  const ik = await db
    .delete(idempotencyKeys)
    .where(sql`(${idempotencyKeys.userId}, ${idempotencyKeys.key}) in (${staleKeys})`)
    .returning({ key: idempotencyKeys.key });
  return { rateLimits: rl.length, idempotencyKeys: ik.length };
}

/**
 * How long a finished outbox e-mail (`sent`, `cancelled` or `failed`) is kept: long enough to answer "did the receipt
 * or the invitation go out, and when?", then the row — recipient address and payload — is deleted (data minimisation,
 * ASVS 5.0 14.2). A receipt or an invitation is written once per event (a paid order never finalizes again; a new
 * invitation has a new token), so a purged dedupe key is never needed again.
 */
export const OUTBOX_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes at most `batchSize` outbox rows that finished (`sent`, `cancelled`, `failed`) and were created more than
 * `retentionMs` ({@link OUTBOX_RETENTION_MS}) ago; pending rows are never touched, however old.
 * @returns how many rows were deleted.
 */
export async function purgeOutbox(
  db: Db,
  now: Date,
  opts: { batchSize?: number; retentionMs?: number } = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - (opts.retentionMs ?? OUTBOX_RETENTION_MS));
  const finished = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(inArray(outbox.status, ['sent', 'cancelled', 'failed']), lt(outbox.createdAt, cutoff)))
    .limit(opts.batchSize ?? 1000);
  const deleted = await db.delete(outbox).where(inArray(outbox.id, finished)).returning({ id: outbox.id });
  return deleted.length;
}

/** What one housekeeping run did: the expired rows of {@link purgeExpired}, the outbox and the retention passes. */
export type HousekeepingResult = PurgeResult & RetentionResult & { outbox: number };

/** A running housekeeping loop (see {@link startHousekeeping}). */
export interface Housekeeping {
  /** Runs one purge now (also what the timer runs); concurrent calls share the run in progress. */
  runOnce(): Promise<HousekeepingResult>;
  /** Stops the timer and waits for a run in progress (call before closing the database). */
  stop(): Promise<void>;
}

/** The `kind` label of `join_api_housekeeping_purged_rows_total` of each count of a run. */
const KIND: Record<keyof HousekeepingResult, string> = {
  rateLimits: 'rate_limits',
  idempotencyKeys: 'idempotency_keys',
  outbox: 'outbox',
  abandonedJoins: 'abandoned_joins',
  unclaimedInvitations: 'unclaimed_invitations',
  expiredCredentials: 'expired_credentials',
  paymentDetails: 'payment_details',
};

/**
 * Every `intervalMs`: purges expired `rate_limits` and `idempotency_keys` rows ({@link purgeExpired}), finished outbox
 * e-mails past their retention ({@link purgeOutbox}) and enforces the retention of personal data
 * (housekeeping-retention.ts `enforceRetention`: abandoned joins, unclaimed invitations, expired credentials, payment
 * details; SECURITY.md "Retention of personal data"), each bounded by `batchSize` per run, and counts what it removed
 * in `join_api_housekeeping_purged_rows_total{kind}`. The timer is `unref`'d, so it never keeps Node alive; `stop()`
 * on shutdown. Errors are logged, not thrown.
 * @param o.reconcileWindowMs - `RECONCILE_WINDOW_DAYS` in ms: an account with an order inside it is never abandoned.
 */
export function startHousekeeping(o: {
  db: Db;
  logger: Logger;
  now?: () => Date;
  intervalMs: number;
  batchSize?: number;
  idempotencyRetentionMs?: number;
  reconcileWindowMs?: number;
  metrics?: Pick<Metrics, 'housekeepingPurgedRowsTotal'>;
}): Housekeeping {
  const now = o.now ?? (() => new Date());
  return startPeriodicJob({
    logger: o.logger,
    failure: 'housekeeping failed',
    intervalMs: o.intervalMs,
    run: async (): Promise<HousekeepingResult> => {
      const r = await purgeExpired(o.db, now(), {
        batchSize: o.batchSize,
        idempotencyRetentionMs: o.idempotencyRetentionMs,
      });
      const outboxRows = await purgeOutbox(o.db, now(), { batchSize: o.batchSize });
      const retention = await enforceRetention(o.db, now(), {
        batchSize: o.batchSize,
        reconcileWindowMs: o.reconcileWindowMs,
      });
      const result: HousekeepingResult = { ...r, outbox: outboxRows, ...retention };
      const counted = (Object.entries(result) as [keyof HousekeepingResult, number][]).filter(([, n]) => n > 0);
      for (const [k, n] of counted) o.metrics?.housekeepingPurgedRowsTotal.inc({ kind: KIND[k] }, n);
      if (counted.length) o.logger.info(result, 'housekeeping purged expired rows');
      return result;
    },
  });
}
