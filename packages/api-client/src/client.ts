import type { z } from 'zod';
import { ApiError, problemType, type ClientProblemCode } from './errors.js';
import { ProblemSchema, type Problem } from './problem.js';
import { apiUrl } from './paths.js';
import { contract, operationPath, type Operation } from './contract.js';
import type {
  BillingAddressRequest,
  CoParentEmailRequest,
  CredentialsRequest,
  Currency,
  Flow,
  OrderRequest,
  SecurityAnswersRequest,
  SignupRequest,
} from './schemas.js';

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

/** What one call of an operation sends besides what its {@link contract} entry fixes. */
interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** The invite token of an `invite` operation. */
  bearer?: string;
  signal?: AbortSignal;
}

/** The parsed success answer of an operation: its response schema's output, or nothing (204). */
type ResponseOf<O extends Operation> = O['response'] extends { schema: infer S extends z.ZodType } ? z.infer<S> : void;

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
 * A typed fetch client for join-api (docs/CONTRACTS.md, DESIGN.md §4). Every method validates the response
 * with the shared zod schema and throws {@link ApiError} for a non-2xx (problem+json, or code `http_error` when
 * the body is not one), a network failure (`status` 0, `network_error`), no answer within `timeoutMs` (`status` 0,
 * `timeout`) or a malformed response (`invalid_response`). A request aborted by the caller's `signal` rejects with
 * the fetch `AbortError` itself, not an ApiError.
 * Request bodies are sent as given (not parsed with the request schemas: join-api validates them). Money in the
 * responses is in major units, 2 decimals.
 */
