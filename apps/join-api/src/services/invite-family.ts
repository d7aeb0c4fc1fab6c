import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { InviteFamilyResponse } from '@ofw/api-client';
import type { Services } from '../context.js';
import { tokens, users } from '../db/schema.js';
import { issueToken, type TokenRow } from '../accounts.js';

/**
 * Invites (services): what an invited co-parent's live invite token opens — the family answer, with the
 * token's rotation (§4 Invited flow step 4). The route checks the token (requireInvite) and responds.
 */

/**
 * How long (ms) an invite token keeps working after `GET /invites/family` rotated it: 15 minutes. The e-mailed link
 * is opened again (a second tab, another device, a reload before the page stored the new token) within minutes of
 * the first visit; after that only the rotated token works. Never longer than the token's own expiry.
 */
export const INVITE_ROTATION_GRACE_MS = 15 * 60 * 1000;

/** Whether an invite token row was already rotated (it is in its grace period and never rotates again). */
const wasRotated = (row: TokenRow) => (row.data as { rotatedAt?: string } | null)?.rotatedAt !== undefined;

/**
 * Rotates a live invite token (§4 Invited flow step 4), in one transaction:
 * - the old token keeps working for {@link INVITE_ROTATION_GRACE_MS} (its `expiresAt` is cut to
 *   min(expiresAt, now + grace)) and is marked rotated (`data.rotatedAt`), so it is never rotated again;
 * - the update is guarded (`revokedAt IS NULL`, `usedAt IS NULL`, not yet rotated): of two concurrent rotations of
 *   one token only one issues a new token, the other answers without one — never two live successors;
 * - the new token inherits the old token's `expiresAt`: using an invite link never extends its life.
 * @returns the new token in clear, or undefined when this request did not rotate (lost the race, or revoked).
 */
async function rotateInvite(s: Services, row: TokenRow, now: Date): Promise<string | undefined> {
  return s.db.transaction(async (tx) => {
    const graceEnds = new Date(Math.min(row.expiresAt.getTime(), now.getTime() + INVITE_ROTATION_GRACE_MS));
    const [rotated] = await tx
      .update(tokens)
      .set({ expiresAt: graceEnds, data: { rotatedAt: now.toISOString() } })
      .where(
        and(
          eq(tokens.hash, row.hash),
          eq(tokens.kind, 'invite'),
          isNull(tokens.revokedAt),
          isNull(tokens.usedAt),
          sql`${tokens.data}->>'rotatedAt' is null`,
        ),
      )
      .returning({ hash: tokens.hash });
    if (!rotated) return undefined;
    return issueToken(tx, 'invite', {
      userId: row.userId,
      familyId: row.familyId,
      now,
      ttlMs: row.expiresAt.getTime() - now.getTime(),
    });
  });
}

/**
 * The family an invite token belongs to (§4 Invited flow): the other members (names), the invitee's user id and the
 * co-parent's country; a token older than `inviteRotateAfterMs` is rotated once ({@link rotateInvite}) and the answer
 * carries the new one. An empty family answers no members and null ids.
 * @param row - the request's live invite token row (with a user id).
 */
export async function inviteFamily(s: Services, row: TokenRow): Promise<InviteFamilyResponse> {
  const invitee = row.userId!;
  const members = await s.db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, country: users.country })
    .from(users)
    .where(and(eq(users.familyId, row.familyId!), ne(users.id, invitee)))
    .orderBy(asc(users.id));
  if (members.length === 0) {
    const empty: InviteFamilyResponse = { familyMembers: [], userId: null, coParentCountry: null };
    return empty;
  }
  const body: InviteFamilyResponse = {
    familyMembers: members.map(({ userId, firstName, lastName }) => ({ userId, firstName, lastName })),
    userId: invitee,
    coParentCountry: members[0]!.country,
  };
  // §4 Invited flow step 4: a token older than the rotation age is replaced; the answer carries the new one.
  const now = s.now();
  if (!wasRotated(row) && now.getTime() - row.createdAt.getTime() >= s.inviteRotateAfterMs) {
    const fresh = await rotateInvite(s, row, now);
    if (fresh) body.inviteToken = fresh;
  }
  return body;
}
