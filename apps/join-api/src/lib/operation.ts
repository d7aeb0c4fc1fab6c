import type { Hono } from 'hono';
import type { z } from 'zod';
import { contract, type Operation, type OperationAuth, type OperationId, type ProblemCode } from '@ofw/api-client';
import type { TokenRow } from '../accounts.js';
import { optionalSession, requireInvite, requireSession, type AppEnv, type Ctx } from '../context.js';
import { HttpProblem, forbidden } from './problem.js';
import { jsonBody, param, query } from './validate.js';

type Infer<T> = T extends z.ZodType ? z.infer<T> : never;
type ParamsShape<O> = O extends { params: z.ZodObject<infer Shape> } ? Shape : Record<never, z.ZodType>;

/** A parent's session: the parent, the hash of the auth token the request carries, and whether it came by cookie. */
export type Session = Awaited<ReturnType<typeof requireSession>>;

/** What an operation's `auth` guard ({@link guard}) hands its handler. */
export type AuthOf<A extends OperationAuth> = A extends 'parent'
  ? Session
  : A extends 'parent-optional'
    ? Session | undefined
    : A extends 'invite'
      ? { token: string; row: TokenRow }
      : undefined;

/** The names of the headers an entry declares with a schema (validated by {@link operation}). */
type CheckedHeaders<O> = O extends { headers: readonly (infer H)[] }
  ? H extends { name: infer N extends string; schema: infer S extends z.ZodType; required: infer R }
    ? { name: N; value: R extends true ? z.infer<S> : z.infer<S> | undefined }
    : never
  : never;

/**
 * The request of one contract operation. The path params, the caller (`auth`) and the headers the entry declares
 * with a schema are checked before the handler runs ({@link operation}); the body and query are validated with the
 * schemas of its {@link contract} entry when the handler asks (so the handler keeps its order of checks — e.g. a rate
 * limit before the body): problems as lib/validate.ts makes them (415 not JSON, 400 `validation_failed` with field
 * errors, `path.` / `query.` / `header.` field prefixes).
 */
export interface OperationInput<O extends Operation> {
  /** Who called, by the entry's `auth` (see {@link guard}). */
  readonly auth: AuthOf<O['auth']>;
  /** The JSON body parsed with the entry's `body` schema. @throws HttpProblem 415 or 400. */
  body(): Promise<O extends { body: infer B } ? Infer<B> : never>;
  /** The query string parsed with the entry's `query` schema. @throws HttpProblem 400. */
  query(): O extends { query: infer Q } ? Infer<Q> : never;
  /** One path param parsed with its schema in the entry's `params`. @throws HttpProblem 400. */
  param<N extends keyof ParamsShape<O> & string>(name: N): Infer<ParamsShape<O>[N]>;
  /** A header the entry declares with a schema, already validated (undefined when optional and absent). */
  header<N extends CheckedHeaders<O>['name']>(name: N): Extract<CheckedHeaders<O>, { name: N }>['value'];
}

/** One refusal an operation can answer: its status and problem code. */
export type Refusal = readonly [status: number, code: ProblemCode];

/**
 * What each operation's handler (and the services it calls) can refuse besides {@link guardRefusals}, kept next to
 * the handlers in each routes module; test/problems.test.ts checks the contract's `problems` against it.
 */
export type Refusals<K extends OperationId = OperationId> = { readonly [P in K]: readonly Refusal[] };

/**
 * The refusals of an operation that come from its contract entry alone, before its handler runs: 400
 * `validation_failed` for params, query, body or a header with a schema; 415 for a body; 400 `<name>_required` for a
 * required header with a schema; the auth guard's ({@link guard}); 403 `origin_not_allowed` for a write (the CSRF
 * guard of every cookie-authenticated POST/PUT, context.ts `requireSameOrigin`) — but for the renewal links' writes
 * (a `{token}` path param, docs/RENEWAL.md "Links"), which never read the cookie and are mounted before that guard.
 */
export function guardRefusals(op: Operation): Refusal[] {
  const out: Refusal[] = [];
  const checkedHeaders = (op.headers ?? []).filter((h) => h.schema);
  if (op.params || op.query || op.body || checkedHeaders.length) out.push([400, 'validation_failed']);
  if (op.body) out.push([415, 'unsupported_media_type']);
  for (const h of checkedHeaders) if (h.required) out.push([400, requiredCode(h.name)]);
  if (op.auth === 'parent' || op.auth === 'parent-optional') out.push([401, 'unauthorized']);
  if (op.auth === 'parent' && op.params?.shape.userId) out.push([403, 'forbidden']);
  if (op.auth === 'invite') out.push([401, 'invalid_invite_token'], [429, 'rate_limited']);
  // a renewal link's write is authorized by the token in its path, never the cookie: mounted before the CSRF guard
  if (op.method !== 'GET' && !op.params?.shape.token) out.push([403, 'origin_not_allowed']);
  return out;
}

