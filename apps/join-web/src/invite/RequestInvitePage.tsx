import { BackLink, StepHeading } from '@ofw/ui';
import { useIntl } from 'react-intl';
import { appMessages, inviteMessages } from '../join/messages.js';

/** `/invite/request`: the invitation is not usable (empty family or no userId, §4); ask the co-parent for a new one. */
export function RequestInvitePage() {
  const intl = useIntl();
  return (
    <div className="app-narrow">
      <StepHeading stepKey="invite-request">{intl.formatMessage(inviteMessages.requestTitle)}</StepHeading>
      <p>{intl.formatMessage(inviteMessages.requestBody)}</p>
      <p>{intl.formatMessage(inviteMessages.requestOrJoin)}</p>
      <BackLink href="/join" label={intl.formatMessage(appMessages.backToJoin)} />
    </div>
  );
}
