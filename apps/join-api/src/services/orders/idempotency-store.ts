import { and, eq, lte, or } from 'drizzle-orm';
import type { OrderResponse, Problem } from '@ofw/api-client';
import type { Services } from '../../context.js';
import type { Db } from '../../db/client.js';
import { idempotencyKeys, orders } from '../../db/schema.js';
import { ServiceError } from '../errors.js';
import { authenticationRequired, mayStepUp, parseStoredHashes, steppedUpHashes, storedHashes } from '../step-up.js';
import { storedRefusal } from './answers.js';
import { chargeLeaseMs } from './charge-lease.js';
import type { StoredResponse, Tx } from './types.js';

/** The Idempotency-Key's in-flight lock outlives the lease of the charge made under it. */
function lockMs(s: Services): number {
  return chargeLeaseMs(s) + 5_000;
}

/**
 * Takes the Idempotency-Key for this request, or answers from it (replay, 422, 409). 'step_up' when this request took
 * a key answered 402 `authentication_required` as its one step-up (step-up.ts): the caller reopens the order.
 */
export async function claimKey(
  s: Services,
  userId: number,
  key: string,
  req: { hash: string; base: string },
): Promise<StoredResponse | 'step_up' | undefined> {
  const { hash } = req;
  const now = s.now();
  const lockedUntil = new Date(now.getTime() + lockMs(s));
  const inserted = await s.db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: storedHashes(req), state: 'in_flight', lockedUntil, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length) return undefined;
  const [row] = await s.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row)
    throw new ServiceError('key_in_flight', 'A request with this Idempotency-Key is in progress; retry shortly.');
  const stored = parseStoredHashes(row.requestHash);
  if (stored.first === hash) return firstOfStepUp(s, userId, key);
  if (mayStepUp(row, req)) {
    const [took] = await s.db
      .update(idempotencyKeys)
      .set({ state: 'in_flight', requestHash: steppedUpHashes(hash, stored.hash), lockedUntil })
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.state, 'completed'),
          eq(idempotencyKeys.requestHash, row.requestHash),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (took) return 'step_up';
    throw new ServiceError('key_in_flight', 'A request with this Idempotency-Key is in progress; retry shortly.', {
      retryAfterSeconds: 1,
    });
  }
  if (stored.hash !== hash) {
    throw new ServiceError('key_reused', 'This Idempotency-Key was used with another request body.');
  }
  if (row.state === 'completed') {
    return { status: row.responseStatus!, body: row.responseBody as OrderResponse | Problem, replayed: true };
  }
  const [taken] = await s.db
    .update(idempotencyKeys)
    .set({ state: 'in_flight', lockedUntil })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        or(
          eq(idempotencyKeys.state, 'retryable'),
          and(eq(idempotencyKeys.state, 'in_flight'), lte(idempotencyKeys.lockedUntil, now)),
        ),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (!taken) {
    throw new ServiceError('key_in_flight', 'A request with this Idempotency-Key is in progress; retry shortly.', {
      retryAfterSeconds: 1,
    });
  }
  return undefined;
}

/**
 * A completed key's stored answer (replayed), 422 when it was completed with another body, else nothing (also for
 * the one step-up of a key answered 402 `authentication_required`, which {@link claimKey} takes).
 * @param row - the key's row as the caller read it (undefined: a new key).
 */
export async function completedAnswer(
  s: Services,
  userId: number,
  key: string,
  req: { hash: string; base: string },
  row: typeof idempotencyKeys.$inferSelect | undefined,
): Promise<StoredResponse | undefined> {
  const { hash } = req;
  if (row && parseStoredHashes(row.requestHash).first === hash) return firstOfStepUp(s, userId, key);
  if (row?.state !== 'completed' || mayStepUp(row, req)) return undefined;
  if (parseStoredHashes(row.requestHash).hash !== hash) {
    throw new ServiceError('key_reused', 'This Idempotency-Key was used with another request body.');
  }
  return { status: row.responseStatus!, body: row.responseBody as OrderResponse | Problem, replayed: true };
}

/**
 * The answer of a key's first request once its step-up took the key: the same 402 `authentication_required` (a replay
 * of the first request never charges, and never sees the step-up's answer).
 */
export async function firstOfStepUp(s: Services, userId: number, key: string): Promise<StoredResponse> {
  const [order] = await s.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return { ...storedRefusal(authenticationRequired(order?.id ?? '')), replayed: true };
}

/** The completed answer stored for a key, if any. */
export async function storedAnswer(s: Services, userId: number, key: string): Promise<StoredResponse | undefined> {
  const [row] = await s.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (row?.state !== 'completed') return undefined;
  return { status: row.responseStatus!, body: row.responseBody as OrderResponse | Problem };
}

/** Completes a key with its final answer (replayed from now on) — in the transaction that decided it, or on its own. */
export async function completeKey(db: Db | Tx, userId: number, key: string, answer: StoredResponse): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'completed', responseStatus: answer.status, responseBody: answer.body, lockedUntil: null })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Forgets a key claimed by a request that was refused before anything was ordered or charged under it. */
export async function unclaim(s: Services, userId: number, key: string): Promise<void> {
  await s.db
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'in_flight')),
    );
}

export async function release(s: Services, userId: number, key: string): Promise<void> {
  await s.db
    .update(idempotencyKeys)
    .set({ state: 'retryable', lockedUntil: null })
    .where(
      and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'in_flight')),
    );
}
