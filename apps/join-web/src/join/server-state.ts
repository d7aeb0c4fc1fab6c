import { parentQuery } from '@ofw/api-client/query';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useServices } from '../services.js';
import { signupAtom } from '../state/join-state.js';
import { useJoin } from './use-join.js';

/**
 * The signed-in parent's user id (a number), or `undefined` before the signup. An invited co-parent's user id from
 * the family answer does not count: until POST /signups the browser has no session to read the parent with.
 */
export function useSignedInUserId(): number | undefined {
  const { state } = useJoin();
  const { signedIn } = useAtomValue(signupAtom);
  const userId = Number(state.parent.userId);
  return signedIn && userId ? userId : undefined;
}

/**
 * The server's view of the parent (GET /parents/{userId}: join-state fields such as `agreedToTerms`,
 * `requireCredentials`, `userCreatedByPro`), from TanStack Query — never copied into the persisted join state. Every
 * parent mutation (api-client's `termsMutation`, `credentialsMutation`, …) writes its answer into the same cache
 * entry. Disabled (no data) before the signup.
 */
export function useParentState() {
  const { api } = useServices();
  const userId = useSignedInUserId();
  return useQuery({ ...parentQuery(api, userId ?? 0), enabled: userId !== undefined });
}
