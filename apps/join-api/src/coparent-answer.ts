import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { tokens, users } from './db/schema.js';
import { TOKEN_TTL_MS, issueToken, revokeTokens, type UserRow } from './accounts.js';
import { cancelTopic, enqueueEmail } from './outbox.js';
import { newId } from './lib/tokens.js';
import { emailFirstName } from './emails/display-name.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What happened to a co-parent answer (logged; the UI answer is the same in every case — no enumeration). */
export type InvitationOutcome =
  | 'invited' // a new invited account (or the family's pending one, re-addressed) and an invitation e-mail
  | 'unchanged' // the same address again while its invitation is live: nothing new is sent
  | 'existing_account' // the address has an account: an e-mail asking that person to sign in
  | 'revoked' // "not now": the earlier invitation is revoked
  | 'family_complete'; // a co-parent already joined this family: the answer is recorded, nobody is invited

/** The outbox topic of a parent's invitation: a new answer cancels the message still pending under it. */
export const invitationTopic = (parent: Pick<UserRow, 'id' | 'familyId'>) =>
  `invitation:family:${parent.familyId}:by:${parent.id}`;

/**
 * Acts on the parent's answer to the co-parent e-mail question (§2), inside the transaction that records it
 * (routes/parents.ts, after the `users` row of the parent was updated, which also serialises two answers of one
 * parent):
 * - the earlier invitation is revoked: the pending invited account's live invite tokens are revoked and its
 *   invitation e-mail, if still unsent, is cancelled;
 * - an address without an account: the family's invited account (created, or the pending one re-addressed) gets a
 *   fresh invite token (hashed at rest, {@link TOKEN_TTL_MS}.invite, rotated by GET /invites/family as any invite)
 *   and an invitation e-mail with the link `${publicUrl}/invite/<token>` is queued in the outbox;
 * - an address that already has an account proven at it: no account is created; an e-mail asks that person to sign
 *   in (an account whose holder never proved the address counts for nothing: the invitation goes, docs/IDENTITY.md);
 * - the same address again while its token is live: nothing new is sent (a retried request sends no second mail).
 * The caller refuses the parent's own address (400) before calling this.
 */
export async function answerCoParentEmail(
  tx: Tx,
  o: { parent: UserRow; previousEmail: string | null; email: string | null; now: Date; publicUrl: string },
): Promise<InvitationOutcome> {
  const { parent, email, now } = o;
  const topic = invitationTopic(parent);
  const members = await tx
    .select()
    .from(users)
    .where(and(eq(users.familyId, parent.familyId), ne(users.id, parent.id)))
    .for('update');
  const pending = members.find((m) => m.accountState === 'invited');
  if (members.some((m) => m.accountState !== 'invited')) return 'family_complete';

  if (email !== null && email === o.previousEmail && pending && pending.email === email) {
    if (await hasLiveInvite(tx, pending.id, now)) return 'unchanged';
  }

  // Revoke the earlier invitation (its link stops working; its e-mail is not sent if it has not gone out yet).
  await cancelTopic(tx, topic);
  if (pending) await revokeTokens(tx, 'invite', pending.id, now);
  if (email === null) return 'revoked';

  // the e-mails show the inviter's cleaned first name only: nothing more of the name is queued (display-name.ts)
  const inviterFirstName = emailFirstName(parent.firstName) ?? '';
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    // only an account proven at the address is someone's (docs/IDENTITY.md): an unproven one blocks nobody
    .where(
      and(sql`lower(${users.email}) = ${email}`, ne(users.accountState, 'invited'), isNotNull(users.emailVerifiedAt)),
    )
    .limit(1);
  if (existing) {
    await enqueueEmail(tx, {
      kind: 'coparent_sign_in',
      recipient: email,
      dedupeKey: `coparent-sign-in:${parent.id}:${newId('m')}`,
      topic,
      now,
      payload: {
        languageLocale: parent.languageLocale,
        inviterFirstName,
        signInUrl: `${o.publicUrl}/ofw/home.form`,
      },
    });
    return 'existing_account';
  }

  const inviteeId = await inviteeOf(tx, parent, pending, email);
  const token = await issueToken(tx, 'invite', { userId: inviteeId, familyId: parent.familyId, now });
  await enqueueEmail(tx, {
    kind: 'invitation',
    recipient: email,
    dedupeKey: `invitation:${parent.id}:${newId('m')}`,
    topic,
    now,
    payload: {
      languageLocale: parent.languageLocale,
      inviterFirstName,
      link: `${o.publicUrl}/invite/${token}`,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS.invite).toISOString(),
    },
  });
  return 'invited';
}

/** Whether the invitee `userId` holds a live (unused, unrevoked, unexpired) invitation token. */
async function hasLiveInvite(tx: Tx, userId: number, now: Date): Promise<boolean> {
  const [live] = await tx
    .select({ hash: tokens.hash })
    .from(tokens)
    .where(
      and(
        eq(tokens.userId, userId),
        eq(tokens.kind, 'invite'),
        isNull(tokens.usedAt),
        isNull(tokens.revokedAt),
        gt(tokens.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(live);
}

/** The invitee's account: the pending one re-addressed to `email`, or a new invited account in the parent's family. */
async function inviteeOf(tx: Tx, parent: UserRow, pending: UserRow | undefined, email: string): Promise<number> {
  if (pending) {
    await tx.update(users).set({ email, languageLocale: parent.languageLocale }).where(eq(users.id, pending.id));
    return pending.id;
  } else {
    const [created] = await tx
      .insert(users)
      .values({
        familyId: parent.familyId,
        firstName: '',
        lastName: '',
        email,
        country: parent.country,
        languageLocale: parent.languageLocale,
        flow: 'ctj',
        isInvited: true,
        accountState: 'invited',
      })
      .returning({ id: users.id });
    return created!.id;
  }
}
