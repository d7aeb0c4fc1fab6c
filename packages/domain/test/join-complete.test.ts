import { describe, expect, it } from 'vitest';
import { isJoinComplete, type JoinCompletionInput } from '../src/index.js';

const done: JoinCompletionInput = {
  isSubscriptionCurrent: true,
  billingAddressComplete: true,
  agreedToTerms: true,
  requireCredentials: false,
  securityQuestionsComplete: true,
};

describe('§4 Completion', () => {
  it.each<[string, JoinCompletionInput, boolean]>([
    ['all conditions hold', done, true],
    [
      'subscription via subscriptionStatus current',
      { ...done, isSubscriptionCurrent: false, subscriptionStatus: 'current' },
      true,
    ],
    [
      'created by a pro without a current subscription',
      { ...done, isSubscriptionCurrent: false, userCreatedByPro: true },
      true,
    ],
    [
      'invited flow without security questions',
      { ...done, securityQuestionsComplete: false, isInvitedJoin: true },
      true,
    ],
    ["flow 'ctj' without security questions", { ...done, securityQuestionsComplete: false, flow: 'ctj' }, true],
    [
      'subscription not current, not pro',
      { ...done, isSubscriptionCurrent: false, subscriptionStatus: 'expired' },
      false,
    ],
    ['billing address incomplete', { ...done, billingAddressComplete: false }, false],
    ['terms not agreed', { ...done, agreedToTerms: false }, false],
    ['credentials required', { ...done, requireCredentials: true }, false],
    ['not invited and security questions incomplete', { ...done, securityQuestionsComplete: false }, false],
    ["flow 'pro' without security questions", { ...done, securityQuestionsComplete: false, flow: 'pro' }, false],
    ['empty state', {}, false],
  ])('§4 %s → %s', (_, state, complete) => {
    expect(isJoinComplete(state)).toBe(complete);
  });
});
