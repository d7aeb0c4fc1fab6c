import type { JoinState } from '../schemas.js';

/** The join-state fields {@link isJoinComplete} reads. */
export type JoinCompletionInput = Partial<
  Pick<
    JoinState,
    | 'isSubscriptionCurrent'
    | 'subscriptionStatus'
    | 'userCreatedByPro'
    | 'billingAddressComplete'
    | 'agreedToTerms'
    | 'requireCredentials'
    | 'isInvitedJoin'
    | 'flow'
    | 'securityQuestionsComplete'
  >
>;

/**
 * Whether the parent is done: sent to the app home and the invite token cleared.
 *
 * Source: spec §4 "Completion" — all of: the subscription is current (`isSubscriptionCurrent` or
 * `subscriptionStatus === 'current'`) or the account was created by a pro; the billing address is complete; terms
 * are agreed; no credentials are required; the flow is invited (`isInvitedJoin` or flow `'ctj'`) or security
 * questions are complete.
 */
export function isJoinComplete(state: JoinCompletionInput): boolean {
  const subscribed = state.isSubscriptionCurrent === true || state.subscriptionStatus === 'current';
  const invited = state.isInvitedJoin === true || state.flow === 'ctj';
  return (
    (subscribed || state.userCreatedByPro === true) &&
    state.billingAddressComplete === true &&
    state.agreedToTerms === true &&
    state.requireCredentials !== true &&
    (invited || state.securityQuestionsComplete === true)
  );
}