export function createApiClient(options: ApiClientOptions = {}) {
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
    let json: unknown = undefined;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
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
   * Authorization; `invite`: `bearer`; a parent: `getAuthToken`), its response schema.
   */
  function call<O extends Operation>(op: O, i: CallInput = {}): Promise<ResponseOf<O>> {
    const auth = op.auth === 'none' ? 'none' : op.auth === 'invite' ? { bearer: i.bearer ?? '' } : 'auth';
    return request(operationPath(op, i.params), {
      method: op.method,
      query: i.query,
      body: i.body,
      headers: i.headers,
      auth,
      schema: op.response.schema,
      signal: i.signal,
    }) as Promise<ResponseOf<O>>;
  }
  const c = contract;

  return {
    /** GET /countries — country options, priority countries first, names in `locale` (§1, §7). */
    getCountries: (locale: string, signal?: AbortSignal) =>
      call(c.getCountries, { headers: { 'accept-language': locale }, signal }),
    /** GET /join/countries — the countries a parent can join from (§1). */
    getJoinCountries: (signal?: AbortSignal) => call(c.getJoinCountries, { signal }),
    /** GET /packages — packages, build-your-own and upgrade options priced for the caller (§3, §4). */
    getPackages: (q: { currency: Currency; flow: Flow }, signal?: AbortSignal) =>
      call(c.getPackages, { query: q, signal }),
    /** GET /phone/canadian — is a +1 national number Canadian (§5)? Digits without `+1`. */
    checkCanadianPhone: (phoneNumber: string, signal?: AbortSignal) =>
      call(c.checkCanadianPhone, { query: { phoneNumber }, signal }),
    /**
     * POST /signups — starts a join; the server also sets the `__Host-ofw_session` cookie (the browser's session).
     * `idempotencyKey` (optional, e.g. `crypto.randomUUID()`): the same key for every retry of one signup attempt
     * with the same body; a retry after a lost answer then gets the same signup and parent (with a fresh
     * `authToken`) instead of failing on a used invite or referral token. Throws ApiError 422
     * `idempotency_key_reused` for the same key with another body, 409 `signup_completed` once the account's
     * credentials are set.
     */
    createSignup: (body: SignupRequest, o: { idempotencyKey?: string } = {}) =>
      call(c.createSignup, { body, headers: o.idempotencyKey ? { 'idempotency-key': o.idempotencyKey } : {} }),
    /**
     * POST /sessions/logout — revokes the current auth token (Bearer or cookie) and clears the session cookie (204).
     * Resolves too when there was no live session (cookie); ApiError 401 for an invalid bearer token.
     */
    logout: () => call(c.logout),
    /** GET /parents/{userId} — parent and join-state fields (§3, §7). */
    getParent: (userId: number, signal?: AbortSignal) => call(c.getParent, { params: { userId }, signal }),
    /** GET /parents/{userId}/pricing-group (§7). */
    getPricingGroup: (userId: number) => call(c.getPricingGroup, { params: { userId } }),
    /** PUT /parents/{userId}/terms — records agreement; returns the join state. */
    putTerms: (userId: number) => call(c.putTerms, { params: { userId }, body: { agreedToTerms: true } }),
    /**
     * GET /payments/config — provider authorization (a client token for the merchant account of `currency`, default
     * USD) and wallet flags for the browser.
     */
    getPaymentsConfig: (q: { currency?: Currency } = {}, signal?: AbortSignal) =>
      call(c.getPaymentsConfig, { query: q, signal }),
    /**
     * POST /orders — pays for a package. `idempotencyKey` (e.g. `crypto.randomUUID()`) must stay the
     * same across retries of one payment attempt. Throws ApiError 402 (`processor_declined` /
     * `gateway_rejected`) on a decline.
     */
    createOrder: (body: OrderRequest, o: { idempotencyKey: string }) =>
      call(c.createOrder, { body, headers: { 'idempotency-key': o.idempotencyKey } }),
    /** GET /security-questions — the question list in `locale` (en or es). */
    getSecurityQuestions: (locale: string, signal?: AbortSignal) =>
      call(c.getSecurityQuestions, { headers: { 'accept-language': locale }, signal }),
    /**
     * PUT /parents/{userId}/credentials — username and password (argon2id on the server). Set once while the account
     * is registering; a later change needs `currentPassword` (ApiError 403 `current_password_required` /
     * `current_password_incorrect`, 429 after repeated wrong ones). Rotates the session: the earlier auth tokens die;
     * a Bearer client gets the new one as `authToken` in the answer (update what `getAuthToken` returns), a browser
     * as its new cookie.
     */
    putCredentials: (userId: number, body: CredentialsRequest) => call(c.putCredentials, { params: { userId }, body }),
    /** PUT /parents/{userId}/security-questions — three answers (§2). */
    putSecurityQuestions: (userId: number, body: SecurityAnswersRequest) =>
      call(c.putSecurityQuestions, { params: { userId }, body }),
    /**
     * PUT /parents/{userId}/billing-address — saves the billing address without a payment (docs/CONTRACTS.md);
     * how a pro-created account (§4 "Completion") gets `billingAddressComplete`. Returns the join state.
     * Throws ApiError 400 `validation_failed` with field errors for a bad address.
     */
    putBillingAddress: (userId: number, body: BillingAddressRequest) =>
      call(c.putBillingAddress, { params: { userId }, body }),
    /**
     * PUT /parents/{userId}/coparent-email — answers the co-parent email question (§2): an email, or
     * `null` when the parent chose not to invite now. Returns the join state.
     */
    putCoParentEmail: (userId: number, body: CoParentEmailRequest) =>
      call(c.putCoParentEmail, { params: { userId }, body }),
    /** GET /coupons — coupon availability entries (§3, §7). */
    getCoupons: (q: { registrationKey: string; signupId: string }) => call(c.getCoupons, { query: q }),
    /** GET /experiments — experiments of the logged-in parent (§7). */
    getExperiments: () => call(c.getExperiments),
    /** GET /invites/check — resolves when the invite token is valid; ApiError 401 otherwise (§7). */
    checkInvite: (inviteToken: string) => call(c.checkInvite, { bearer: inviteToken }),
    /** GET /invites/family — family members by invite token; may carry a rotated `inviteToken` (§4). */
    getInviteFamily: (inviteToken: string) => call(c.getInviteFamily, { bearer: inviteToken }),
    /** GET /invites/coupons — coupon availability by invite token (§7). */
    getInviteCoupons: (inviteToken: string) => call(c.getInviteCoupons, { bearer: inviteToken }),
    /** GET /invites/experiments — experiments by invite token (§7). */
    getInviteExperiments: (inviteToken: string) => call(c.getInviteExperiments, { bearer: inviteToken }),
  };
}

/** The client returned by {@link createApiClient}. */
export type ApiClient = ReturnType<typeof createApiClient>;
