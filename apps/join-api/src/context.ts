import { clientAddress, compileTrust, type Trust } from './lib/client-ip.js';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Db } from './db/client.js';
import type { Env } from './env.js';
import type { PaymentGateway } from './gateway/types.js';
import type { Logger } from './lib/logger.js';
import type { Metrics } from './lib/metrics.js';
import type { LoadShedder } from './lib/load-shedding.js';
import { TOKEN_TTL_MS, findLiveToken, findSessionUser, type TokenRow, type UserRow } from './accounts.js';
import { SESSION_COOKIE, bearer } from './lib/tokens.js';
import { HttpProblem, unauthorized } from './lib/problem.js';
import { RATE_LIMITS, reserveRateLimit, type RateLimitRule, type Reservation } from './lib/rate-limit.js';

/** What the app is built from (tests inject their own). */
export interface AppDeps {
  db: Db;
  env: Env;
  gateway: PaymentGateway;
  logger: Logger;
  /** Clock (tests move it). */
  now?: () => Date;
  /** Invite tokens older than this are rotated by GET /invites/family (default 24 h). */
  inviteRotateAfterMs?: number;
  /** Prometheus metrics (lib/metrics.ts; default: a fresh registry over `db`). */
  metrics?: Metrics;
  /**
   * This process's outbox worker, for `/readyz` (outbox.ts `OutboxWorker`: its passes, and its SMTP server's answers);
   * absent when this process sends no e-mail (`OUTBOX_POLL_MS=0`).
   */
  outboxWorker?: { healthy(now: Date): boolean; smtpFailure?(now: Date): string | undefined };
  /** Admission control of `/api/v1` (default: one from the env's `LOAD_SHED_*`, lib/load-shedding.ts). */
  loadShedder?: LoadShedder;
  /** This process's payment-events worker: the webhook endpoint starts a pass after recording a notification. */
  paymentEvents?: { kick(): void };
  /** The server's shutdown state (server.ts `drain`): while draining, `/readyz` answers 503 and connections close. */
  lifecycle?: { draining(): boolean };
}

export interface Services extends Required<
  Omit<AppDeps, 'inviteRotateAfterMs' | 'outboxWorker' | 'loadShedder' | 'paymentEvents' | 'lifecycle'>
> {
  inviteRotateAfterMs: number;
  outboxWorker?: AppDeps['outboxWorker'];
  paymentEvents?: AppDeps['paymentEvents'];
  lifecycle?: AppDeps['lifecycle'];
}

export type AppEnv = { Variables: { services: Services; requestId: string } };
export type Ctx = Context<AppEnv>;

export { SESSION_COOKIE } from './lib/tokens.js';

/**
 * Sets the session cookie to `token`: HttpOnly (no script reads it), always Secure (the `__Host-` prefix demands it,
 * whatever `COOKIE_SECURE` says), Path=/, no Domain, SameSite=Lax, Max-Age = the auth token's lifetime (2 h).
 * Lax rather than Strict: the join and `/ofw/home.form` are reached from e-mail links and payment-provider redirects
 * (top-level cross-site navigations, which Strict would send without the session); Lax withholds the cookie from
 * every cross-site subrequest and cross-site POST, and every cookie-authenticated write also needs the app's Origin
 * ({@link requireSameOrigin}) and a JSON body.
 */
export function setSessionCookie(c: Ctx, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: TOKEN_TTL_MS.auth / 1000,
  });
}

/** Clears the session cookie (logout). */
export function clearSessionCookie(c: Ctx): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
}

const trusts = new WeakMap<object, Trust>();

/**
 * The client's address for rate limits: the socket address from @hono/node-server, or `X-Forwarded-For` through
 * `TRUSTED_PROXIES` only; IPv6 grouped by /64 (lib/client-ip.ts). `'local'` under app.request() without a socket.
 */
export function clientIp(c: Ctx): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const env = c.get('services').env;
  let trust = trusts.get(env);
  if (!trust) trusts.set(env, (trust = compileTrust(env.TRUSTED_PROXIES)));
  return clientAddress(incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'), trust);
}

/**
 * Reserves one hit of `rule` for `subject` (the client address unless given, e.g. `parent:<id>`) before the work it
 * guards, atomically (lib/rate-limit.ts `reserveRateLimits`); 429 when the window is full.
 */
export async function rateLimit(c: Ctx, rule: RateLimitRule, subject = clientIp(c)): Promise<Reservation> {
  const s = c.get('services');
  return reserveRateLimit(s.db, rule, subject, s.now(), s.env.RATE_LIMIT_FACTOR);
}

/** The session cookie's value when it has a token's shape, else undefined. */
function sessionCookieOf(c: Ctx): string | undefined {
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie && /^[A-Za-z0-9_-]{16,256}$/.test(cookie) ? cookie : undefined;
}

