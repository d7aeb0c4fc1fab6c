import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { JoinPage } from '../../join/JoinPage.js';

/**
 * `/join/pro` — the professional-referred join (flow 'pro', §1, §2). The professional's link carries their name
 * and, for an account the professional created, a referral token.
 */
const ProSearchSchema = z.object({
  proFirstName: z.string().trim().min(1).max(80).optional().catch(undefined),
  proLastName: z.string().trim().min(1).max(80).optional().catch(undefined),
  token: z.string().min(16).max(128).optional().catch(undefined),
});

export const Route = createFileRoute('/join/pro')({
  validateSearch: ProSearchSchema,
  component: function ProJoin() {
    const search = Route.useSearch();
    return <JoinPage pro={search} />;
  },
});
