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
   * `payment_method_expired`) — whichever parents they come from; paid orders never count (docs/ARCHITECTURE.md
   * "Rate limits": reserved before the charge, given back when it was not a failure).
   */
  orderFailuresClient: { name: 'order-failures-client', limit: 20, windowMs: 60 * 60_000 },
  /**
   * Wrong promotion codes (`POST /coupons/check`): every check reserves a guess, a right code gives it back, so codes
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
  /**
   * One-time codes per address (its hash), an hour and a day (docs/IDENTITY.md "Lifetimes and limits"): with 5 tries
   * each, at most 50 guesses a day at one address's 10^6 codes; and per client address across addresses.
   */
  emailCodes: { name: 'email-codes', limit: 5, windowMs: 60 * 60_000 },
  emailCodesDaily: { name: 'email-codes-daily', limit: 10, windowMs: 24 * 60 * 60_000 },
  emailCodesClient: { name: 'email-codes-client', limit: 30, windowMs: 60 * 60_000 },
  /** Per client address: codes entered, across parents (each code also takes only 5 tries). */
  emailCodeTries: { name: 'email-code-tries', limit: 60, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** One limit a request takes a slot of: `rule`'s bucket of `subject` (a client address, `parent:<id>`). */
export interface RateLimitStep {
  rule: RateLimitRule;
  subject: string;
}

/**
 * A slot taken by {@link reserveRateLimits}: the bucket and the window it was counted in, so that giving it back
 * ({@link releaseRateLimits}) never touches a later window.
 */
export interface Reservation {
  bucket: string;
  windowStart: Date;
}

const bucketOf = (step: RateLimitStep) => `${step.rule.name}:${step.subject}`;

/**
 * Reserves one slot of each step, all or nothing, BEFORE the work the limits guard (docs/ARCHITECTURE.md "Rate
 * limits"). One statement: a CTE per step, each the single-row
 * `INSERT … ON CONFLICT (bucket) DO UPDATE SET count = count + 1 … WHERE <window over, or count below the limit>
 * RETURNING`, which Postgres (and PGlite) runs under the bucket's row lock — the increment and the comparison are one
 * atomic step, so N concurrent requests (one process or many on one Postgres) never take more than the limit. A full
 * bucket returns no row and counts nothing; the steps after it do not run. Steps are taken in the order given
 * (callers list them in one order, so two statements never lock two buckets in opposite orders).
 * @returns what was reserved, for {@link releaseRateLimits} when the outcome does not count.
 * @throws HttpProblem 429 `rate_limited` (with `Retry-After`) for the first full bucket; the slots the statement took
 *   before it are given back first.
 */
export async function reserveRateLimits(
  db: Db,
  steps: readonly RateLimitStep[],
  now: Date,
  factor = 1,
): Promise<Reservation[]> {
  if (!steps.length) return [];
  const nowIso = now.toISOString();
  const ctes = steps.map((step, i) => {
    const cutoff = new Date(now.getTime() - step.rule.windowMs).toISOString();
    const limit = limitOf(step.rule, factor);
    // every step before this one took its slot
    const earlier = steps.slice(0, i).map((_, j) => sql`exists (select 1 from ${sql.raw(`s${j}`)})`);
    const allowed = earlier.length ? sql.join(earlier, sql` and `) : sql`true`;
    const expired = sql`${rateLimits}.window_start <= ${cutoff}::timestamptz`;
    return sql`${sql.raw(`s${i}`)} as (insert into ${rateLimits} (bucket, window_start, count)
        select ${bucketOf(step)}, ${nowIso}::timestamptz, 1 where ${allowed}
        on conflict (bucket) do update set
          count = case when ${expired} then 1 else ${rateLimits}.count + 1 end,
          window_start = case when ${expired} then ${nowIso}::timestamptz else ${rateLimits}.window_start end
        where ${expired} or ${rateLimits}.count < ${limit}
        returning window_start)`;
  });
  const columns = steps.map(
    (_, i) =>
      sql`(select (extract(epoch from window_start) * 1000)::float8 from ${sql.raw(`s${i}`)}) as ${sql.raw(`w${i}`)}`,
  );
  const result = await db.execute(sql`with ${sql.join(ctes, sql`, `)} select ${sql.join(columns, sql`, `)}`);
  const row = (result as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const taken: Reservation[] = [];
  for (const [i, step] of steps.entries()) {
    const windowStart = row[`w${i}`];
    if (windowStart === null || windowStart === undefined) {
      await releaseRateLimits(db, taken);
      throw await refusal(db, step, now);
    }
    // epoch milliseconds as a float: rounded, so the window matches the stored one exactly when given back
    taken.push({ bucket: bucketOf(step), windowStart: new Date(Math.round(Number(windowStart))) });
  }
  return taken;
}

/** {@link reserveRateLimits} of one rule: counts one hit of `subject` before the work; 429 when the window is full. */
export async function reserveRateLimit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
  now: Date,
  factor = 1,
): Promise<Reservation> {
  const [taken] = await reserveRateLimits(db, [{ rule, subject }], now, factor);
  return taken!;
}

/**
 * Gives reserved slots back (the outcome does not count: a paid order's decline slot, a right password), only in the
 * window each was taken in — a window that has rolled over since started from nothing. One statement, a CTE per slot;
 * each waits for the one before (its condition reads it), so the rows are locked in the order reserved, as
 * {@link reserveRateLimits} locks them: a release and a reservation of the same buckets never deadlock.
 */
export async function releaseRateLimits(db: Db, reservations: readonly Reservation[]): Promise<void> {
  if (!reservations.length) return;
  const ctes = reservations.map((r, i) => {
    const after = i ? sql`and (select count(*) from ${sql.raw(`r${i - 1}`)}) >= 0` : sql``;
    return sql`${sql.raw(`r${i}`)} as (update ${rateLimits} set count = greatest(${rateLimits}.count - 1, 0)
        where bucket = ${r.bucket} and window_start = ${r.windowStart.toISOString()}::timestamptz ${after}
        returning 1)`;
  });
  const last = sql.raw(`r${reservations.length - 1}`);
  await db.execute(sql`with ${sql.join(ctes, sql`, `)} select count(*) from ${last}`);
}

/** The 429 of a full bucket, with the time left in its window (read after the refusal; the whole window if gone). */
async function refusal(db: Db, step: RateLimitStep, now: Date): Promise<HttpProblem> {
  const [row] = await db
    .select({ windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.bucket, bucketOf(step)));
  return limited(step.rule, row?.windowStart ?? now, now);
}

function limitOf(rule: RateLimitRule, factor: number): number {
  return Math.max(1, Math.floor(rule.limit * factor));
}

/**
 * A 429 `rate_limited` for work a rule of its own holds back (e.g. the e-mail code's resend cool-down), with
 * `Retry-After`: `waitMs` rounded up to whole seconds (at least 1). `what` starts the detail ("… in N s.").
 */
export function retryLater(waitMs: number, rule: string, what: string): HttpProblem {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  return new HttpProblem(429, 'rate_limited', `${what} in ${retryAfter} s.`, {
    headers: { 'retry-after': String(retryAfter) },
    extra: { retryAfterSeconds: retryAfter },
    rateLimitRule: rule,
  });
}

function limited(rule: RateLimitRule, windowStart: Date, now: Date): HttpProblem {
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000));
  return new HttpProblem(429, 'rate_limited', `Too many requests; try again in ${retryAfter} s.`, {
    headers: { 'retry-after': String(retryAfter) },
    extra: { retryAfterSeconds: retryAfter },
    rateLimitRule: rule.name,
  });
}