/** Hono's path syntax for an OpenAPI-style contract path (`/parents/{userId}` → `/parents/:userId`). */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * The guard of an operation's `auth` (the contract's {@link OperationAuth}), reusing context.ts's helpers:
 * - `none`: nobody is checked (undefined);
 * - `parent`: a live auth token (Bearer or the session cookie), else 401; with a `{userId}` path param the parent may
 *   act only on itself (IDOR guard): another userId answers 403, whether it exists or not;
 * - `parent-optional`: the session when there is a live one; a bad `Authorization` header still answers 401 (a stale
 *   cookie alone is ignored);
 * - `invite`: the live invite token given as Bearer (rate-limited per client address first: 429), else 401
 *   `invalid_invite_token`.
 * @throws HttpProblem 401 / 403 / 429 as above.
 */
export async function guard<O extends Operation>(c: Ctx, op: O, userId?: number): Promise<AuthOf<O['auth']>> {
  switch (op.auth) {
    case 'none':
      return undefined as AuthOf<O['auth']>;
    case 'parent': {
      const session = await requireSession(c);
      if (userId !== undefined && session.user.id !== userId) throw forbidden();
      return session as AuthOf<O['auth']>;
    }
    case 'parent-optional':
      return (c.req.header('authorization') ? await requireSession(c) : await optionalSession(c)) as AuthOf<O['auth']>;
    case 'invite':
      return (await requireInvite(c)) as AuthOf<O['auth']>;
  }
}

/** `Idempotency-Key` → `idempotency_key`: the stem of a missing required header's problem code. */
function requiredCode(name: string): ProblemCode {
  // test/openapi.test.ts checks that this code is in @ofw/api-client's catalogue for every such header
  return `${name.toLowerCase().replace(/-/g, '_')}_required` as ProblemCode;
}

/**
 * The headers `op` declares with a schema, validated (lower-cased names → parsed values).
 * @throws HttpProblem 400 `<name>_required` (a required one missing) or `validation_failed` (field `header.<name>`).
 */
function checkedHeaders(c: Ctx, op: Operation): Map<string, unknown> {
  const values = new Map<string, unknown>();
  for (const h of op.headers ?? []) {
    if (!h.schema) continue;
    const raw = c.req.header(h.name);
    if (raw === undefined) {
      if (h.required)
        throw new HttpProblem(400, requiredCode(h.name), `Send an ${h.name} header: ${h.description}.`, {
          errors: [{ field: `header.${h.name}`, message: 'Required' }],
        });
      continue;
    }
    const parsed = h.schema.safeParse(raw);
    if (!parsed.success)
      throw new HttpProblem(400, 'validation_failed', `The ${h.name} header is not valid: ${h.description}.`, {
        errors: [{ field: `header.${h.name}`, message: 'Invalid format' }],
      });
    values.set(h.name.toLowerCase(), parsed.data);
  }
  return values;
}

/**
 * Registers the handler of the contract operation `id` (`@ofw/api-client`'s {@link contract}): its method and path
 * come from the table. Before the handler runs, in this order: the path params are validated (400), the entry's
 * `auth` is applied ({@link guard}: 401 / 403 / 429) and the headers it declares with a schema are validated (400);
 * the handler reads the caller, the headers and the rest of its validated request through `input`. The contract test
 * (test/openapi.test.ts) checks that every entry is registered and every registered route is an entry.
 * @param router - the routes module's Hono router (mounted under `API_PREFIX`).
 * @param id - the operationId.
 * @param handler - parses (through `input`), calls a service and responds.
 */
export function operation<K extends OperationId>(
  router: Hono<AppEnv>,
  id: K,
  handler: (c: Ctx, input: OperationInput<(typeof contract)[K]>) => Response | Promise<Response>,
): void {
  const op: Operation = contract[id];
  router.on(op.method, honoPath(op.path), async (c) => {
    const params = new Map<string, unknown>();
    for (const [name, schema] of Object.entries(op.params?.shape ?? {}))
      params.set(name, param(c, name, schema as z.ZodType));
    const userId = params.get('userId') as number | undefined;
    const auth = await guard(c, op, userId);
    const headers = checkedHeaders(c, op);
    const input: OperationInput<Operation> = {
      auth,
      body: () => {
        if (!op.body) throw new Error(`${op.method} ${op.path} has no body in the contract`);
        return jsonBody(c, op.body) as never;
      },
      query: () => {
        if (!op.query) throw new Error(`${op.method} ${op.path} has no query in the contract`);
        return query(c, op.query) as never;
      },
      param: (name) => params.get(name) as never,
      header: (name) => headers.get(String(name).toLowerCase()) as never,
    };
    return handler(c, input);
  });
}
