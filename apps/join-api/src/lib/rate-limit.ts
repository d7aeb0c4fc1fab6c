import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';
import { HttpProblem } from './problem.js';

/** A fixed-window limit: `limit` requests per `windowMs` per bucket. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

/** Limits of the public endpoints (README "Rate limits"), per client IP. */
export const RATE_LIMITS = {
  phone: { name: 'phone', limit: 60, windowMs: 60_000 },
  signup: { name: 'signup', limit: 30, windowMs: 60_000 },
  invite: { name: 'invite', limit: 30, windowMs: 60_000 },
  login: { name: 'credentials', limit: 20, windowMs: 60_000 },
  /** Per parent: each write runs three argon2 hashes (issue 12). */
  securityQuestions: { name: 'security-questions', limit: 10, windowMs: 60 * 60_000 },
  /** Card testing (issue 12): order attempts per parent and per client, declines per parent, client tokens. */
  orderAttempts: { name: 'order-attempts', limit: 10, windowMs: 60 * 60_000 },
  orderAttemptsClient: { name: 'order-attempts-client', limit: 30, windowMs: 60 * 60_000 },
  orderDeclines: { name: 'order-declines', limit: 5, windowMs: 60 * 60_000 },
  clientTokens: { name: 'client-tokens', limit: 30, windowMs: 60 * 60_000 },
  clientTokensClient: { name: 'client-tokens-client', limit: 30, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/**
 * Counts one hit in Postgres (shared by every instance, DESIGN.md §1 "Scale-out") and throws 429 with
 * `Retry-After` once the window's limit is passed.
 * @throws HttpProblem 429 `rate_limited`
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule, subject: string, now: Date, factor = 1): Promise<void> {
  const row = await countHit(db, rule, subject, now);
  if (row && row.count > limitOf(rule, factor)) throw limited(rule, row.windowStart, now);
}

/**
 * 429 when `subject`'s window of `rule` is already full, without counting a hit (e.g. declines: counted after the
 * decline, checked before the next attempt).
 * @throws HttpProblem 429 `rate_limited`
 */
export async function checkRateLimit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
  now: Date,
  factor = 1,
): Promise<void> {
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.bucket, `${rule.name}:${subject}`));
  if (!row || row.windowStart.getTime() <= now.getTime() - rule.windowMs) return;
  if (row.count >= limitOf(rule, factor)) throw limited(rule, row.windowStart, now);
}

function limitOf(rule: RateLimitRule, factor: number): number {
  return Math.max(1, Math.floor(rule.limit * factor));
}

function limited(rule: RateLimitRule, windowStart: Date, now: Date): HttpProblem {
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000));
  return new HttpProblem(429, 'rate_limited', `Too many requests; try again in ${retryAfter} s.`, {
    headers: { 'retry-after': String(retryAfter) },
    extra: { retryAfterSeconds: retryAfter },
  });
}

/** Counts one hit of `rule` for `subject` (fixed window) and returns the bucket's row. */
export async function countHit(db: Db, rule: RateLimitRule, subject: string, now: Date) {
  const bucket = `${rule.name}:${subject}`;
  const cutoff = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.bucket,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning();
  return row;
}
