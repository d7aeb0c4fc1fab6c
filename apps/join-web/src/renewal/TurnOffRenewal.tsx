import type { RenewalLink } from '@ofw/api-client';
import { Button, StatusMessage } from '@ofw/ui';
import { useMutation } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { RetryableError } from '../join/RetryableError.js';
import { renewalMessages as m } from '../join/messages.js';
import { useServices } from '../services.js';
import { SubscriptionSummary, useLongDate } from './SubscriptionSummary.js';

/**
 * A reminder's link (`turn_off_renewal`): the subscription, and one button that turns automatic renewal off
 * (`POST /renewal-links/{token}/turn-off`). Opening the page changed nothing; only the button does. Then: "Renewal is
 * off; your subscription runs to {date}" (its `expiresAt`).
 */
export function TurnOffRenewal({ token, link }: { token: string; link: RenewalLink }) {
  const intl = useIntl();
  const { api } = useServices();
  const date = useLongDate(link.timeZone);
  const turnOff = useMutation({ mutationFn: () => api.turnOffRenewalByLink({ params: { token } }) });
  if (turnOff.data)
    return (
      <StatusMessage>
        {intl.formatMessage(m.turnedOff, { date: date(turnOff.data.subscription.expiresAt) })}
      </StatusMessage>
    );
  return (
    <>
      <SubscriptionSummary link={link} />
      <p>{intl.formatMessage(m.turnOffIntro)}</p>
      <RetryableError error={turnOff.error} kind="save" busy={turnOff.isPending} onRetry={() => turnOff.mutate()} />
      <div className="ofw-actions">
        <Button busy={turnOff.isPending} onClick={() => turnOff.mutate()}>
          {intl.formatMessage(m.turnOff)}
        </Button>
      </div>
    </>
  );
}
