import { isApiError } from '@ofw/api-client/errors';

/**
 * Whether a failed request may have taken effect all the same — no answer (`status` 0), a 5xx, or its twin under the
 * same Idempotency-Key still running (`idempotency_in_flight`): then the attempt and its key are kept, so the retry
 * sends the same key and join-api answers the same signup or order instead of acting twice (DESIGN.md §4, issue 12).
 * Any other answer (or a non-API error) is definite.
 */
export function answerMayBeLost(err: unknown): boolean {
  return isApiError(err) && (err.status === 0 || err.status >= 500 || err.code === 'idempotency_in_flight');
}
