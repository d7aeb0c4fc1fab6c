import { describe, expect, it } from 'vitest';
import { paymentMethodVisibility, type Currency, type FeatureFlags } from '../src/index.js';

const off: FeatureFlags = { applePay: false, cadPayPal: false, venmo: false };
const on: FeatureFlags = { applePay: true, cadPayPal: true, venmo: true };
const hidden = { applePay: false, venmo: false, payPal: false, amex: false, discover: false };

describe('§5 Payment method visibility by currency', () => {
  it.each<[Currency, FeatureFlags, ReturnType<typeof paymentMethodVisibility>]>([
    ['AUD', off, hidden],
    ['AUD', on, hidden],
    ['NZD', on, hidden],
    ['CAD', off, { applePay: false, venmo: false, payPal: false, amex: false, discover: false }],
    ['CAD', on, { applePay: true, venmo: false, payPal: true, amex: false, discover: false }],
    ['CAD', { ...off, cadPayPal: true }, { applePay: false, venmo: false, payPal: true, amex: false, discover: false }],
    ['GBP', off, { applePay: false, venmo: false, payPal: false, amex: true, discover: false }],
    ['GBP', on, { applePay: false, venmo: false, payPal: false, amex: true, discover: false }],
    ['USD', off, { applePay: false, venmo: false, payPal: true, amex: true, discover: true }],
    ['USD', on, { applePay: true, venmo: true, payPal: true, amex: true, discover: true }],
    ['USD', { ...off, venmo: true }, { applePay: false, venmo: true, payPal: true, amex: true, discover: true }],
    ['USD', { ...off, applePay: true }, { applePay: true, venmo: false, payPal: true, amex: true, discover: true }],
  ])('§5 %s with flags %j', (currency, flags, visibility) => {
    expect(paymentMethodVisibility(currency, flags)).toEqual(visibility);
  });

  it('§5 missing flags count as off', () => {
    expect(paymentMethodVisibility('USD')).toEqual({
      applePay: false,
      venmo: false,
      payPal: true,
      amex: true,
      discover: true,
    });
  });
});
