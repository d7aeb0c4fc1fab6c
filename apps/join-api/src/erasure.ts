import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import {
  idempotencyKeys,
  orders,
  outbox,
  renewalLinks,
  emailCodes,
  securityAnswers,
  signups,
  subscriptions,
  tokens,
  users,
} from './db/schema.js';
import { deleteAccounts } from './retention.js';
import { invitationTopic } from './coparent-answer.js';

/*
 * The erasure of a parent (UK GDPR Art. 17 right to erasure; SECURITY.md "Erasure"): what identifies them goes, what
 * the law requires for accounting stays (Art. 17(3)(b)), and their co-parent's family keeps working.
 */

/** The `users.account_state` of an erased parent. */
export const ERASED_STATE = 'erased';

/** The address an erased parent's row keeps (`users.email` is required): RFC 2606's `.invalid`, never deliverable. */
export const erasedEmail = (userId: number) => `erased-${userId}@erased.invalid`;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What {@link eraseParents} did (or, in a dry run, would do) for one matching account. */
export interface ErasedAccount {
  userId: number;
  /** 'anonymised' (the row stays, empty), 'deleted' (an invited placeholder), 'already_erased' (nothing to do). */
  outcome: 'anonymised' | 'deleted' | 'already_erased';
  /** Rows removed or cleared, by table. */
  rows: Record<string, number>;
  /** Orders kept for accounting (amount, currency, VAT, date, order and invoice numbers). */
  ordersKept: number;
  /** The parent's customer in the payment provider's vault: delete it there (Braintree `customer.delete`). */
  vaultCustomerId: string | null;
}

/** A parent to erase: a `users.id`, or an e-mail address (every account with it, case-insensitively). */
export type ErasureTarget = { userId: number } | { email: string };

class DryRun extends Error {}

/**
 * Erases the parents `target` names, in one transaction (rolled back when `dryRun`, after counting):
 * - an invited placeholder (a third party's address the parent typed) is deleted with its tokens and e-mails;
 * - an account is anonymised: names, e-mail (→ {@link erasedEmail}), phone, username, password hash, address,
 *   billing address, referral, co-parent answer and vault customer are cleared, `account_state` becomes
 *   {@link ERASED_STATE}; its security answers, tokens (sessions, invites), signups, Idempotency-Key records
 *   (stored answers), renewal links and every outbox e-mail to or about it are deleted; an invitation it sent and
 *   nobody claimed is deleted; another parent's co-parent answer naming its address loses the address;
 * - its orders keep amount, currency, VAT, credit, discount, dates, order and invoice numbers, method type and card
 *   brand; their billing address, card last four and wallet account are cleared; its subscriptions stop renewing,
 *   forget the saved method, and a current one ends now;
 * - the family stays: a co-parent's own account is not touched.
 * A parent already erased is left as it is (`already_erased`).
 * @returns one entry per matching account; empty when nothing matches.
 */
export async function eraseParents(
  db: Db,
  target: ErasureTarget,
  o: { now: Date; dryRun?: boolean },
): Promise<ErasedAccount[]> {
  let done: ErasedAccount[] = [];
  try {
    await db.transaction(async (tx) => {
      const where =
        'userId' in target ? eq(users.id, target.userId) : sql`lower(${users.email}) = ${target.email.toLowerCase()}`;
      const matches = await tx.select().from(users).where(where).orderBy(users.id).for('update');
      done = [];
      for (const u of matches) done.push(await eraseOne(tx, u, o.now));
      if (o.dryRun) throw new DryRun();
    });
  } catch (e) {
    if (!(e instanceof DryRun)) throw e;
  }
  return done;
}

type UserRow = typeof users.$inferSelect;

