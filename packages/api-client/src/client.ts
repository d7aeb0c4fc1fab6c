import type { z } from 'zod';
import { ApiError, problemType, type ClientProblemCode } from './errors.js';
import { ProblemSchema, type Problem } from './problem.js';
import { apiUrl } from './paths.js';
import { contract, operationPath, type Operation, type OperationHeader, type OperationId } from './contract.js';

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  /** Origin (and optional path) in front of `/api/v1`; `''` (default) means same origin. */
  baseUrl?: string;
  /** fetch implementation (default: global `fetch`). */
  fetch?: typeof fetch;
  /**
   * Returns the parent's auth token, sent as `Authorization: Bearer …` when present: for clients other than a
   * browser (services, scripts, tests), with the `authToken` of `createSignup` (and the one `putCredentials` rotates
   * to). A browser leaves it out: join-api's `__Host-ofw_session` cookie (HttpOnly, set by `POST /signups`) is its
   * session, so no token is ever kept where a script could read it.
   */
  getAuthToken?: () => string | undefined;
  /**
   * The fetch `credentials` mode, i.e. whether the session cookie goes with each request: `'same-origin'` (default;
   * the SPA served by join-api, or through a same-origin proxy) or `'include'` (the API on another origin of the same
   * site). `'omit'` for a Bearer-only client.
   */
  credentials?: 'same-origin' | 'include' | 'omit';
  /**
   * How long one request may take, in milliseconds, from sending to the end of the answer's body (default
   * {@link DEFAULT_TIMEOUT_MS}, 20 s). Past it the request is aborted (`AbortSignal.timeout`) and the call throws
   * {@link ApiError} `status` 0, code `timeout`: the request may still have reached join-api, so a write that carries an
   * Idempotency-Key is retried with the same key. A caller's own `signal` still aborts the call (combined with
   * `AbortSignal.any`). `0` or `Infinity`: no timeout.
   */
  timeoutMs?: number;
}

/** The default of {@link ApiClientOptions.timeoutMs}: 20 s. */
export const DEFAULT_TIMEOUT_MS = 20_000;

interface RequestOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** `auth`: the parent's auth token; a string: that bearer token; `none`: no Authorization. */
  auth?: 'auth' | 'none' | { bearer: string };
  schema: S;
  signal?: AbortSignal;
}

/** `{ [key]: T }`, optional when `T` accepts `{}` (nothing required in it), `{}` when there is no `T`. */
type Part<Key extends string, T> = [T] extends [never]
  ? unknown
  : Record<never, never> extends T
    ? { [P in Key]?: T }
    : { [P in Key]: T };

/** The path params of an entry as a call gives them: its schema's input, and a number for a text id (sent as text). */
type ParamsArg<O> = O extends { params: infer P extends z.ZodType }
  ? { [K in keyof z.input<P>]: z.input<P>[K] | number }
  : never;
type QueryArg<O> = O extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
type BodyArg<O> = O extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** One declared header: its schema's input (text when it has none), required when the entry says so. */
type HeaderArg<H> = H extends { name: infer N extends string; required: infer R }
  ? {
      [P in N as R extends true ? P : never]: H extends { schema: infer S extends z.ZodType } ? z.input<S> : string;
    } & {
      [P in N as R extends true ? never : P]?: H extends { schema: infer S extends z.ZodType } ? z.input<S> : string;
    }
  : never;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type HeadersArg<O> = O extends { headers: readonly (infer H extends OperationHeader)[] }
  ? UnionToIntersection<HeaderArg<H>>
  : never;

/**
 * What a call of the operation `O` of the {@link contract} takes, derived from its entry: `params` (its `params`
 * schema's input; a number for a text id), `query` and `body` (their schemas' input: what the caller sends, before
 * defaults), `headers` (each declared header by its contract name, its schema's input, required when the entry
 * requires it), `inviteToken` for an `invite` operation, and an optional `signal` (an aborted call rejects with the
 * fetch `AbortError`). A part is optional when nothing in it is required.
 */
export type OperationArgs<O extends Operation> = Part<'params', ParamsArg<O>> &
  Part<'query', QueryArg<O>> &
  Part<'body', BodyArg<O>> &
  Part<'headers', HeadersArg<O>> &
  (O['auth'] extends 'invite' ? { inviteToken: string } : unknown) & { signal?: AbortSignal };

/** The parsed success answer of an operation: its response schema's output, or nothing (204). */
export type OperationAnswer<O extends Operation> = O['response'] extends { schema: infer S extends z.ZodType }
  ? z.output<S>
  : void;

/** A client method: the operation's {@link OperationArgs} (an optional argument when nothing is required). */
export type OperationMethod<O extends Operation> = (
  ...args: Record<never, never> extends OperationArgs<O> ? [args?: OperationArgs<O>] : [args: OperationArgs<O>]
) => Promise<OperationAnswer<O>>;

/**
 * The client returned by {@link createApiClient}: one method per operation of the {@link contract}, named by its
 * operationId, typed from its entry (no hand-written signature): e.g.
 * `getPackages({ query: { currency, flow } })`, `getParent({ params: { userId } })`,
 * `createOrder({ body, headers: { 'Idempotency-Key': key } })`, `checkInvite({ inviteToken })`.
 */
