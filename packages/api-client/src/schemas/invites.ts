/*
 * The invited flow of join-api (§4 "Invited flow", docs/CONTRACTS.md "HTTP API"): `GET /invites/family`.
 */
import { z } from 'zod';
import { IdSchema } from '../ids.js';

// ---------------------------------------------------------------- invites

/** A family member of `GET /invites/family` (§4 "Invited flow", §7). */
export const FamilyMemberSchema = z.object({
  userId: IdSchema,
  firstName: z.string(),
  lastName: z.string(),
});

/**
 * `GET /invites/family` (§4 Invited flow). An empty family is `familyMembers: []` with `userId: null`
 * (the web app redirects to /invite/request). `inviteToken` is present when the server rotated the
 * token: it replaces the stored one and the old one stops working.
 */
export const InviteFamilyResponseSchema = z.object({
  familyMembers: z.array(FamilyMemberSchema),
  userId: IdSchema.nullable(),
  coParentCountry: z.string().nullable(),
  inviteToken: z.string().optional(),
});
/** `GET /invites/family` answer (see {@link InviteFamilyResponseSchema}). */
export type InviteFamilyResponse = z.infer<typeof InviteFamilyResponseSchema>;