async function eraseOne(tx: Tx, u: UserRow, now: Date): Promise<ErasedAccount> {
  const base = { userId: u.id, rows: {}, ordersKept: 0, vaultCustomerId: null };
  if (u.erasedAt) return { ...base, outcome: 'already_erased' };
  if (u.accountState === 'invited') {
    const rows = await deleteAccounts(tx, [u]);
    return { ...base, outcome: 'deleted', rows };
  }
  const rows = await deleteTraces(tx, u);
  rows.orders_cleared = await clearOrders(tx, u.id);
  rows.subscriptions_cleared = await stopSubscriptions(tx, u.id, now);
  await tx
    .update(users)
    .set({
      firstName: '',
      lastName: '',
      email: erasedEmail(u.id),
      emailVerifiedAt: null, // the placeholder address proves nothing (docs/IDENTITY.md)
      phoneCountryCode: '',
      phoneNumber: '',
      addressLine1: null,
      billingAddress: null,
      referral: null,
      proFirstName: null,
      proLastName: null,
      coParentEmail: null,
      username: null,
      passwordHash: null,
      securityQuestionsComplete: false,
      requireCredentials: true,
      vaultCustomerId: null,
      accountState: ERASED_STATE,
      erasedAt: now,
    })
    .where(eq(users.id, u.id));
  const [kept] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.userId, u.id));
  return { ...base, outcome: 'anonymised', rows, ordersKept: kept?.n ?? 0, vaultCustomerId: u.vaultCustomerId };
}

/**
 * Deletes what is only about the parent `u` (no accounting value): security answers, tokens, signups, stored
 * Idempotency-Key answers, renewal links, e-mails to or about them, an unclaimed invitation they sent; and clears
 * another parent's co-parent answer naming their address.
 */
async function deleteTraces(tx: Tx, u: UserRow): Promise<Record<string, number>> {
  const email = u.email.toLowerCase();
  const n = async (q: Promise<unknown[]>) => (await q).length;
  const placeholders = await tx
    .select({ id: users.id, familyId: users.familyId, email: users.email })
    .from(users)
    .where(and(eq(users.familyId, u.familyId), eq(users.accountState, 'invited')));
  const livingOthers = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.familyId, u.familyId), ne(users.id, u.id), ne(users.accountState, 'invited')));
  // an invitation this parent sent and nobody claimed: nobody else of the family stands behind it
  const invitations = livingOthers.length === 0 ? (await deleteAccounts(tx, placeholders)).users : 0;
  return {
    invitations,
    security_answers: await n(
      tx.delete(securityAnswers).where(eq(securityAnswers.userId, u.id)).returning({ u: securityAnswers.userId }),
    ),
    tokens: await n(tx.delete(tokens).where(eq(tokens.userId, u.id)).returning({ h: tokens.hash })),
    signups: await n(tx.delete(signups).where(eq(signups.userId, u.id)).returning({ id: signups.id })),
    idempotency_keys: await n(
      tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, u.id)).returning({ k: idempotencyKeys.key }),
    ),
    renewal_links: await n(
      tx.delete(renewalLinks).where(eq(renewalLinks.userId, u.id)).returning({ h: renewalLinks.hash }),
    ),
    email_codes: await n(tx.delete(emailCodes).where(eq(emailCodes.userId, u.id)).returning({ u: emailCodes.userId })),
    outbox: await n(
      tx
        .delete(outbox)
        .where(sql`lower(${outbox.recipient}) = ${email} or ${outbox.topic} = ${invitationTopic(u)}`)
        .returning({ id: outbox.id }),
    ),
    coparent_answers: await n(
      tx
        .update(users)
        .set({ coParentEmail: null })
        .where(and(sql`lower(${users.coParentEmail}) = ${email}`, ne(users.id, u.id)))
        .returning({ id: users.id }),
    ),
  };
}

/** Clears an erased parent's orders of what identifies them; the accounting columns stay. */
async function clearOrders(tx: Tx, userId: number): Promise<number> {
  const cleared = await tx
    .update(orders)
    .set({ billingAddress: null, cardLast4: null, paymentAccount: null })
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id });
  return cleared.length;
}

/** Stops an erased parent's subscriptions renewing (no saved method, no reminder); a current one ends now. */
async function stopSubscriptions(tx: Tx, userId: number, now: Date): Promise<number> {
  const subs = await tx
    .update(subscriptions)
    .set({ autoRenew: false, paymentMethod: null, paymentMethodToken: null, renewalDueAt: null })
    .where(eq(subscriptions.userId, userId))
    .returning({ id: subscriptions.id, status: subscriptions.status });
  const current = subs.filter((s) => s.status === 'current').map((s) => s.id);
  if (current.length)
    await tx.update(subscriptions).set({ status: 'ended', endedAt: now }).where(inArray(subscriptions.id, current));
  return subs.length;
}
