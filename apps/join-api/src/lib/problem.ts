import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { problemType, type FieldError, type Problem, type ProblemCode } from '@ofw/api-client';

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

  constructor(
    status: number,
    code: ProblemCode,
    detail: string,
    opts: {
      title?: string;
      errors?: FieldError[];
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(detail);
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
