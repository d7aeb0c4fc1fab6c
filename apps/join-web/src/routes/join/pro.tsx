import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { JoinPage } from '../../join/JoinPage.js';

/**
 * `/join/pro` — the professional-referred join (flow 'pro', §1, §2). The professional's link carries their name
 * and/or a referral token (`referral`); a referral makes the account a pro-created one (`userCreatedByPro`).
 */
const name = () => z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(80))), undefined);
const ProSearchSchema = z.object({
  proFirstName: name(),
  proLastName: name(),
  /** The professional's referral token (join-api's demo link: `/join/pro?referral=…`). */
  referral: z.catch(z.optional(z.string().check(z.minLength(16), z.maxLength(128))), undefined),
});

export const Route = createFileRoute('/join/pro')({
  validateSearch: ProSearchSchema,
  component: function ProJoin() {
    const search = Route.useSearch();
    return (
      <JoinPage pro={{ proFirstName: search.proFirstName, proLastName: search.proLastName, token: search.referral }} />
    );
  },
});