export type ApiClient = { readonly [K in OperationId]: OperationMethod<(typeof contract)[K]> };

/** A call's input as {@link createApiClient}'s `call` reads it (the union of every {@link OperationArgs}). */
interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string | undefined>;
  inviteToken?: string;
  signal?: AbortSignal;
}

function synthesized(status: number, code: ClientProblemCode, title: string, detail?: string): Problem {
  return { type: problemType(code), title, status, code, ...(detail ? { detail } : {}) };
}

/**
 * `AbortSignal.any(signals)`: aborted as soon as one of `signals` is, with its reason. Where the runtime lacks it
 * (Safari before 17.4, Chrome before 116; Node has it since 20.3) the same with an AbortController.
 */
export function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  const abort = (from: AbortSignal) => controller.abort(from.reason);
  for (const s of signals) {
    if (s.aborted) {
      abort(s);
      break;
    }
    s.addEventListener('abort', () => abort(s), { once: true, signal: controller.signal });
  }
  return controller.signal;
}

/**
 * A typed fetch client for join-api (docs/CONTRACTS.md, docs/CONTRACTS.md "HTTP API"). Every method validates the response
 * with the shared zod schema and throws {@link ApiError} for a non-2xx (problem+json, or code `http_error` when
 * the body is not one), a network failure (`status` 0, `network_error`), no answer within `timeoutMs` (`status` 0,
 * `timeout`) or a malformed response (`invalid_response`). A request aborted by the caller's `signal` rejects with
 * the fetch `AbortError` itself, not an ApiError.
 * Request bodies are sent as given (not parsed with the request schemas: join-api validates them). Money in the
 * responses is in major units, 2 decimals.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /**
   * The signal of one request: the caller's, the timeout's, or both (`AbortSignal.any`), and the timeout's alone, to
   * tell which one fired.
   */
  function requestSignal(signal: AbortSignal | undefined) {
    const timeout = timeoutMs > 0 && Number.isFinite(timeoutMs) ? AbortSignal.timeout(timeoutMs) : undefined;
    const combined = timeout && signal ? anySignal([signal, timeout]) : (timeout ?? signal);
    return { combined, timeout };
  }

  async function request<S extends z.ZodType | undefined>(
    path: string,
    o: RequestOptions<S>,
  ): Promise<S extends z.ZodType ? z.infer<S> : void> {
    const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const token = o.auth === 'none' ? undefined : typeof o.auth === 'object' ? o.auth.bearer : options.getAuthToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    const signal = requestSignal(o.signal);
    // A failure before the whole answer is in: the caller's abort is theirs (rethrown as is), the timeout's is a
    // `timeout` problem, anything else a `network_error`.
    const failed = (cause: unknown): never => {
      if (o.signal?.aborted) throw cause;
      if (signal.timeout?.aborted) {
        const detail = `No answer within ${timeoutMs} ms`;
        throw new ApiError(synthesized(0, 'timeout', 'Request timed out', detail), { cause });
      }
      if ((cause as Error)?.name === 'AbortError') throw cause;
      throw new ApiError(synthesized(0, 'network_error', 'Network error', String(cause)), { cause });
    };
    let res: Response;
    let text: string;
    try {
      res = await doFetch(apiUrl(baseUrl, path, o.query), {
        method: o.method ?? 'GET',
        headers,
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
        credentials: options.credentials ?? 'same-origin',
        signal: signal.combined,
      });
      text = await res.text();
    } catch (cause) {
      return failed(cause);
    }
    const json = parseJson(text);
    if (!res.ok) {
      const parsed = ProblemSchema.safeParse(json);
      throw new ApiError(
        parsed.success ? parsed.data : synthesized(res.status, 'http_error', res.statusText || `HTTP ${res.status}`),
      );
    }
    if (!o.schema) return undefined as never;
    const parsed = o.schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError(synthesized(res.status, 'invalid_response', 'Invalid response', parsed.error.message), {
        cause: parsed.error,
      });
    }
    return parsed.data as never;
  }

  /**
   * Calls one operation of the {@link contract}: its method and path (params filled in), its auth (`none`: no
   * Authorization; `invite`: `inviteToken` as Bearer; a parent: `getAuthToken`), its declared headers, its response
   * schema.
   */
  function call(op: Operation, i: CallInput = {}): Promise<unknown> {
    const auth = op.auth === 'none' ? 'none' : op.auth === 'invite' ? { bearer: i.inviteToken ?? '' } : 'auth';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(i.headers ?? {})) if (value) headers[name.toLowerCase()] = value;
    return request(operationPath(op, i.params), {
      method: op.method,
      query: i.query,
      body: i.body,
      headers,
      auth,
      schema: op.response.schema,
      signal: i.signal,
    });
  }

  // one method per contract entry, named by its operationId (see ApiClient)
  const methods: Record<string, (i?: CallInput) => Promise<unknown>> = {};
  for (const [id, op] of Object.entries(contract) as [string, Operation][]) methods[id] = (i) => call(op, i);
  return methods as unknown as ApiClient;
}

/** The answer's body as JSON; `undefined` when empty or not JSON (the status and the schema decide what that means). */
function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
