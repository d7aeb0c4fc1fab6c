import type { Hono } from 'hono';
import type { z } from 'zod';
import { contract, type Operation, type OperationId } from '@ofw/api-client';
import type { AppEnv, Ctx } from '../context.js';
import { jsonBody, param, query } from './validate.js';

type Infer<T> = T extends z.ZodType ? z.infer<T> : never;
type ParamsShape<O> = O extends { params: z.ZodObject<infer Shape> } ? Shape : Record<never, z.ZodType>;

/**
 * The request of one contract operation, validated with the schemas of its {@link contract} entry when the handler
 * asks (so the handler keeps its order of checks — e.g. the session before the body): problems as lib/validate.ts
 * makes them (415 not JSON, 400 `validation_failed` with field errors, `path.` / `query.` field prefixes).
 */
export interface OperationInput<O extends Operation> {
  /** The JSON body parsed with the entry's `body` schema. @throws HttpProblem 415 or 400. */
  body(): Promise<O extends { body: infer B } ? Infer<B> : never>;
  /** The query string parsed with the entry's `query` schema. @throws HttpProblem 400. */
  query(): O extends { query: infer Q } ? Infer<Q> : never;
  /** One path param parsed with its schema in the entry's `params`. @throws HttpProblem 400. */
  param<N extends keyof ParamsShape<O> & string>(name: N): Infer<ParamsShape<O>[N]>;
}

/** Hono's path syntax for an OpenAPI-style contract path (`/parents/{userId}` → `/parents/:userId`). */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

function inputOf<O extends Operation>(c: Ctx, op: O): OperationInput<O> {
  return {
    body: () => {
      if (!op.body) throw new Error(`${op.method} ${op.path} has no body in the contract`);
      return jsonBody(c, op.body) as never;
    },
    query: () => {
      if (!op.query) throw new Error(`${op.method} ${op.path} has no query in the contract`);
      return query(c, op.query) as never;
    },
    param: (name) => {
      const schema = op.params?.shape[name] as z.ZodType | undefined;
      if (!schema) throw new Error(`${op.method} ${op.path} has no path param ${name} in the contract`);
      return param(c, name, schema) as never;
    },
  };
}

/**
 * Registers the handler of the contract operation `id` (`@ofw/api-client`'s {@link contract}): its method and path
 * come from the table, and the handler reads its validated request through `input`. The contract test
 * (test/openapi.test.ts) checks that every entry is registered and every registered route is an entry.
 * @param router - the routes module's Hono router (mounted under `API_PREFIX`).
 * @param id - the operationId.
 * @param handler - parses (through `input`), authorizes, calls a service and responds.
 */
export function operation<K extends OperationId>(
  router: Hono<AppEnv>,
  id: K,
  handler: (c: Ctx, input: OperationInput<(typeof contract)[K]>) => Response | Promise<Response>,
): void {
  const op: (typeof contract)[K] = contract[id];
  router.on(op.method, honoPath(op.path), (c) => handler(c, inputOf(c, op)));
}
