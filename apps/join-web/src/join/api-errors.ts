import { isApiError } from '@ofw/api-client/errors';
import type { IntlShape } from 'react-intl';
import { failureMessages, problemMessages } from './messages.js';

/** Field errors of an ApiError (validation_failed) keyed by the last segment of the field path (`parent.email` → `email`). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const e of error.fieldErrors) out[e.field.split('.').pop() ?? e.field] = e.message;
  return out;
}

/**
 * Localized text of the join-api problems any step can get, or undefined for any other error:
 * - 429 `rate_limited`: "too many attempts", with the wait from the problem's `retryAfterSeconds` (the Retry-After
 *   header's value) in seconds under a minute, else in whole minutes rounded up;
 * - 422 `currency_not_offered`: the plan is not sold in the parent's country's currency;
 * - 409 `not_paid_yet`: the co-parent is invited only after the payment (join-api: no mail relay).
 */
export function problemMessage(intl: IntlShape, error: unknown): string | undefined {
  if (isApiError(error, 'rate_limited')) {
    const wait = error.problem.retryAfterSeconds;
    if (wait === undefined || !Number.isFinite(wait) || wait <= 0)
      return intl.formatMessage(problemMessages.rateLimited);
    if (wait < 60) return intl.formatMessage(problemMessages.rateLimitedSeconds, { seconds: Math.ceil(wait) });
    return intl.formatMessage(problemMessages.rateLimitedMinutes, { minutes: Math.ceil(wait / 60) });
  }
  if (isApiError(error, 'currency_not_offered')) return intl.formatMessage(problemMessages.currencyNotOffered);
  if (isApiError(error, 'not_paid_yet')) return intl.formatMessage(problemMessages.notPaidYet);
  return undefined;
}

/**
 * The text of a step's failed request that the parent can retry (README "Recoverable failures"): a known problem's
 * own text ({@link problemMessage}), else "the server took too long" for the API client's `timeout`, else "could not be
 * loaded" (`kind` 'load': a read) or "could not be saved" (`kind` 'save': a write).
 */
export function failureMessage(intl: IntlShape, error: unknown, kind: 'load' | 'save'): string {
  const known = problemMessage(intl, error);
  if (known) return known;
  if (isApiError(error, 'timeout')) return intl.formatMessage(failureMessages.timeout);
  return intl.formatMessage(kind === 'load' ? failureMessages.loadFailed : failureMessages.saveFailed);
}
