import type { JoinState } from '../schemas.js';
import { JOIN_STATE_DEFAULTS } from './join-state-default-values.js';

/**
 * A fresh join state with the defaults of spec §3 "Join state" — parent.phoneCountryCode '+1', coparentPricing 'P3',
 * languageLocale 'en-US', `false` for the flags, empty lists and objects, subscriptionStatus 'none' — built without
 * zod, so a browser can start a join before loading any schema. Equal to `createJoinState()` (a test says so), which
 * validates overrides with `JoinStateSchema`.
 * @returns a new object on every call.
 */
export function initialJoinState(): JoinState {
  return {
    address: {},
    agreedToTerms: false,
    availableCoupons: [],
    billingAddressComplete: false,
    coParent: {},
    familyMembers: [],
    isAuthedParent: false,
    isInvitedJoin: false,
    isJoin: false,
    isSubscriptionCurrent: false,
    parent: { phoneCountryCode: JOIN_STATE_DEFAULTS.phoneCountryCode },
    referral: {},
    requireCredentials: false,
    subscriptionStatus: 'none',
    securityQuestionsComplete: false,
    userCreatedByPro: false,
    coparentPricing: JOIN_STATE_DEFAULTS.coparentPricing,
    languageLocale: JOIN_STATE_DEFAULTS.languageLocale,
  };
}
