import type { Services } from '../../context.js';
import type { DbOrTransaction } from '../../db/prepared.js';
import { renewalLinks, renewalNotices, type RenewalLinkPurpose } from '../../db/schema.js';
import type { RenewalNotice, RenewalNoticePayload } from '../../emails/renewal.js';
import { enqueueEmail } from '../../outbox.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { UserRow } from '../../accounts.js';

/** Where a renewal link opens: join-web's page `${PUBLIC_URL}/renewal/<token>` (docs/RENEWAL.md "Links"). */
export function renewalLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/renewal/${token}`;
}

/** A come-back link lasts 30 days (api-client contract `getRenewalLink`). */
export const COME_BACK_LINK_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Issues a renewal link (256-bit token, stored only as its SHA-256, lib/tokens.ts) for `purpose`, valid until
 * `expiresAt`, single-use (`used_at`).
 * @returns the token in clear, for the e-mail only.
 */
export async function issueRenewalLink(
  tx: DbOrTransaction,
  o: { purpose: RenewalLinkPurpose; userId: number; subscriptionId: number; now: Date; expiresAt: Date },
): Promise<string> {
  const token = newToken();
  await tx.insert(renewalLinks).values({
    hash: hashToken(token),
    purpose: o.purpose,
    userId: o.userId,
    subscriptionId: o.subscriptionId,
    createdAt: o.now,
    expiresAt: o.expiresAt,
  });
  return token;
}

/** What one renewal e-mail says, and the link it carries. */
export interface Notice {
  /** The once-per-subscription key (`reminder_30`, `declined_2`, `ended`…): a second one is never sent. */
  key: string;
  notice: RenewalNotice;
  /** The metric's `kind` label (`join_api_renewal_reminders_total`). */
  metricKind: string;
  date: Date;
  timeZone: string;
  subscriptionId: number;
  packageId: number;
  amountMinor: number | null;
  currency: string | null;
  paymentMethod: RenewalNoticePayload['paymentMethod'];
  link?: { purpose: RenewalLinkPurpose; expiresAt: Date };
  /** Recorded as sent without an e-mail (a 30-day reminder overtaken by the 7-day one). */
  silent?: boolean;
}

/**
 * Queues one renewal e-mail in the caller's transaction (the transactional outbox, README "Outbox"): the notice's key
 * is taken first (`renewal_notices`), so of two runners on one database only one queues it; the link is issued with
 * it. The e-mail is in the parent's language (`languageLocale`).
 * @returns whether this call queued it (false: it was queued before).
 */
export async function queueNotice(
  s: Services,
  tx: DbOrTransaction,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'languageLocale'>,
  n: Notice,
): Promise<boolean> {
  const now = s.now();
  const taken = await tx
    .insert(renewalNotices)
    .values({ subscriptionId: n.subscriptionId, kind: n.key, createdAt: now })
    .onConflictDoNothing()
    .returning({ kind: renewalNotices.kind });
  if (!taken.length || n.silent) return false;
  const token = n.link
    ? await issueRenewalLink(tx, { ...n.link, userId: user.id, subscriptionId: n.subscriptionId, now })
    : undefined;
  const payload: RenewalNoticePayload = {
    languageLocale: user.languageLocale,
    firstName: user.firstName,
    notice: n.notice,
    subscriptionId: n.subscriptionId,
    packageId: n.packageId,
    date: n.date.toISOString(),
    timeZone: n.timeZone,
    amountMinor: n.amountMinor,
    currency: n.currency,
    paymentMethod: n.paymentMethod,
    ...(token ? { link: renewalLinkUrl(s.env.PUBLIC_URL, token) } : {}),
  };
  await enqueueEmail(tx as never, {
    kind: 'renewal_notice',
    recipient: user.email,
    payload,
    dedupeKey: `renewal:${n.subscriptionId}:${n.key}`,
    now,
  });
  s.metrics.renewalRemindersTotal.inc({ kind: n.metricKind });
  return true;
}
