/*
 * join-api's operation shape (docs/CONTRACTS.md "HTTP API"): who may call it, its headers, the entry of the contract table,
 * and the path of an operation with its params filled in.
 */
import { z } from 'zod';
import { IdParamSchema } from '../schemas.js';

/**
 * Who may call an operation: anyone (`none`); a parent, by Bearer token or the `__Host-ofw_session` cookie
 * (`parent`, or `parent-optional` when an absent session is no error); an invite token as Bearer (`invite`).
 */
export type OperationAuth = 'none' | 'parent' | 'parent-optional' | 'invite';

/**
 * A request header an operation reads. With a `schema`, join-api's `operation()` validates it before the handler
 * runs (a missing required one: 400 `<name in snake case>_required`, e.g. `idempotency_key_required`; a malformed
 * one: 400 `validation_failed`, field `header.<name>`) and the typed client takes it as an argument; without one it
 * is documentation only (read by the handler, e.g. `Accept-Language`).
 */
export interface OperationHeader {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
  readonly schema?: z.ZodType;
}

/** One operation of the contract (see `contract`, ../contract.ts). */
export interface Operation {
  readonly method: 'GET' | 'POST' | 'PUT';
  /** OpenAPI-style path relative to `API_PREFIX`, with `{name}` for each path param. */
  readonly path: string;
  readonly auth: OperationAuth;
  readonly summary: string;
  readonly description?: string;
  /** The path params (text on the wire), when the path has any. */
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly headers?: readonly OperationHeader[];
  /** The JSON request body (`application/json`). */
  readonly body?: z.ZodType;
  /** The success answer: its status and JSON schema, or no body (204). */
  readonly response: { readonly status: 200 | 201 | 204; readonly schema?: z.ZodType; readonly description?: string };
  /** The 4xx/5xx statuses it answers besides 500, each with a problem+json body (`ProblemSchema`). */
  readonly problems: readonly number[];
}

/** Path params of the `/parents/{userId}/…` operations: a positive integer id given as text. */
export const UserIdParamsSchema = z.object({ userId: IdParamSchema });

/**
 * The path of `operation` with its params filled in (URI-encoded), relative to `API_PREFIX`.
 * @throws Error when a `{name}` of the path has no value in `params`.
 */
export function operationPath(
  operation: Pick<Operation, 'path'>,
  params: Record<string, string | number> = {},
): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path param ${name} for ${operation.path}`);
    return encodeURIComponent(String(value));
  });
}
