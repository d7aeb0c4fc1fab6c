import { createFileRoute } from '@tanstack/react-router';
import { JoinPage } from '../../join/JoinPage.js';
import { parseProSearch } from '../../join/pro-search.js';

/**
 * `/join/pro` — the professional-referred join (flow 'pro', §1, §2). The professional's link carries their name
 * and/or a referral token (`referral`); a referral makes the account a pro-created one (`userCreatedByPro`).
 */
export const Route = createFileRoute('/join/pro')({
  validateSearch: parseProSearch,
  component: function ProJoin() {
    const search = Route.useSearch();
    return (
      <JoinPage pro={{ proFirstName: search.proFirstName, proLastName: search.proLastName, token: search.referral }} />
    );
  },
});
