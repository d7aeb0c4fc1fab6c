import { and, eq, gt, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  RENEWAL_REMINDER_DAYS,
  RENEWAL_RETRY_DAYS,
  renewalChargeAt,
  renewalReminderAt,
  renewalRetryAt,
  toMinor,
} from '@ofw/domain';
import type { Services } from '../../context.js';
import { orders, subscriptions, users } from '../../db/schema.js';
import { startPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.js';
import { chargeRenewal, type RenewalTarget } from './charge.js';
import { COME_BACK_LINK_MS, queueNotice, type Notice } from './notices.js';
import { renewalPrice, zoneOf, TERM_ORDER_COLUMNS } from './state.js';

/** Subscriptions each step of a pass handles at most (the next pass takes the rest). */
export const RENEWAL_BATCH_SIZE = 200;

/** What one pass of the renewal runner did. */
export interface RenewalPassResult {
  reminded: number;
  renewed: number;
  declined: number;
  /** Ended after the last retry was declined. */
  ended: number;
  /** Ended at their term's end without renewal. */
  expired: number;
  inDoubt: number;
}

/** Current subscriptions matching `where`, with the order that bought them and their parent. */
async function targets(s: Services, where: SQL | undefined): Promise<RenewalTarget[]> {
  return s.db
    .select({
      sub: subscriptions,
      order: TERM_ORDER_COLUMNS,
      user: users,
    })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(eq(subscriptions.status, 'current'), where))
    .orderBy(subscriptions.expiresAt)
    .limit(RENEWAL_BATCH_SIZE);
}

/** The notice fields every renewal e-mail of `t` shares. */
function base(t: RenewalTarget) {
  return {
    timeZone: zoneOf(t, t.user),
    subscriptionId: t.sub.id,
    packageId: t.sub.packageId,
    paymentMethod: t.sub.paymentMethod ?? null,
  };
}

/**
 * The reminders due (docs/RENEWAL.md "Reminders"): 30 and 7 days before the end (`renewalReminderAt`, in the parent's
 * zone) — a renewal reminder with its price, method and turn-off link when the term renews, an "expiring" notice when it
 * does not. A 30-day reminder overtaken by the 7-day one (the runner was down) is recorded without an e-mail.
 */
async function remind(s: Services, r: RenewalPassResult): Promise<void> {
  const now = s.now();
  const horizon = new Date(now.getTime() + (Math.max(...RENEWAL_REMINDER_DAYS) + 2) * 24 * 60 * 60 * 1000);
  const rows = await targets(
    s,
    and(
      gt(subscriptions.expiresAt, now),
      lte(subscriptions.expiresAt, horizon),
      sql`not exists (select 1 from renewal_notices n where n.subscription_id = ${subscriptions.id}
        and n.kind in ('reminder_7', 'expiring_7'))`,
    ),
  );
  for (const t of rows) {
    const zone = zoneOf(t, t.user);
    const price = t.sub.autoRenew && t.sub.paymentMethodToken ? renewalPrice(t, t.user) : undefined;
    const chargeAt = renewalChargeAt(t.sub.expiresAt, zone);
    const end = price ? chargeAt : t.sub.expiresAt;
    const due = [...RENEWAL_REMINDER_DAYS]
      .sort((a, b) => a - b)
      .filter((days) => renewalReminderAt(t.sub.expiresAt, days, zone) <= now && now < end);
    if (!due.length) continue;
    await s.db.transaction(async (tx) => {
      for (const [i, days] of due.entries()) {
        const kind = `${price ? 'reminder' : 'expiring'}_${days}`;
        const notice: Notice = price
          ? {
              ...base(t),
              key: kind,
              notice: 'reminder',
              metricKind: kind,
              date: chargeAt,
              amountMinor: toMinor(price.charged),
              currency: price.currency,
              link: { purpose: 'turn_off_renewal', expiresAt: chargeAt },
              silent: i > 0,
            }
          : {
              ...base(t),
              key: kind,
              notice: 'expiring',
              metricKind: kind,
              date: t.sub.expiresAt,
              amountMinor: null,
              currency: null,
              silent: i > 0,
            };
        if (await queueNotice(s, tx, t.user, notice)) r.reminded++;
      }
    });
  }
}

/** Renewals due (`renewal_due_at` reached: the term's last day, then each retry), charged once each. */
async function chargeDue(s: Services, r: RenewalPassResult): Promise<void> {
  const now = s.now();
  const rows = await targets(
    s,
    and(
      eq(subscriptions.autoRenew, true),
      isNotNull(subscriptions.paymentMethodToken),
      lte(subscriptions.renewalDueAt, now),
    ),
  );
  for (const t of rows) {
    // one subscription's failure (a driver error) leaves it for the next pass and does not stop the others
    const charge = await chargeRenewal(s, t, `renewal:${t.sub.id}:${t.sub.renewalDeclines}`).catch((e: unknown) => {
      s.logger.error({ subscriptionId: t.sub.id, err: String(e) }, 'renewal charge failed; left for the next pass');
      return { outcome: 'in_doubt' as const };
    });
    if (charge.outcome === 'paid') {
      r.renewed++;
      if (charge.charged) s.metrics.renewalsTotal.inc({ outcome: 'renewed' });
    } else if (charge.outcome === 'declined') {
      if (await applyDecline(s, t)) r.declined++;
      else r.ended++;
    } else if (charge.outcome === 'unpriced') {
      // the package is no longer sold: the term runs to its end and expires (the parent was told by the e-mails)
      s.logger.warn({ subscriptionId: t.sub.id }, 'renewal: the package is no longer offered; renewal turned off');
      await s.db
        .update(subscriptions)
        .set({ autoRenew: false, renewalDueAt: null })
        .where(eq(subscriptions.id, t.sub.id));
    } else if (charge.outcome === 'in_doubt') r.inDoubt++;
  }
}

