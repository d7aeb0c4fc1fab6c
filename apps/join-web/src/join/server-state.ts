import { parentQuery } from '@ofw/api-client/query';
import type { JoinState } from '@ofw/domain';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useServices } from '../services.js';
import { signupAtom, type JoinProgress } from '../state/join-state.js';
import { useJoin } from './use-join.js';

/**
 * The signed-in parent's user id: the join state's `parent.userId` (§3: a string or a number) as a number, once POST
 * /signups succeeded in this tab (`progress.signedIn`: the browser holds the session cookie). An invited co-parent's
 * user id from the family answer does not count: until the signup the browser has no session to call the API as the
 * parent with.
 * @param state - the join state (its `parent.userId`).
 * @param progress - the join's progress (its `signedIn` flag).
 * @returns a positive integer, or `undefined` before the signup (or when the stored id is not a positive integer).
 */
export function signedInUserId(
  state: Pick<JoinState, 'parent'>,
  progress: Pick<JoinProgress, 'signedIn'>,
): number | undefined {
  const userId = Number(state.parent.userId);
  return progress.signedIn && Number.isSafeInteger(userId) && userId > 0 ? userId : undefined;
}

/** {@link signedInUserId} of the current join, for components and hooks. */
export function useSignedInUserId(): number | undefined {
  const { state } = useJoin();
  return signedInUserId(state, useAtomValue(signupAtom));
}

/**
 * The signed-in user id, for a request that needs the parent's session.
 * @param userId - from {@link useSignedInUserId}.
 * @returns `userId`.
 * @throws Error when there is none (a step past the signup reached without a session): the step shows its
 *   unexpected-error message and nothing is sent.
 */
export function requireSignedIn(userId: number | undefined): number {
  if (userId === undefined) throw new Error('No signed-in parent: this request needs the session of a signup');
  return userId;
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
  return useQuery(parentQuery(api, userId ?? skipToken));
}
