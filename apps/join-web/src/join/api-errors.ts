import { isApiError } from '@ofw/api-client';

/** Field errors of an ApiError (validation_failed) keyed by the last segment of the field path (`parent.email` → `email`). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const e of error.fieldErrors) out[e.field.split('.').pop() ?? e.field] = e.message;
  return out;
}
