import { isApiError } from '@ofw/api-client/errors';
import type { InviteFamilyResponse } from '@ofw/api-client';
import { inviteFamilyQuery } from '@ofw/api-client/query';
import { StatusMessage } from '@ofw/ui';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { JoinStepper } from '../join/JoinStepper.js';
import { inviteMessages } from '../join/messages.js';
import { RetryableError } from '../join/RetryableError.js';
import { useJoin } from '../join/use-join.js';
import { useServices } from '../services.js';
import { startJoinAtom } from '../state/join-state.js';
import { InvalidInvite } from './InvalidInvite.js';

/** What the invited flow does with a family answer (§4 "Invited flow"). Pure, for tests. */
export function inviteDecision(
  family: InviteFamilyResponse,
  currentToken: string,
):
  | { kind: 'request' }
  | {
      kind: 'join';
      userId: number;
      coParents: InviteFamilyResponse['familyMembers'];
      token: string;
      rotated: boolean;
    } {
  // 2. No family members or no userId: ask for a new invitation.
  if (!family.familyMembers.length || family.userId == null) return { kind: 'request' };
  // 3. Store the userId and list the other members as co-parents; 4. a different token replaces the stored one.
  const token = family.inviteToken && family.inviteToken !== currentToken ? family.inviteToken : currentToken;
  return {
    kind: 'join',
    userId: family.userId,
    coParents: family.familyMembers.filter((m) => m.userId !== family.userId),
    token,
    rotated: token !== currentToken,
  };
}

/**
 * `/invite/$token` (flow 'ctj', §4 "Invited flow"): 1. load the token and fetch the family; 2. redirect to
 * /invite/request on an empty family or a missing userId; 3. store the userId and list the other members as
 * co-parents; 4. a token the server rotated replaces the stored one (and the URL); 5. a failed load stops loading
 * and says so. Then the join runs as usual, without security questions.
 */
export function InvitePage({ token }: { token: string }) {
  const intl = useIntl();
  const { api } = useServices();
  const navigate = useNavigate();
  const { state, patchState, progress } = useJoin();
  const startJoin = useSetAtom(startJoinAtom);
  const fresh = state.flow !== 'ctj' || state.inviteToken !== token;

  useEffect(() => {
    if (fresh) startJoin({ flow: 'ctj', inviteToken: token });
  }, [fresh, token, startJoin]);

  const family = useQuery({ ...inviteFamilyQuery(api, token), enabled: !fresh && !progress.signedIn });

  useEffect(() => {
    if (!family.data) return;
    const d = inviteDecision(family.data, token);
    if (d.kind === 'request') {
      void navigate({ to: '/invite/request', replace: true });
      return;
    }
    patchState((s) => ({
      inviteToken: d.token,
      parent: { ...s.parent, userId: d.userId },
      coParent: { userId: d.coParents[0]?.userId },
      familyMembers: d.coParents,
      coparentCountry: family.data.coParentCountry ?? undefined,
      address: { ...s.address, country: s.address.country ?? family.data.coParentCountry ?? undefined },
    }));
    if (d.rotated) void navigate({ to: '/invite/$token', params: { token: d.token }, replace: true });
  }, [family.data, token, navigate, patchState]);

  useEffect(() => {
    if (family.error && isApiError(family.error) && family.error.status === 401)
      console.warn('Invalid Invite Registration Token');
  }, [family.error]);

  if (fresh) return null;
  if (family.isError) {
    // an invalid or expired invite (401) cannot be retried; anything else (no answer, a timeout, a 5xx) can
    const invalid = isApiError(family.error) && family.error.status === 401;
    const message = intl.formatMessage(inviteMessages.loadFailed);
    if (invalid) return <InvalidInvite />;
    return (
      <RetryableError
        error={family.error}
        kind="load"
        message={message}
        busy={family.isFetching}
        onRetry={() => void family.refetch()}
      />
    );
  }
  if (!progress.signedIn && (family.isLoading || !state.familyMembers.length)) {
    return <StatusMessage>{intl.formatMessage(inviteMessages.loading)}</StatusMessage>;
  }
  const names = state.familyMembers.map((m) => [m.firstName, m.lastName].filter(Boolean).join(' ')).filter(Boolean);
  return (
    <>
      {names.length ? (
        <p className="pro-banner">
          {intl.formatMessage(inviteMessages.coParents, { names: intl.formatList(names, { type: 'conjunction' }) })}
        </p>
      ) : null}
      <JoinStepper flow="ctj" />
    </>
  );
}
