import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from '../../invite/InvitePage.js';
import { parseStepSearch } from '../../state/steps.js';

/**
 * `/invite/$token` — the invited co-parent join (flow 'ctj', §1, §4 "Invited flow"); `?step=` names the step shown
 * (README "Steps in the URL").
 */
export const Route = createFileRoute('/invite/$token')({
  validateSearch: parseStepSearch,
  component: function InviteRoute() {
    const { token } = Route.useParams();
    return <InvitePage token={token} />;
  },
});
