import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { operation, type Refusals } from '../lib/operation.js';
import { availabilityFor, experimentsFor } from '../services/offers.js';
import { inviteFamily } from '../services/invite-family.js';

/** What these handlers refuse besides their contract guard (lib/operation.ts `guardRefusals`): nothing. */
export const inviteRefusals = {
  checkInvite: [],
  getInviteFamily: [],
  getInviteCoupons: [],
  getInviteExperiments: [],
} as const satisfies Partial<Refusals>;

export function inviteRoutes() {
  const r = new Hono<AppEnv>();

  // auth 'invite' (the contract): operation() checks the invite token before each handler (context.ts requireInvite)
  operation(r, 'checkInvite', (c) => c.body(null, 204));

  operation(r, 'getInviteFamily', async (c, { auth: { row } }) => {
    const s = c.get('services');
    c.header('cache-control', 'no-store');
    return c.json(await inviteFamily(s, row));
  });

  operation(r, 'getInviteCoupons', async (c) => c.json(await availabilityFor(c.get('services').db, 'invite')));

  operation(r, 'getInviteExperiments', async (c, { auth: { row } }) =>
    c.json(await experimentsFor(c.get('services').db, row.userId!)),
  );

  return r;
}