/**
 * The auth token of the request: `Authorization: Bearer` (API clients; preferred when both are sent) or the
 * `__Host-ofw_session` cookie (the browser).
 */
export function authTokenOf(c: Ctx): string | undefined {
  const header = c.req.header('authorization');
  if (header) return bearer(header);
  return sessionCookieOf(c);
}

/** Whether the request is authenticated by the session cookie (no `Authorization` header, a session cookie sent). */
export function isCookieAuth(c: Ctx): boolean {
  return !c.req.header('authorization') && getCookie(c, SESSION_COOKIE) !== undefined;
}

/**
 * Whether a request with no `Authorization` comes from a browser: browsers send `Origin` with every POST and
 * `Sec-Fetch-Site` with every request (Fetch Metadata); an API client sends neither. A browser is given a new session
 * as the HttpOnly cookie only, never in the body (as `PUT /parents/{userId}/credentials` answers a cookie session):
 * `POST /signups` and a come-back link's session (docs/CONTRACTS.md "Session cookie").
 */
export function isBrowserRequest(c: Ctx): boolean {
  return (
    !c.req.header('authorization') &&
    (c.req.header('origin') !== undefined || c.req.header('sec-fetch-site') !== undefined)
  );
}

/** Middleware running {@link requireSameOrigin} before the handler. */
export const sameOriginWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireSameOrigin(c);
  await next();
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF guard for writes (POST/PUT/PATCH/DELETE) that carry the session cookie and no `Authorization`
 * header: the browser must say the request comes from the app itself — `Sec-Fetch-Site: same-origin`, or an `Origin`
 * equal to `PUBLIC_URL`'s origin or the request's own origin. Bearer-authenticated requests (API clients) and
 * requests without the cookie pass untouched. Source: OWASP CSRF Prevention Cheat Sheet ("Verifying origin with
 * standard headers", "Fetch Metadata").
 * @throws HttpProblem 403 `origin_not_allowed`
 */
export function requireSameOrigin(c: Ctx): void {
  if (!WRITES.has(c.req.method) || !isCookieAuth(c)) return;
  if (c.req.header('sec-fetch-site') === 'same-origin') return;
  const origin = c.req.header('origin');
  if (origin) {
    const own = new Set([new URL(c.get('services').env.PUBLIC_URL).origin, new URL(c.req.url).origin]);
    if (own.has(origin)) return;
  }
  throw new HttpProblem(
    403,
    'origin_not_allowed',
    'A write authenticated by the session cookie must come from this site (Origin or Sec-Fetch-Site).',
  );
}

/**
 * The parent an auth token belongs to.
 * @throws HttpProblem 401 without a live auth token.
 */
export async function requireParent(c: Ctx): Promise<UserRow> {
  return (await requireSession(c)).user;
}

/**
 * The parent and the hash of the auth token the request carries (to revoke or rotate it).
 * @throws HttpProblem 401 without a live auth token.
 */
export async function requireSession(c: Ctx): Promise<{ user: UserRow; tokenHash: string; byCookie: boolean }> {
  const s = c.get('services');
  const found = await findSessionUser(s.db, authTokenOf(c), s.now());
  if (!found) throw unauthorized();
  return { user: found.user, tokenHash: found.tokenHash, byCookie: !c.req.header('authorization') };
}

/** Like {@link requireSession}, but undefined without a live auth token (never throws). */
export async function optionalSession(c: Ctx): Promise<Awaited<ReturnType<typeof requireSession>> | undefined> {
  try {
    return await requireSession(c);
  } catch (e) {
    if (e instanceof HttpProblem && e.status === 401) return undefined;
    throw e;
  }
}

/** §7: an invalid invite token is logged with this message (and answered 401). */
export const INVALID_INVITE_LOG = 'Invalid Invite Registration Token';

/**
 * The live invite token of the request (`Authorization: Bearer <invite token>`), for an invitee who has not claimed
 * the account yet: the guard of every `invite` operation (lib/operation.ts). Counts one hit of the invite rate limit
 * per client address first.
 * @throws HttpProblem 429; 401 `invalid_invite_token` (logged as {@link INVALID_INVITE_LOG}) — the same for a missing,
 * unknown, expired, used or revoked token.
 */
export async function requireInvite(c: Ctx): Promise<{ token: string; row: TokenRow }> {
  await rateLimit(c, RATE_LIMITS.invite);
  const s = c.get('services');
  const token = bearer(c.req.header('authorization'));
  const row = await findLiveToken(s.db, 'invite', token, s.now());
  if (!token || !row?.userId) {
    s.logger.warn({ path: c.req.path }, INVALID_INVITE_LOG);
    throw new HttpProblem(401, 'invalid_invite_token', 'The invite link is not valid any more.', {
      headers: { 'www-authenticate': 'Bearer' },
    });
  }
  return { token, row };
}
