import type { ParentState } from '@ofw/api-client';
import type { JoinState } from '@ofw/domain';

/** Merges the server's view of the parent (GET /parents/{userId}, PUT …) into the §3 join state. */
export function applyParentState(state: JoinState, ps: ParentState): JoinState {
  return {
    ...state,
    parent: { ...state.parent, ...ps.parent },
    address: { ...state.address, ...ps.address },
    agreedToTerms: ps.agreedToTerms,
    billingAddressComplete: ps.billingAddressComplete,
    subscriptionStatus: ps.subscriptionStatus,
    isSubscriptionCurrent: ps.isSubscriptionCurrent,
    requireCredentials: ps.requireCredentials,
    securityQuestionsComplete: ps.securityQuestionsComplete,
    userCreatedByPro: ps.userCreatedByPro,
    proFirstName: ps.proFirstName ?? state.proFirstName,
    proLastName: ps.proLastName ?? state.proLastName,
    isInvitedJoin: ps.isInvitedJoin,
    coparentPricing: ps.coparentPricing,
    migrationPricingGroup: ps.migrationPricingGroup ?? undefined,
    parentAccountType: ps.parentAccountType,
    graceLogins: ps.graceLogins,
  };
}
