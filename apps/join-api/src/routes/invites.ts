import { Hono } from 'hono';
import type { AppEnv, Ctx } from '../context.js';
import { operation } from '../lib/operation.js';
import { rateLimit } from '../context.js';
import { HttpProblem } from '../lib/problem.js';
import { RATE_LIMITS } from '../lib/rate-limit.js';
import { bearer } from '../lib/tokens.js';
import { findLiveToken, type TokenRow } from '../accounts.js';
import { availabilityFor, experimentsFor } from '../services/offers.js';
import { inviteFamily } from '../services/invite-family.js';

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
    c.header('cache-control', 'no-store');
    return c.json(await inviteFamily(s, row));
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
