import { isApiError } from '@ofw/api-client/errors';
import type { ParentState } from '@ofw/api-client';
import {
  billingAddressMutation,
  coParentEmailMutation,
  credentialsMutation,
  parentQuery,
  securityAnswersMutation,
} from '@ofw/api-client/query';
import { isJoinComplete } from '@ofw/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { env } from '../../../env.js';
import { useServices } from '../../../services.js';
import { clearPersistedJoin } from '../../../state/join-state.js';
import { billingRequest } from '../../billing.js';
import { requireSignedIn, useSignedInUserId } from '../../server-state.js';
import { useJoin } from '../../use-join.js';
import type { AccountAsks, useAccountForm } from './use-account-form.js';

/** How Finish ended: the join is not complete yet (the parent stays), or the browser left for the app home. */
export type FinishOutcome = 'incomplete' | 'left';

/**
 * The request sequencing of Finish (§4 "Completion"): PUT …/credentials (set once: when the parent says they are not
 * required any more, the server is asked again — e.g. a retry after a later step failed), …/security-questions,
 * …/billing-address and …/coparent-email, each only while still needed, each writing its answer into the parent query
 * (api-client's mutation options, `setQueryData`); then the parent is read again and, when `isJoinComplete`, the
 * persisted join (and the invite token) is cleared and the browser leaves for /ofw/home.form. What was saved stays
 * saved when a later request fails, so a retry does not repeat it. Busy and error state are the `finish` mutation's.
 */
export function useSubmitAccount(
  ask: AccountAsks & { questionsFlow: boolean },
  form: ReturnType<typeof useAccountForm>,
) {
  const { api, leaveTo } = useServices();
  const queryClient = useQueryClient();
  const { state } = useJoin();
  const signedIn = useSignedInUserId();
  const credentials = useMutation(credentialsMutation(api, queryClient));
  const answers = useMutation(securityAnswersMutation(api, queryClient));
  const billing = useMutation(billingAddressMutation(api, queryClient));
  const coParent = useMutation(coParentEmailMutation(api, queryClient));

  return useMutation({
    mutationFn: async (): Promise<FinishOutcome> => {
      const userId = requireSignedIn(signedIn);
      const fresh = () => queryClient.fetchQuery({ ...parentQuery(api, userId), staleTime: 0 });
      let ps: ParentState | undefined = queryClient.getQueryData(parentQuery(api, userId).queryKey);
      const setCredentials = ps?.requireCredentials || (form.username !== '' && (await fresh()).requireCredentials);
      if (setCredentials) {
        const body = { username: form.username.trim(), password: form.password };
        ps = await credentials.mutateAsync({ userId, body });
      }
      if (ask.questionsFlow && !ps?.securityQuestionsComplete) {
        const body = {
          answers: form.answers.map((a) => ({ questionId: Number(a.questionId), answer: a.answer.trim() })),
        };
        ps = await answers.mutateAsync({ userId, body });
      }
      if (ask.billing && !ps?.billingAddressComplete) {
        await billing.mutateAsync({ userId, body: billingRequest(form.billing.billing, state.address.country) });
      }
      const c = form.coParent;
      if (ask.questionsFlow && c.hasEmail !== undefined) {
        // §2 co-parent email question: the address to invite, or null when the parent chose not to invite now.
        await coParent.mutateAsync({ userId, body: { coParentEmail: c.hasEmail ? c.email.trim() : null } });
      }
      // the flow is the browser's (the server's view of the parent says `isInvitedJoin`)
      if (!isJoinComplete({ ...(await fresh()), ...(state.flow ? { flow: state.flow } : {}) })) return 'incomplete';
      // §4 Completion: clear the invite token (and the rest of the join) and go to the app home.
      clearPersistedJoin();
      leaveTo(env.VITE_HOME_PATH);
      return 'left';
    },
  });
}

/** Whether Finish failed on a username someone else holds (409 `username_taken`, or an older server's `conflict`). */
export function isUsernameTaken(err: unknown): boolean {
  return isApiError(err, 'username_taken') || isApiError(err, 'conflict');
}
