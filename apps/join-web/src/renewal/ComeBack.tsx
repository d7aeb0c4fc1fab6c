import type { RenewalLink } from '@ofw/api-client';
import { parentQuery } from '@ofw/api-client/query';
import { Button } from '@ofw/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { RetryableError } from '../join/RetryableError.js';
import { renewalMessages as m } from '../join/messages.js';
import { useServices } from '../services.js';
import { progressAtom, startJoinAtom } from '../state/join-state.js';
import { useLongDate } from './SubscriptionSummary.js';

/**
 * A "come back" link (the subscription ended without renewal): "Rejoin" signs the parent in
 * (`POST /renewal-links/{token}/session` sets the `__Host-ofw_session` cookie), reads the parent
 * (`GET /parents/{userId}`), and resumes the join as a signed-in parent does — the join state holds their user id,
 * details and country, the progress `signedIn` — at the plans (`/join?step=package`). join-api prices
 * `GET /packages` for that parent, whose subscription is expired: spec §4 "Pricing group" (the migration group).
 */
export function ComeBack({ token, link }: { token: string; link: RenewalLink }) {
  const intl = useIntl();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const startJoin = useSetAtom(startJoinAtom);
  const setProgress = useSetAtom(progressAtom);
  const date = useLongDate(link.timeZone);
  const rejoin = useMutation({
    mutationFn: async () => {
      const { userId } = await api.createRenewalSession({ params: { token } });
      const parent = await queryClient.fetchQuery({ ...parentQuery(api, userId), staleTime: 0 });
      const { firstName, lastName, email, phoneCountryCode, phoneNumber } = parent.parent;
      startJoin({
        flow: 'join',
        parent: { userId, firstName, lastName, email, phoneCountryCode, phoneNumber },
        address: { country: parent.address.country },
      });
      setProgress((p) => ({ ...p, signedIn: true, step: 'package' }));
      await navigate({ to: '/join', search: { step: 'package' } });
    },
  });
  return (
    <>
      <p>{intl.formatMessage(m.comeBackIntro, { date: date(link.subscription.expiresAt) })}</p>
      <RetryableError error={rejoin.error} kind="save" busy={rejoin.isPending} onRetry={() => rejoin.mutate()} />
      <div className="ofw-actions">
        <Button busy={rejoin.isPending} onClick={() => rejoin.mutate()}>
          {intl.formatMessage(m.comeBack)}
        </Button>
      </div>
    </>
  );
}
