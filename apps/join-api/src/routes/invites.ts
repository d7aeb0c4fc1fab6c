import { Hono } from 'hono';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { InviteFamilyResponse } from '@ofw/api-client';
import type { AppEnv, Ctx, Services } from '../context.js';
import { operation } from '../lib/operation.js';
import { rateLimit } from '../context.js';
import { tokens, users } from '../db/schema.js';
import { HttpProblem } from '../lib/problem.js';
import { RATE_LIMITS } from '../lib/rate-limit.js';
import { bearer } from '../lib/tokens.js';
import { findLiveToken, issueToken, type TokenRow } from '../accounts.js';
import { availabilityFor, experimentsFor } from '../services/offers.js';

/**
 * How long (ms) an invite token keeps working after `GET /invites/family` rotated it: 15 minutes. The e-mailed link
 * is opened again (a second tab, another device, a reload before the page stored the new token) within minutes of
 * the first visit; after that only the rotated token works. Never longer than the token's own expiry.
 */
export const INVITE_ROTATION_GRACE_MS = 15 * 60 * 1000;

/** Whether an invite token row was already rotated (it is in its grace period and never rotates again). */
const wasRotated = (row: TokenRow) => (row.data as { rotatedAt?: string } | null)?.rotatedAt !== undefined;

/**
 * Rotates a live invite token (§4 Invited flow step 4; issue 12), in one transaction:
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

/** §7: an invalid invite token is logged with this message (and answered 401). */
export const INVALID_INVITE_LOG = 'Invalid Invite Registration Token';

/**
 * The live invite token of the request (`Authorization: Bearer <invite token>`), for an invitee who has
 * not claimed the account yet. The same 401 for a missing, unknown, expired, used or revoked token.
 */
async function requireInvite(c: Ctx): Promise<{ token: string; row: TokenRow }> {
  await rateLimit(c, RATE_LIMITS.invite);
  const s = c.get('services');
  const token = bearer(c.req.header('authorization'));
  const row = await findLiveToken(s.db, 'invite', token, s.now());
  if (!token || !row?.userId) {
    s.logger.warn({ path: c.req.path }, INVALID_INVITE_LOG);
    throw new HttpProblem(401, 'invalid_invite_token', 'The invite link is not valid any more.', {
      headers: { 'www-authenticate': 'Bearer' },
    });
  }
  return { token, row };
}

export function inviteRoutes() {
  const r = new Hono<AppEnv>();

  operation(r, 'checkInvite', async (c) => {
    await requireInvite(c);
    return c.body(null, 204);
  });

  operation(r, 'getInviteFamily', async (c) => {
    const s = c.get('services');
    const { row } = await requireInvite(c);
    const invitee = row.userId!;
    const members = await s.db
      .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, country: users.country })
      .from(users)
      .where(and(eq(users.familyId, row.familyId!), ne(users.id, invitee)))
      .orderBy(asc(users.id));
    c.header('cache-control', 'no-store');
    if (members.length === 0) {
      const empty: InviteFamilyResponse = { familyMembers: [], userId: null, coParentCountry: null };
      return c.json(empty);
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
    return c.json(body);
  });

  operation(r, 'getInviteCoupons', async (c) => {
    await requireInvite(c);
    return c.json(await availabilityFor(c.get('services').db, 'invite'));
  });

  operation(r, 'getInviteExperiments', async (c) => {
    const { row } = await requireInvite(c);
    return c.json(await experimentsFor(c.get('services').db, row.userId!));
  });

  return r;
}
