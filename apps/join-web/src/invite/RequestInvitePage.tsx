import { BackLink, StepHeading } from '@ofw/ui';
import { useIntl } from 'react-intl';
import { appMessages, inviteMessages } from '../join/messages.js';

/**
 * `/invite/request` (§2): the invitation is not usable (empty family or no userId, §4 "Invited flow"; or a link join-api
 * refused: expired, used or replaced) — why, and the steps to ask the co-parent for a new one.
 */
export function RequestInvitePage() {
  const intl = useIntl();
  return (
    <div className="app-narrow">
      <StepHeading stepKey="invite-request">{intl.formatMessage(inviteMessages.requestTitle)}</StepHeading>
      <p>{intl.formatMessage(inviteMessages.requestBody)}</p>
      <p>{intl.formatMessage(inviteMessages.requestWhy)}</p>
      <h2>{intl.formatMessage(inviteMessages.requestStepsTitle)}</h2>
      <ol>
        <li>{intl.formatMessage(inviteMessages.requestStepSignIn)}</li>
        <li>{intl.formatMessage(inviteMessages.requestStepSend)}</li>
        <li>{intl.formatMessage(inviteMessages.requestStepOpen)}</li>
      </ol>
      <p>{intl.formatMessage(inviteMessages.requestOrJoin)}</p>
      <BackLink href="/join" label={intl.formatMessage(appMessages.backToJoin)} />
    </div>
  );
}
