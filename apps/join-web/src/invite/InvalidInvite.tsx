import { ErrorBanner } from '@ofw/ui';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { inviteMessages } from '../join/messages.js';

/**
 * An invitation join-api refused (401: expired, used or replaced by a newer one): what happened, and the way onward —
 * /invite/request (§2), which says how to ask the co-parent for a new invitation. Asking again cannot make it valid,
 * so there is no Try again.
 */
export function InvalidInvite() {
  const intl = useIntl();
  return (
    <>
      <ErrorBanner message={intl.formatMessage(inviteMessages.invalid)} />
      <p>
        <Link to="/invite/request">{intl.formatMessage(inviteMessages.invalidHowTo)}</Link>
      </p>
    </>
  );
}