/**
 * A declined renewal attempt (fenced on the number of declines it saw, so a decline is counted once): the next try
 * `renewalRetryAt` (1, 3, 7 days after the first decline) and an e-mail with the update-card link, or — after the last
 * — the subscription ends (`expired`, end reason `renewal_declined`) with the come-back link.
 * @returns true for a decline to be retried, false when the subscription ended (or the decline was counted before).
 */
export async function applyDecline(s: Services, t: RenewalTarget): Promise<boolean> {
  const now = s.now();
  const zone = zoneOf(t, t.user);
  const declines = t.sub.renewalDeclines + 1;
  const first = t.sub.renewalFirstDeclinedAt ?? now;
  const next = renewalRetryAt(first, declines, zone);
  const price = renewalPrice(t, t.user);
  const money = { amountMinor: price ? toMinor(price.charged) : null, currency: price?.currency ?? null };
  return s.db.transaction(async (tx) => {
    const fence = and(
      eq(subscriptions.id, t.sub.id),
      eq(subscriptions.status, 'current'),
      eq(subscriptions.renewalDeclines, t.sub.renewalDeclines),
    );
    const [moved] = await tx
      .update(subscriptions)
      .set(
        next
          ? { renewalDeclines: declines, renewalFirstDeclinedAt: first, renewalDueAt: next }
          : {
              renewalDeclines: declines,
              status: 'expired',
              endReason: 'renewal_declined',
              endedAt: now,
              renewalDueAt: null,
            },
      )
      .where(fence)
      .returning({ id: subscriptions.id });
    if (!moved) return false;
    const lastTry = renewalRetryAt(first, RENEWAL_RETRY_DAYS.length, zone) ?? now;
    s.metrics.renewalsTotal.inc({ outcome: next ? 'declined' : 'ended' });
    await queueNotice(s, tx, t.user, {
      ...base(t),
      ...money,
      ...(next
        ? {
            key: `declined_${declines}`,
            notice: 'declined',
            metricKind: 'declined',
            date: next,
            link: { purpose: 'update_payment_method', expiresAt: lastTry },
          }
        : {
            key: 'ended',
            notice: 'ended_declined',
            metricKind: 'ended',
            date: now,
            link: { purpose: 'come_back', expiresAt: new Date(now.getTime() + COME_BACK_LINK_MS) },
          }),
    });
    return Boolean(next);
  });
}

/** Terms past their end with nothing scheduled (renewal off, no method, or not offered): expired, come-back e-mail. */
async function expireLapsed(s: Services, r: RenewalPassResult): Promise<void> {
  const now = s.now();
  const rows = await targets(s, and(lte(subscriptions.expiresAt, now), isNull(subscriptions.renewalDueAt)));
  for (const t of rows) {
    await s.db.transaction(async (tx) => {
      const [ended] = await tx
        .update(subscriptions)
        .set({ status: 'expired', endedAt: now })
        .where(
          and(eq(subscriptions.id, t.sub.id), eq(subscriptions.status, 'current'), isNull(subscriptions.renewalDueAt)),
        )
        .returning({ id: subscriptions.id });
      if (!ended) return;
      r.expired++;
      await queueNotice(s, tx, t.user, {
        ...base(t),
        key: 'ended',
        notice: 'expired',
        metricKind: 'expired',
        date: t.sub.expiresAt,
        amountMinor: null,
        currency: null,
        link: { purpose: 'come_back', expiresAt: new Date(now.getTime() + COME_BACK_LINK_MS) },
      });
    });
  }
}

/**
 * One pass of the renewal runner (docs/RENEWAL.md): reminders, renewals due, lapsed terms. Safe with several join-api
 * processes on one database: every e-mail is claimed by its notice key, every charge by its order's key and lease,
 * every state change fenced on the state it read.
 */
export async function runRenewals(s: Services): Promise<RenewalPassResult> {
  const r: RenewalPassResult = { reminded: 0, renewed: 0, declined: 0, ended: 0, expired: 0, inDoubt: 0 };
  await remind(s, r);
  await chargeDue(s, r);
  await expireLapsed(s, r);
  return r;
}

/** The running renewal loop: its passes, and `kick()` for one now (the test clock moved, docs/RENEWAL.md "Clock"). */
export type RenewalRunner = Pick<PeriodicJob<RenewalPassResult>, 'runOnce' | 'stop'> & { kick(): void };

/**
 * Runs {@link runRenewals} now and every `intervalMs` (0: only on `runOnce`/`kick`), on the shared periodic-job runner;
 * `beforePass` runs first in each pass (the development test clock's sync).
 */
export function startRenewalRunner(
  s: Services,
  intervalMs: number,
  beforePass: () => Promise<void> = async () => {},
): RenewalRunner {
  const job = startPeriodicJob({
    logger: s.logger,
    failure: 'renewal pass failed',
    intervalMs,
    runNow: intervalMs > 0,
    run: async () => {
      await beforePass();
      return runRenewals(s);
    },
    onPass: (r) => {
      if (r.reminded || r.renewed || r.declined || r.ended || r.expired || r.inDoubt) s.logger.info(r, 'renewals');
    },
  });
  return {
    runOnce: () => job.runOnce(),
    stop: () => job.stop(),
    kick: () => void job.runOnce().catch((e: unknown) => s.logger.warn({ err: String(e) }, 'renewal pass failed')),
  };
}
