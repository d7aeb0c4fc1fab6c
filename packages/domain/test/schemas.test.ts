import { describe, expect, it } from 'vitest';
import {
  AlaCarteSelectionSchema,
  CardFieldStateSchema,
  CountryOptionSchema,
  CouponAvailabilitySchema,
  DiscountSchema,
  ExperimentSchema,
  MoneySchema,
  OrderPayloadSchema,
  PackageSchema,
  ProviderErrorSchema,
  TokenizedCardSchema,
  UpgradeOptionsSchema,
  VenmoResultSchema,
  VerifyCardOptionsSchema,
  ApplePayPaymentRequestSchema,
  getPackage,
} from '../src/index.js';

describe('§3 Entities: zod schemas accept valid and reject invalid values', () => {
  it.each([
    ['Package', PackageSchema, getPackage(2051), { ...getPackage(2051), subDurationInYears: 3 }],
    [
      'Discount',
      DiscountSchema,
      { discountAmount: 1, discountedYearlyPrice: 2, discountedMonthlyPrice: 0.17, discountPercent: 33 },
      { discountAmount: 1, discountedYearlyPrice: 2, discountedMonthlyPrice: 0.17, discountPercent: 33.3 },
    ],
    [
      'Order payload',
      OrderPayloadSchema,
      { packageId: 2050, productId: 20501, services: [{ code: 'MYFILES', option: 'MYFILES_3GB' }] },
      { packageId: 2050, productId: 20501, services: [{ code: 'PHOTOS', option: 'X' }] },
    ],
    [
      'A la carte selection',
      AlaCarteSelectionSchema,
      { subscription: 'SUB1YEAR', myfiles: 'MYFILES_3GB', tonemeter: true },
      { subscription: 'DEFAULT' },
    ],
    [
      'Coupon availability',
      CouponAvailabilitySchema,
      { packageId: 2051, status: 'available', discountAmount: 10 },
      { packageId: 2051, status: 'available', discountAmount: -10 },
    ],
    [
      'Upgrade options',
      UpgradeOptionsSchema,
      { subscriptionUpgradeOptions: { '2056': { packageId: 2056, price: 3, priceFormatted: '$3.00' } } },
      { subscriptionUpgradeOptions: { '2056': { packageId: 2056 } } },
    ],
    [
      'Country option',
      CountryOptionSchema,
      { key: 'US', value: 'US', name: 'United States', label: 'United States' },
      { key: 'US' },
    ],
    ['Experiment', ExperimentSchema, { name: 'GROW-621', value: 'treatment' }, { name: 'GROW-621' }],
    [
      'Card field state',
      CardFieldStateSchema,
      { isValid: true, touched: true, hasBlurred: false, isPotentiallyValid: true },
      { isValid: true },
    ],
    [
      'Tokenized card',
      TokenizedCardSchema,
      {
        nonce: 'fake-valid-nonce',
        type: 'CreditCard',
        description: 'ending in 11',
        details: { lastFour: '1111', lastTwo: '11' },
      },
      { nonce: '', type: 'CreditCard', description: '', details: {} },
    ],
    [
      'verifyCard options',
      VerifyCardOptionsSchema,
      { nonce: 'n', amount: '216.00', bin: '411111', requestedExemptionType: 'low_value' },
      { nonce: 'n', amount: '1', bin: '4', requestedExemptionType: 'other' },
    ],
    [
      'Venmo result',
      VenmoResultSchema,
      { nonce: 'n', type: 'VenmoAccount', details: { username: '@venmojoe' } },
      { nonce: 'n', type: 'VenmoAccount', details: { username: 'venmojoe' } },
    ],
    [
      'Error object',
      ProviderErrorSchema,
      { name: 'BraintreeError', code: 'X', message: 'm', type: 'CUSTOMER' },
      { name: 'BraintreeError', code: 'X', message: 'm', type: 'USER' },
    ],
  ] as const)('§3 %s', (_, schema, valid, invalid) => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse(invalid).success).toBe(false);
  });

  it('§3 Apple Pay payment request defaults: USD, US, postalAddress, supports3DS, four networks', () => {
    expect(ApplePayPaymentRequestSchema.parse({ total: { label: 'OurFamilyWizard', amount: '216.00' } })).toEqual({
      total: { label: 'OurFamilyWizard', amount: '216.00', type: 'final' },
      currencyCode: 'USD',
      countryCode: 'US',
      requiredBillingContactFields: ['postalAddress'],
      merchantCapabilities: ['supports3DS'],
      supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
    });
  });

  it.each([
    [0.1, true],
    [551.76, true],
    [0.001, false],
    [-1, false],
    [Number.NaN, false],
  ])('§9 Money %s has at most 2 decimals and is ≥ 0: %s', (n, ok) => {
    expect(MoneySchema.safeParse(n).success).toBe(ok);
  });
});
