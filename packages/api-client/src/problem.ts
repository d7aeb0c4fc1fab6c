import { z } from 'zod';

/**
 * One field at fault in a request: `field` is a dotted path into the JSON body or query
 * (e.g. `parent.email`, `billingAddress.postalCode`, `query.currency`).
 */
export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
/** One field at fault in a request (see {@link FieldErrorSchema}). */
export type FieldError = z.infer<typeof FieldErrorSchema>;

/**
 * Stable machine codes of join-api's problems. `type` is always `https://ofw.example/problems/<code>`
 * (see {@link problemType}). Declines (§8) carry `processor_declined` or `gateway_rejected`. `currency_not_offered`
 * (422): a package or `GET /packages` currency that is not the parent's country's (§1 join countries).
 */
export const ProblemCodeSchema = z.enum([
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'username_taken',
  'idempotency_key_required',
  'idempotency_key_reused',
  'idempotency_in_flight',
  'processor_declined',
  'gateway_rejected',
  'payment_gateway_unavailable',
  'payment_method_expired',
  'order_already_paid',
  'not_an_upgrade',
  'package_unavailable',
  'currency_not_offered',
  'invalid_invite_token',
  'origin_not_allowed',
  'current_password_required',
  'current_password_incorrect',
  'signup_completed',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
]);
/** A stable machine code of a join-api problem (see {@link ProblemCodeSchema}). */
export type ProblemCode = z.infer<typeof ProblemCodeSchema>;

/**
 * Codes of the problems the client makes itself (never sent by join-api): `network_error` (no answer, status 0),
 * `http_error` (a non-2xx answer without a problem body), `invalid_response` (a 2xx answer its schema refuses).
 */
export type ClientProblemCode = 'network_error' | 'http_error' | 'invalid_response';

/** The code of an {@link ApiError}: join-api's {@link ProblemCode}s and the client's own. */
export type ApiErrorCode = ProblemCode | ClientProblemCode;

/** Base URI of every problem `type` join-api answers with. */
export const PROBLEM_TYPE_BASE = 'https://ofw.example/problems/';

/** The RFC 9457 `type` URI for a problem code. */
export function problemType(code: ApiErrorCode): string {
  return `${PROBLEM_TYPE_BASE}${code}`;
}

/**
 * RFC 9457 problem details as join-api sends them (`application/problem+json`).
 * Extra members: `code` (stable, see {@link ProblemCodeSchema}), `errors` (field errors),
 * and for declines `processorResponseCode` / `processorResponseText` / `gatewayRejectionReason`.
 */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    code: z.string(),
    errors: z.array(FieldErrorSchema).optional(),
    processorResponseCode: z.string().optional(),
    processorResponseText: z.string().optional(),
    gatewayRejectionReason: z.string().optional(),
    /** With `rate_limited` (429): seconds to wait before retrying. */
    retryAfterSeconds: z.number().optional(),
  })
  .loose();
/** RFC 9457 problem details as join-api sends them (see {@link ProblemSchema}). */
export type Problem = z.infer<typeof ProblemSchema>;

/**
 * Thrown by every `createApiClient` method for a non-2xx answer (the server's problem body, or a synthesized one with
 * code `http_error` when the body is not problem+json), a network failure (`status` 0, code `network_error`) or a
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
