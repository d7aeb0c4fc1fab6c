import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from '../../invite/InvitePage.js';

/** `/invite/$token` — the invited co-parent join (flow 'ctj', §1, §4 "Invited flow"). */
export const Route = createFileRoute('/invite/$token')({
  component: function InviteRoute() {
    const { token } = Route.useParams();
    return <InvitePage token={token} />;
  },
});
