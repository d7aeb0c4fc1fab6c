import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { problemType, type FieldError, type Problem, type ProblemCode } from '@ofw/api-client';
import type { RefusalReason, ServiceError } from '../services/errors.js';

const TITLES: Record<number, string> = {
  400: 'Invalid request',
  401: 'Unauthorized',
  402: 'Payment declined',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable request',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
};

/**
 * An RFC 9457 problem to answer with. Throw it from a handler; the app's error handler renders it
 * as `application/problem+json` with a stable `type` (`https://ofw.example/problems/<code>`) and `code`.
 */
export class HttpProblem extends Error {
  readonly status: number;
  /** One of `@ofw/api-client`'s {@link ProblemCode}s: the contract's codes, checked at compile time. */
  readonly code: ProblemCode;
  readonly title: string;
  readonly errors: FieldError[] | undefined;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;
  /** The rate-limit rule that refused (429 `rate_limited`), for `join_api_rate_limited_total`; never in the body. */
  readonly rateLimitRule: string | undefined;

  constructor(
    status: number,
    code: ProblemCode,
    detail: string,
    opts: {
      title?: string;
      errors?: FieldError[];
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
      rateLimitRule?: string;
    } = {},
  ) {
    super(detail);
    this.rateLimitRule = opts.rateLimitRule;
    this.status = status;
    this.code = code;
    this.title = opts.title ?? TITLES[status] ?? 'Error';
    this.errors = opts.errors;
    this.extra = opts.extra ?? {};
    this.headers = opts.headers ?? {};
  }

  toProblem(instance?: string): Problem {
    return {
      type: problemType(this.code),
      title: this.title,
      status: this.status,
      detail: this.message,
      code: this.code,
      ...(instance ? { instance } : {}),
      ...(this.errors?.length ? { errors: this.errors } : {}),
      ...this.extra,
    };
  }
}

/** Renders a problem body with `application/problem+json`. */
export function problemResponse(c: Context, problem: Problem, headers: Record<string, string> = {}): Response {
  return c.body(JSON.stringify(problem), problem.status as ContentfulStatusCode, {
    'content-type': 'application/problem+json',
    'cache-control': 'no-store',
    ...headers,
  });
}

/** Field errors from a zod error; `prefix` names the part of the request (e.g. `query`). */
export function fieldErrors(error: z.ZodError, prefix?: string): FieldError[] {
  return error.issues.map((i) => ({
    field: [prefix, ...i.path.map(String)].filter(Boolean).join('.') || (prefix ?? 'body'),
    message: i.message,
  }));
}

/** 400 `validation_failed` naming each field at fault. */
export function validationProblem(error: z.ZodError, prefix?: string): HttpProblem {
  const errors = fieldErrors(error, prefix);
  const detail = errors
    .slice(0, 3)
    .map((e) => `${e.field}: ${e.message}`)
    .join('; ');
  return new HttpProblem(400, 'validation_failed', detail || 'The request is not valid.', { errors });
}

export const unauthorized = (detail = 'A valid auth token is required.') =>
  new HttpProblem(401, 'unauthorized', detail, { headers: { 'www-authenticate': 'Bearer' } });
export const forbidden = (detail = 'You can only read and change your own account.') =>
  new HttpProblem(403, 'forbidden', detail);
export const notFound = (detail = 'No such resource.') => new HttpProblem(404, 'not_found', detail);

/**
 * The one place a service's refusal becomes HTTP: its status, the contract's problem code and, where the
 * problem needs one, its title. `validation_failed` is 400 for a choice outside the offered ones (like a malformed
 * body) and 422 for a well-formed value the rules refuse (a weak password, a coupon not on offer).
 */
export const REFUSAL_PROBLEMS: Record<RefusalReason, { status: number; code: ProblemCode; title?: string }> = {
  invite_invalid: { status: 401, code: 'invalid_invite_token' },
  referral_invalid: { status: 401, code: 'unauthorized' },
  signup_completed: { status: 409, code: 'signup_completed' },
  signup_not_found: { status: 404, code: 'not_found' },
  key_in_flight: { status: 409, code: 'idempotency_in_flight' },
  key_reused: { status: 422, code: 'idempotency_key_reused' },
  weak_password: { status: 422, code: 'validation_failed' },
  username_taken: { status: 409, code: 'username_taken' },
  unknown_security_question: { status: 400, code: 'validation_failed' },
  own_email_as_co_parent: { status: 400, code: 'validation_failed' },
  parent_not_found: { status: 404, code: 'not_found' },
  current_password_required: { status: 403, code: 'current_password_required' },
  current_password_incorrect: { status: 403, code: 'current_password_incorrect' },
  not_paid_yet: { status: 409, code: 'not_paid_yet', title: 'Payment first' },
  billing_address_invalid: { status: 422, code: 'validation_failed' },
  coupon_invalid: { status: 422, code: 'validation_failed' },
  coupon_unknown: { status: 422, code: 'coupon_unknown', title: 'Unknown promotion code' },
  coupon_expired: { status: 422, code: 'coupon_expired', title: 'Expired promotion code' },
  coupon_not_applicable: { status: 422, code: 'coupon_not_applicable', title: 'Promotion code not applicable' },
  currency_not_offered: { status: 422, code: 'currency_not_offered' },
  package_unavailable: { status: 422, code: 'package_unavailable' },
  order_already_paid: { status: 409, code: 'order_already_paid' },
  not_an_upgrade: { status: 409, code: 'not_an_upgrade' },
  price_changed: { status: 409, code: 'price_changed', title: 'The price changed' },
  attempt_closed: { status: 409, code: 'conflict' },
  processor_declined: { status: 402, code: 'processor_declined', title: 'Card declined' },
  gateway_rejected: { status: 402, code: 'gateway_rejected', title: 'Payment rejected' },
  payment_method_expired: { status: 422, code: 'payment_method_expired', title: 'Enter the card again' },
  authentication_required: { status: 402, code: 'authentication_required', title: 'Authenticate the card' },
  gateway_unavailable: { status: 503, code: 'payment_gateway_unavailable' },
  email_unverified: { status: 403, code: 'email_unverified', title: 'Prove your e-mail address first' },
  already_subscribed: { status: 409, code: 'already_subscribed', title: 'This address already has a subscription' },
  email_already_verified: { status: 409, code: 'email_already_verified' },
  code_incorrect: { status: 422, code: 'code_incorrect', title: 'Wrong code' },
  code_expired: { status: 422, code: 'code_expired', title: 'Code expired' },
  too_many_tries: { status: 422, code: 'too_many_tries', title: 'Too many tries' },
};

/** The problem a service's refusal answers with (see {@link REFUSAL_PROBLEMS}); `Retry-After` when it gives one. */
export function problemOf(e: ServiceError): HttpProblem {
  const { status, code, title } = REFUSAL_PROBLEMS[e.reason];
  return new HttpProblem(status, code, e.message, {
    ...(title ? { title } : {}),
    ...(e.errors ? { errors: e.errors } : {}),
    extra: e.extra,
    headers: e.retryAfterSeconds === undefined ? {} : { 'retry-after': String(e.retryAfterSeconds) },
  });
}
