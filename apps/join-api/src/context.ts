import { clientAddress, compileTrust, type Trust } from './lib/client-ip.js';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Db } from './db/client.js';
import type { Env } from './env.js';
import type { PaymentGateway } from './gateway/types.js';
import type { Logger } from './lib/logger.js';
import { findLiveToken, getUser, type UserRow } from './accounts.js';
import { bearer } from './lib/tokens.js';
import { forbidden, unauthorized } from './lib/problem.js';
import { hitRateLimit, type RateLimitRule } from './lib/rate-limit.js';

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
}

export interface Services extends Required<Omit<AppDeps, 'inviteRotateAfterMs'>> {
  inviteRotateAfterMs: number;
}

export type AppEnv = { Variables: { services: Services; requestId: string } };
export type Ctx = Context<AppEnv>;

export const SESSION_COOKIE = 'ofw_session';

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

/** Counts one hit of `rule` for `subject` (the client address unless given, e.g. `parent:<id>`); 429 past it. */
export async function rateLimit(c: Ctx, rule: RateLimitRule, subject = clientIp(c)): Promise<void> {
  const s = c.get('services');
  await hitRateLimit(s.db, rule, subject, s.now(), s.env.RATE_LIMIT_FACTOR);
}

/** The auth token of the request: `Authorization: Bearer` (preferred) or the `ofw_session` cookie. */
export function authTokenOf(c: Ctx): string | undefined {
  const header = c.req.header('authorization');
  if (header) return bearer(header);
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie && /^[A-Za-z0-9_-]{16,256}$/.test(cookie) ? cookie : undefined;
}

/**
 * The parent an auth token belongs to.
 * @throws HttpProblem 401 without a live auth token.
 */
export async function requireParent(c: Ctx): Promise<UserRow> {
  const s = c.get('services');
  const row = await findLiveToken(s.db, 'auth', authTokenOf(c), s.now());
  if (!row?.userId) throw unauthorized();
  const user = await getUser(s.db, row.userId);
  if (!user) throw unauthorized();
  return user;
}

/**
 * The parent when the request carries a live auth token, else undefined. A bad `Authorization` header
 * still answers 401 (a stale cookie alone is ignored).
 */
export async function optionalParent(c: Ctx): Promise<UserRow | undefined> {
  if (c.req.header('authorization')) return requireParent(c);
  const s = c.get('services');
  const row = await findLiveToken(s.db, 'auth', authTokenOf(c), s.now());
  return row?.userId ? getUser(s.db, row.userId) : undefined;
}

/**
 * The parent, who may act only on itself (IDOR guard): any other userId answers 403, whether it exists or not.
 * @throws HttpProblem 401 / 403
 */
export async function requireSelf(c: Ctx, userId: number): Promise<UserRow> {
  const user = await requireParent(c);
  if (user.id !== userId) throw forbidden();
  return user;
}
