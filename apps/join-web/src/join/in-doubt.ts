import { isApiError } from '@ofw/api-client/errors';

/**
 * Whether a failed request may have taken effect all the same — no answer (`status` 0: a network failure, or the API
 * client's `timeout`, whose request may well have reached join-api and be charging), a 5xx, or its twin under the
 * same Idempotency-Key still running (`idempotency_in_flight`): then the attempt and its key are kept, so the retry
 * sends the same key and join-api answers the same signup or order instead of acting twice (docs/CONTRACTS.md "HTTP API").
 * Any other answer (or a non-API error) is definite.
 */
export function answerMayBeLost(err: unknown): boolean {
  if (isApiError(err, 'timeout')) return true; // the client gave up waiting; join-api may still have acted
  return isApiError(err) && (err.status === 0 || err.status >= 500 || err.code === 'idempotency_in_flight');
}
