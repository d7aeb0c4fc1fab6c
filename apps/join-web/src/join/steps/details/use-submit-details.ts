import type { JoinCountryCode, SignupRequest } from '@ofw/api-client';
import { parentQuery, signupMutation } from '@ofw/api-client/query';
import type { Flow } from '@ofw/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toLocale } from '../../../i18n/locales.js';
import { useServices } from '../../../services.js';
import { answerMayBeLost } from '../../in-doubt.js';
import { useJoin, type StepNav } from '../../use-join.js';

/**
 * The request sequencing of Continue on the details step: POST /signups (api-client's `signupMutation`) with one
 * Idempotency-Key per signup attempt, kept — also across a reload — until an answer arrives, so a retry after a lost
 * answer gets the same signup instead of failing on a used invite or referral token. The auth token in the
 * answer is not kept: join-api set the HttpOnly session cookie. Then the parent is read into the query cache (best
 * effort) and the join goes on. Busy and error state are the returned mutation's; its variable is the country.
 */
export function useSubmitDetails(o: { flow: Flow; nav: StepNav; proReferralToken?: string | undefined }) {
  const { api, newIdempotencyKey } = useServices();
  const queryClient = useQueryClient();
  const { state, setState, progress, patchProgress } = useJoin();
  const signup = useMutation(signupMutation(api));
  const { flow } = o;

  return useMutation({
    mutationFn: async (country: JoinCountryCode) => {
      const parent = state.parent;
      const body: SignupRequest = {
        flow,
        languageLocale: toLocale(state.languageLocale),
        address: { country },
        parent: {
          firstName: parent.firstName!.trim(),
          lastName: parent.lastName!.trim(),
          email: parent.email!.trim(),
          phoneCountryCode: parent.phoneCountryCode || '+1',
          phoneNumber: parent.phoneNumber!.trim(),
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York',
        },
        ...(flow === 'pro' && state.proFirstName ? { proFirstName: state.proFirstName } : {}),
        ...(flow === 'pro' && state.proLastName ? { proLastName: state.proLastName } : {}),
        ...(flow === 'pro' && o.proReferralToken ? { proReferralToken: o.proReferralToken } : {}),
        ...(flow === 'ctj' && state.inviteToken ? { inviteToken: state.inviteToken } : {}),
      };
      const json = JSON.stringify(body);
      const key = progress.signupAttempt?.body === json ? progress.signupAttempt.key : newIdempotencyKey();
      patchProgress({ signupAttempt: { key, body: json } });
      const answer = await signup.mutateAsync({ body, idempotencyKey: key });
      setState((s) => ({ ...s, parent: { ...s.parent, userId: answer.userId } }));
      patchProgress({
        signedIn: true,
        signupAttempt: undefined,
        signupId: answer.signupId,
        registrationKey: answer.registrationKey,
      });
      // The server's view of the parent goes to the query cache (best effort: the next steps read it again).
      await queryClient.fetchQuery(parentQuery(api, answer.userId)).catch(() => undefined);
      o.nav.next();
    },
    onError: (err) => {
      if (!answerMayBeLost(err)) patchProgress({ signupAttempt: undefined });
    },
  });
}
