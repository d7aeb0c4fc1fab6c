/*
 * The invite-token operations of join-api's contract (docs/CONTRACTS.md "HTTP API"); `contract` (../contract.ts) holds
 * them with the other areas.
 */
import { CouponsResponseSchema, ExperimentsResponseSchema, InviteFamilyResponseSchema } from '../schemas.js';
import type { Operation } from './operation.js';

/** The invited flow: the invite check, family, coupons and experiments by invite token (§4 "Invited flow", §7). */
export const inviteOperations = {
  checkInvite: {
    method: 'GET',
    path: '/invites/check',
    summary: "Invite token check (§7): 204, or 401 logged as 'Invalid Invite Registration Token'",
    auth: 'invite',
    response: { status: 204, description: 'Valid' },
    problems: [401, 429],
  },
  getInviteFamily: {
    method: 'GET',
    path: '/invites/family',
    summary: 'Family by invite token; may rotate the token (§4 Invited flow)',
    auth: 'invite',
    response: { status: 200, schema: InviteFamilyResponseSchema },
    problems: [401, 429],
  },
  getInviteCoupons: {
    method: 'GET',
    path: '/invites/coupons',
    summary: 'Coupons by invite token (§7)',
    auth: 'invite',
    response: { status: 200, schema: CouponsResponseSchema },
    problems: [401, 429],
  },
  getInviteExperiments: {
    method: 'GET',
    path: '/invites/experiments',
    summary: 'Experiments by invite token (§7)',
    auth: 'invite',
    response: { status: 200, schema: ExperimentsResponseSchema },
    problems: [401, 429],
  },
} as const satisfies Record<string, Operation>;
