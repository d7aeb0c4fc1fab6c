import { createFileRoute } from '@tanstack/react-router';
import { RequestInvitePage } from '../../invite/RequestInvitePage.js';

/** `/invite/request` — where an invited flow goes when the family is empty or has no userId (§2, §4). */
export const Route = createFileRoute('/invite/request')({
  component: RequestInvitePage,
});
