import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { JoinPage } from '../../join/JoinPage.js';

/**
 * `/join/pro` — the professional-referred join (flow 'pro', §1, §2). The professional's link carries their name
 * and/or a referral token (`referral`); a referral makes the account a pro-created one (`userCreatedByPro`).
 */
const ProSearchSchema = z.object({
  proFirstName: z.string().trim().min(1).max(80).optional().catch(undefined),
  proLastName: z.string().trim().min(1).max(80).optional().catch(undefined),
  /** The professional's referral token (join-api's demo link: `/join/pro?referral=…`). */
  referral: z.string().min(16).max(128).optional().catch(undefined),
});

export const Route = createFileRoute('/join/pro')({
  validateSearch: ProSearchSchema,
  component: function ProJoin() {
    const search = Route.useSearch();
    return <JoinPage pro={{ proFirstName: search.proFirstName, proLastName: search.proLastName, token: search.referral }} />;
  },
});
