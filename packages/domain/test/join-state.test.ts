import { describe, expect, it } from 'vitest';
import { createJoinState, initialJoinState, JOIN_STATE_DEFAULTS, JoinStateSchema } from '../src/index.js';

describe('§3 Join state defaults', () => {
  it("§3 phoneCountryCode '+1', coparentPricing 'P3', languageLocale 'en-US'", () => {
    const s = createJoinState();
    expect(s.parent.phoneCountryCode).toBe('+1');
    expect(s.coparentPricing).toBe('P3');
    expect(s.languageLocale).toBe('en-US');
    expect(JOIN_STATE_DEFAULTS).toEqual({ phoneCountryCode: '+1', coparentPricing: 'P3', languageLocale: 'en-US' });
    expect(s.subscriptionStatus).toBe('none');
    expect(s.agreedToTerms).toBe(false);
  });

  it('§3 a parent without phoneCountryCode gets +1; given values are kept', () => {
    const s = createJoinState({ parent: { email: 'a@b.c' }, coparentPricing: 'P1', languageLocale: 'es-MX' });
    expect(s.parent).toEqual({ email: 'a@b.c', phoneCountryCode: '+1' });
    expect(s.coparentPricing).toBe('P1');
    expect(s.languageLocale).toBe('es-MX');
  });

  it('§3 invalid values are rejected', () => {
    expect(() => createJoinState({ coparentPricing: 'P9' as 'P1' })).toThrow();
    expect(JoinStateSchema.safeParse({ subscriptionStatus: 'lapsed' }).success).toBe(false);
    expect(JoinStateSchema.safeParse({ flow: 'ctj', subscriptionStatus: 'expired' }).success).toBe(true);
  });

  it('§3 initialJoinState() (no zod) is the schema’s fresh join state, a new object each time', () => {
    expect(initialJoinState()).toEqual(createJoinState());
    expect(JoinStateSchema.parse(initialJoinState())).toEqual(initialJoinState());
    const a = initialJoinState();
    a.parent.firstName = 'Ada';
    a.availableCoupons.push({ status: 'AVAILABLE' } as never);
    expect(initialJoinState().parent).toEqual({ phoneCountryCode: '+1' });
    expect(initialJoinState().availableCoupons).toEqual([]);
  });
});
