import { and, eq, inArray, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import {
  families,
  idempotencyKeys,
  orders,
  outbox,
  renewalLinks,
  securityAnswers,
  signups,
  tokens,
  users,
} from './db/schema.js';

/*
 * How long join-api keeps personal data (SECURITY.md "Retention of personal data", UK GDPR Art. 5(1)(e) storage
 * limitation), and the one deletion of an account with its dependants that housekeeping (housekeeping-retention.ts)
 * and the erasure (erasure.ts) share.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A `registering` account without a paid or pending order is deleted this long after it was created: a join not
 * finished in 30 days is abandoned (the signup's purpose is over; UK GDPR Art. 5(1)(e)). Its orders must also have
 * left the reconciler's window (`RECONCILE_WINDOW_DAYS`), so no late approval can arrive for a deleted order.
 */
export const ABANDONED_JOIN_RETENTION_MS = 30 * DAY_MS;

/**
 * An expired bearer credential — a `tokens` row (session, invite, pro referral), a signup's registration key, a
 * renewal link — is kept 7 days after it expired (to answer a parent's "my link stopped working" with when), then
 * deleted: it opens nothing any more.
 */
export const EXPIRED_CREDENTIAL_RETENTION_MS = 7 * DAY_MS;

/**
 * A wallet's account (`orders.payment_account`: a PayPal payer's e-mail, a Venmo @username) and a card's last four are
 * cleared this long after the order: 540 days covers the card networks' longest chargeback window (Visa and
 * Mastercard: 540 days from the transaction for some reasons), during which a receipt may have to name the method.
 * The order's amount, currency, VAT, date, number and the card brand stay for the accounting period.
 */
export const PAYMENT_DETAILS_RETENTION_MS = 540 * DAY_MS;

/**
 * Orders, subscriptions, VAT invoice numbers and payment events are accounting records: kept 7 years after the
 * order (HMRC: VAT records 6 years, VAT Notice 700/21; Companies Act 2006 s.388: 6 years; Irish Revenue: 6 years;
 * 7 covers the financial year the order falls in). Not deleted by join-api before then, not even on erasure
 * (UK GDPR Art. 17(3)(b): a legal obligation to keep them).
 */
export const ACCOUNTING_RETENTION_MS = 7 * 365 * DAY_MS;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The tables {@link deleteAccounts} deletes from. */
const ACCOUNT_TABLES = [
  'users',
  'tokens',
  'signups',
  'security_answers',
  'idempotency_keys',
  'renewal_links',
  'orders',
  'outbox',
  'families',
] as const;

/** What {@link deleteAccounts} removed, by table. */
export type DeletedRows = Record<(typeof ACCOUNT_TABLES)[number], number>;

/**
 * Deletes accounts that hold no money (no paid or pending order: the caller selected them so, locked) with their
 * dependants, in `tx`: their tokens, signups (registration keys), security answers, Idempotency-Key records, renewal
 * links, unpaid orders and every outbox e-mail to them; the family's invited placeholder when nobody else of the
 * family stays; another parent's co-parent answer naming one of them (the answer's time stays, so the question is not
 * asked again); and a family left empty.
 * @param accounts - the accounts, with their family and e-mail.
 * @returns the rows deleted, by table (placeholders counted in `users`).
 */
export async function deleteAccounts(
  tx: Tx,
  accounts: { id: number; familyId: number; email: string }[],
): Promise<DeletedRows> {
  const n = Object.fromEntries(ACCOUNT_TABLES.map((k) => [k, 0])) as DeletedRows;

  if (accounts.length === 0) return n;
  const ids = accounts.map((a) => a.id);
  const familyIds = [...new Set(accounts.map((a) => a.familyId))];
  // an invitation nobody is left to stand behind: the family's placeholders when no other member stays
  const placeholders = await orphanedPlaceholders(tx, ids, familyIds);
  const all = [...accounts, ...placeholders.filter((p) => !ids.includes(p.id))];
  const allIds = all.map((a) => a.id);
  const emails = [...new Set(all.map((a) => a.email.toLowerCase()))];
  const count = async (q: Promise<unknown[]>) => (await q).length;
  n.tokens = await count(tx.delete(tokens).where(inArray(tokens.userId, allIds)).returning({ h: tokens.hash }));
  n.signups = await count(tx.delete(signups).where(inArray(signups.userId, allIds)).returning({ id: signups.id }));
  n.security_answers = await count(
    tx.delete(securityAnswers).where(inArray(securityAnswers.userId, allIds)).returning({ u: securityAnswers.userId }),
  );
  n.idempotency_keys = await count(
    tx.delete(idempotencyKeys).where(inArray(idempotencyKeys.userId, allIds)).returning({ k: idempotencyKeys.key }),
  );
  n.renewal_links = await count(
    tx.delete(renewalLinks).where(inArray(renewalLinks.userId, allIds)).returning({ h: renewalLinks.hash }),
  );
  n.orders = await count(tx.delete(orders).where(inArray(orders.userId, allIds)).returning({ id: orders.id }));
  n.outbox = await count(
    tx
      .delete(outbox)
      .where(
        or(
          inArray(sql`lower(${outbox.recipient})`, emails),
          ...ids.map((id) => sql`${outbox.topic} like ${`invitation:family:%:by:${id}`}`),
        ),
      )
      .returning({ id: outbox.id }),
  );
  await tx
    .update(users)
    .set({ coParentEmail: null })
    .where(and(inArray(sql`lower(${users.coParentEmail})`, emails), ne(users.accountState, 'invited')));
  n.users = await count(tx.delete(users).where(inArray(users.id, allIds)).returning({ id: users.id }));
  const emptied = await deleteEmptiedFamilies(tx, familyIds);
  n.tokens += emptied.tokens;
  n.families = emptied.families;
  return n;
}

/** The invited placeholders of `familyIds` left without a member once the accounts `ids` are gone. */
async function orphanedPlaceholders(tx: Tx, ids: number[], familyIds: number[]) {
  return tx
    .select({ id: users.id, familyId: users.familyId, email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.familyId, familyIds),
        eq(users.accountState, 'invited'),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(sql`users as m`)
            .where(
              sql`m.family_id = ${users.familyId} and m.account_state <> 'invited' and m.id not in (${sql.join(ids, sql`, `)})`,
            ),
        ),
      ),
    );
}

/** Deletes the families of `familyIds` that have no member left, with the tokens that name them. */
async function deleteEmptiedFamilies(tx: Tx, familyIds: number[]): Promise<{ tokens: number; families: number }> {
  const emptied = (
    await tx
      .select({ id: families.id })
      .from(families)
      .where(
        and(
          inArray(families.id, familyIds),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(users)
              .where(eq(users.familyId, families.id)),
          ),
        ),
      )
  ).map((f) => f.id);
  if (emptied.length === 0) return { tokens: 0, families: 0 };
  const t = await tx.delete(tokens).where(inArray(tokens.familyId, emptied)).returning({ h: tokens.hash });
  const f = await tx.delete(families).where(inArray(families.id, emptied)).returning({ id: families.id });
  return { tokens: t.length, families: f.length };
}
