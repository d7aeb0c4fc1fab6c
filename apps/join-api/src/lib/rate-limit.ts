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

/**
 * Every rate limit of join-api (README "Rate limits"), per client address unless said per parent. Housekeeping keeps
 * each rule's buckets for the rule's own window, so a limit missing here would be forgotten after the shortest one.
 */
export const RATE_LIMITS = {
  phone: { name: 'phone', limit: 60, windowMs: 60_000 },
  signup: { name: 'signup', limit: 30, windowMs: 60_000 },
  invite: { name: 'invite', limit: 30, windowMs: 60_000 },
  login: { name: 'credentials', limit: 20, windowMs: 60_000 },
  /**
   * Per parent, wrong current passwords only (ASVS 2.2.1): a stolen auth token cannot guess its way to new credentials
   * or security answers (registration.ts `verifyCurrentPassword`).
   */
  currentPassword: { name: 'current-password', limit: 5, windowMs: 60 * 60_000 },
  /** Per parent: each write runs three argon2 hashes. */
  securityQuestions: { name: 'security-questions', limit: 10, windowMs: 60 * 60_000 },
  /** Per parent: each co-parent answer with a new address sends an invitation e-mail (not a mail relay). */
  coParentEmail: { name: 'co-parent-email', limit: 10, windowMs: 60 * 60_000 },
  /** Per client address, co-parent answers with an address across parents: invitations from one place stay few. */
  coParentEmailClient: { name: 'co-parent-email-client', limit: 50, windowMs: 60 * 60_000 },
  /** Card testing: order attempts per parent and per client, declines per parent, client tokens. */
  orderAttempts: { name: 'order-attempts', limit: 10, windowMs: 60 * 60_000 },
  /**
   * Per client address, every attempt: a ceiling many parents behind one address (an office, a carrier's NAT) live
   * with; card testing from one address is stopped by {@link RATE_LIMITS.orderFailuresClient} long before.
   */
  orderAttemptsClient: { name: 'order-attempts-client', limit: 300, windowMs: 60 * 60_000 },
  orderDeclines: { name: 'order-declines', limit: 5, windowMs: 60 * 60_000 },
  /**
   * Per client address, failed charges only — declines (402) and cards the gateway could not charge (422
   * `payment_method_expired`) — whichever parents they come from; paid orders never count (DESIGN.md §5).
   */
  orderFailuresClient: { name: 'order-failures-client', limit: 20, windowMs: 60 * 60_000 },
  /**
   * Wrong promotion codes (`POST /coupons/check`), counted on failures only and checked before every check, so codes
   * cannot be guessed: per parent, and per client address across parents.
   */
  couponGuesses: { name: 'coupon-guesses', limit: 10, windowMs: 60 * 60_000 },
  couponGuessesClient: { name: 'coupon-guesses-client', limit: 30, windowMs: 60 * 60_000 },
  clientTokens: { name: 'client-tokens', limit: 30, windowMs: 60 * 60_000 },
  /** Per client address: one client token per payment step shown, so a shared address needs room. */
  clientTokensClient: { name: 'client-tokens-client', limit: 300, windowMs: 60 * 60_000 },
  /** Per client address: CSP violation reports (routes/csp-reports.ts); a page reports a handful per load. */
  cspReports: { name: 'csp-reports', limit: 60, windowMs: 60_000 },
  /** Per client address: every request of a renewal e-mail's link (docs/RENEWAL.md "Links"), so tokens are not guessed. */
  renewalLinks: { name: 'renewal-links', limit: 30, windowMs: 60_000 },
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
    rateLimitRule: rule.name,
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

/** One step of {@link hitRateLimits}: count a hit of `rule` (`hit`), or only check that its window is not full (`check`). */
export type RateLimitStep = { kind: 'hit' | 'check'; rule: RateLimitRule; subject: string };

/**
 * Several limits of one request in ONE statement (a round-trip per limit was a tenth of an order's
 * statements), with the semantics of running them one after the other and stopping at the first refusal: a `check`
 * refuses when the subject's window is already full (as {@link checkRateLimit}), a `hit` counts one hit and refuses
 * past the limit (as {@link hitRateLimit}); the steps after a refusal count nothing. Each step is a CTE that runs only
 * when every step before it passed; a hit is the same single-row `INSERT … ON CONFLICT DO UPDATE … RETURNING` as
 * {@link countHit} (its row lock lasts the statement; no `SELECT … FOR UPDATE`).
 * @throws HttpProblem 429 `rate_limited` (with `Retry-After`) for the first step that refuses.
 */
export async function hitRateLimits(db: Db, steps: readonly RateLimitStep[], now: Date, factor = 1): Promise<void> {
  if (!steps.length) return;
  const nowIso = now.toISOString();
  const ctes = steps.map((step, i) => {
    const bucket = `${step.rule.name}:${step.subject}`;
    const cutoff = new Date(now.getTime() - step.rule.windowMs).toISOString();
    const limit = limitOf(step.rule, factor);
    // every step before this one passed: a hit within its limit, a check that found no full window
    const earlier = steps
      .slice(0, i)
      .map((s, j) =>
        s.kind === 'hit'
          ? sql`(select count from s${sql.raw(String(j))}) <= ${limitOf(s.rule, factor)}`
          : sql`not exists (select 1 from s${sql.raw(String(j))} where full_window)`,
      );
    const allowed = earlier.length ? sql.join(earlier, sql` and `) : sql`true`;
    const name = sql.raw(`s${i}`);
    if (step.kind === 'check') {
      return sql`${name} as (select window_start, count, count >= ${limit} as full_window from ${rateLimits}
        where bucket = ${bucket} and window_start > ${cutoff}::timestamptz and ${allowed})`;
    }
    return sql`${name} as (insert into ${rateLimits} (bucket, window_start, count)
        select ${bucket}, ${nowIso}::timestamptz, 1 where ${allowed}
        on conflict (bucket) do update set
          count = case when ${rateLimits}.window_start <= ${cutoff}::timestamptz then 1 else ${rateLimits}.count + 1 end,
          window_start = case when ${rateLimits}.window_start <= ${cutoff}::timestamptz then ${nowIso}::timestamptz else ${rateLimits}.window_start end
        returning window_start, count, false as full_window)`;
  });
  const columns = steps.map((_, i) => {
    const name = sql.raw(`s${i}`);
    return sql`(select (extract(epoch from window_start) * 1000)::float8 from ${name}) as ${sql.raw(`w${i}`)},
      (select count from ${name}) as ${sql.raw(`c${i}`)}, exists (select 1 from ${name} where full_window) as ${sql.raw(`f${i}`)}`;
  });
  const result = await db.execute(sql`with ${sql.join(ctes, sql`, `)} select ${sql.join(columns, sql`, `)}`);
  const row = (result as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  steps.forEach((step, i) => {
    const windowStart = row[`w${i}`];
    if (windowStart === null || windowStart === undefined) return;
    const refused = step.kind === 'check' ? row[`f${i}`] === true : Number(row[`c${i}`]) > limitOf(step.rule, factor);
    if (refused) throw limited(step.rule, new Date(Number(windowStart)), now);
  });
}
