import { Button, ErrorBanner } from '@ofw/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { useServices } from '../services.js';
import { clearPersistedJoin, signupAtom, startJoinAtom } from '../state/join-state.js';
import { sessionMessages } from './messages.js';
import { signedInUserId } from './server-state.js';
import { useJoin } from './use-join.js';

/**
 * Sign out (README "Sign out"): `POST /sessions/logout` (join-api revokes the session and clears its cookie), then
 * everything this tab kept of the join is forgotten — the join state and progress (atoms and sessionStorage), the
 * parent's in-doubt payment attempt (its session is gone, so it could not be re-sent), the confirmation of what they paid, and every cached answer (the
 * parent, their prices) — and an empty `/join` opens on the details step, in the same language. Busy and error state
 * are the returned mutation's: a failed logout forgets nothing, so the parent can press Sign out again.
 */
export function useSignOut() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const startJoin = useSetAtom(startJoinAtom);
  const { state, progress } = useJoin();
  return useMutation({
    mutationFn: async () => {
      await api.logout();
      // loaded here, not with the header: it validates with api-client's schemas (zod), kept out of the first load
      const [{ clearPaymentAttempt }, { clearPaidOrder }] = await Promise.all([
        import('./payment-attempt.js'),
        import('./paid-order.js'),
      ]);
      const userId = signedInUserId(state, progress);
      clearPaymentAttempt(userId);
      clearPaidOrder(userId); // what was paid is not for the next person at this computer
      startJoin({ flow: 'join' });
      clearPersistedJoin();
      queryClient.clear();
      await navigate({ to: '/join', search: {}, replace: true });
    },
  });
}

/**
 * The header's session line on every step after the sign-up: "Signed in as {email}. Not you? Sign out". Renders
 * nothing before the sign-up.
 */
export function SignOut() {
  const intl = useIntl();
  const { state } = useJoin();
  const signedIn = useAtomValue(signupAtom).signedIn;
  const signOut = useSignOut();
  if (!signedIn) return null;
  return (
    <div className="app-session">
      <p>
        <span>
          {[
            state.parent.email ? intl.formatMessage(sessionMessages.signedInAs, { email: state.parent.email }) : '',
            intl.formatMessage(sessionMessages.notYou),
          ]
            .filter(Boolean)
            .join(' ')}
        </span>
        <Button
          variant="link"
          className="app-session__sign-out"
          busy={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {intl.formatMessage(sessionMessages.signOut)}
        </Button>
      </p>
      <ErrorBanner message={signOut.isError ? intl.formatMessage(sessionMessages.signOutFailed) : undefined} />
    </div>
  );
}
