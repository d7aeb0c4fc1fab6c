import { IdempotencyKeySchema, OrderRequestSchema, type OrderRequest } from '@ofw/api-client';

/**
 * The payment attempt whose answer may have been lost, kept in `sessionStorage` so that a reload re-sends it with
 * the same `Idempotency-Key` (join-api charges a key once) instead of starting a new attempt that could charge
 * again (docs/CONTRACTS.md "HTTP API"). What is stored is exactly the `POST /orders` request: the key and the body (package, nonce,
 * device data, billing address). No card data: card numbers and CVVs live only in the provider's frames, and a
 * nonce is a single-use token, not a card. Written before the request is sent; cleared when a definite answer
 * arrives (paid, declined, refused).
 */
export interface PaymentAttempt {
  /** The `Idempotency-Key` header the attempt was (and will again be) sent with. */
  key: string;
  /** The exact `POST /orders` body. */
  body: OrderRequest;
}

/**
 * The sessionStorage key of a parent's in-doubt attempt: scoped to the parent, so another parent signing up in the
 * same tab never re-sends it.
 * @param userId the parent's user id (join state `parent.userId`).
 */
export function paymentAttemptStorageKey(userId: string | number): string {
  return `ofw.join.paymentAttempt.${userId}`;
}

function storageOf(storage?: Storage): Storage | undefined {
  if (storage) return storage;
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage denied (privacy settings): the attempt lives in memory only
  }
}

/**
 * The parent's stored in-doubt attempt, or `undefined` when there is none, no parent yet, or what is stored is not a
 * valid attempt (a key and an order request).
 * @param userId the parent's user id; `undefined` (no signup yet) reads nothing.
 * @param storage defaults to `sessionStorage`.
 */
export function loadPaymentAttempt(userId: string | number | undefined, storage?: Storage): PaymentAttempt | undefined {
  const s = storageOf(storage);
  if (userId === undefined || userId === '' || !s) return undefined;
  try {
    const raw = s.getItem(paymentAttemptStorageKey(userId));
    if (raw === null) return undefined;
    const value = JSON.parse(raw) as { key?: unknown; body?: unknown } | null;
    if (!IdempotencyKeySchema.safeParse(value?.key).success || !OrderRequestSchema.safeParse(value?.body).success)
      return undefined;
    // re-sent exactly as it was sent (the schema's parsed output is not used, so nothing is added or dropped)
    return { key: value!.key as string, body: value!.body as OrderRequest };
  } catch {
    return undefined;
  }
}

/**
 * Stores the attempt before it is sent, so that a reload during the request still knows its key.
 * @param userId the parent's user id; `undefined` stores nothing.
 * @param attempt the key and the exact body about to be sent.
 * @param storage defaults to `sessionStorage`; a storage that refuses the write leaves the attempt in memory only.
 */
export function savePaymentAttempt(
  userId: string | number | undefined,
  attempt: PaymentAttempt,
  storage?: Storage,
): void {
  const s = storageOf(storage);
  if (userId === undefined || userId === '' || !s) return;
  try {
    s.setItem(paymentAttemptStorageKey(userId), JSON.stringify({ key: attempt.key, body: attempt.body }));
  } catch {
    // quota or denied: the in-memory attempt still guards this page's retries
  }
}

/**
 * Forgets the parent's attempt once its answer is definite (paid, declined, refused).
 * @param userId the parent's user id; `undefined` does nothing.
 * @param storage defaults to `sessionStorage`.
 */
export function clearPaymentAttempt(userId: string | number | undefined, storage?: Storage): void {
  const s = storageOf(storage);
  if (userId === undefined || userId === '' || !s) return;
  try {
    s.removeItem(paymentAttemptStorageKey(userId));
  } catch {
    // nothing stored
  }
}
