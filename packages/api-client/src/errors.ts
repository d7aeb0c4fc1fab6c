import type { FieldError, Problem, ProblemCode } from './problem.js';

/**
 * join-api's errors as data, without zod: {@link ApiError}, {@link isApiError} and {@link problemType}. The main entry
 * re-exports them; `@ofw/api-client/errors` gives them alone, so a browser screen that only tells errors apart (a
 * decline, a 429) does not load the schemas or the client.
 */

/**
 * Codes of the problems the client makes itself (never sent by join-api): `network_error` (no answer, status 0),
 * `timeout` (no answer within the client's `timeoutMs`, status 0: the request may still have reached join-api),
 * `http_error` (a non-2xx answer without a problem body), `invalid_response` (a 2xx answer its schema refuses).
 */
export type ClientProblemCode = 'network_error' | 'timeout' | 'http_error' | 'invalid_response';

/** The code of an {@link ApiError}: join-api's {@link ProblemCode}s and the client's own. */
export type ApiErrorCode = ProblemCode | ClientProblemCode;

/** Base URI of every problem `type` join-api answers with. */
export const PROBLEM_TYPE_BASE = 'https://ofw.example/problems/';

/** The RFC 9457 `type` URI for a problem code. */
export function problemType(code: ApiErrorCode): string {
  return `${PROBLEM_TYPE_BASE}${code}`;
}

/**
 * Thrown by every `createApiClient` method for a non-2xx answer (the server's problem body, or a synthesized one with
 * code `http_error` when the body is not problem+json), a network failure (`status` 0, code `network_error`), no answer
 * within the client's timeout (`status` 0, code `timeout`) or a
 * response that does not match its schema (`code` `invalid_response`). `message` is the problem's `detail`, else
 * its `title`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status (0 when the request never got an answer). */
  readonly status: number;
  /** The problem body (synthesized when the server did not send problem+json). */
  readonly problem: Problem;

  constructor(problem: Problem, options?: { cause?: unknown }) {
    super(problem.detail ?? problem.title, options);
    this.status = problem.status;
    this.problem = problem;
  }

  /**
   * Stable problem code, e.g. `processor_declined` ({@link ApiErrorCode}; a newer join-api may send a code this
   * version does not know yet, hence the open string).
   */
  get code(): ApiErrorCode | (string & {}) {
    return this.problem.code;
  }

  /** Field errors, empty when no field is at fault. */
  get fieldErrors(): FieldError[] {
    return this.problem.errors ?? [];
  }
}

/** True when `error` is an {@link ApiError} (optionally with the given problem code). */
export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.problem.code === code);
}
