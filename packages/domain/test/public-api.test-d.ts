import { describe, expectTypeOf, it } from 'vitest';
import type { BillingAddressSchema, PaymentsConfigSchema } from '../src/index.js';
import {
  getPackage,
  monthlyPrice,
  quote,
  type BillingAddress,
  type CardBrand,
  type FeatureFlags,
  type Package,
  type PaymentsConfig,
  type TokenizedCard,
} from '../src/index.js';

describe('@ofw/domain public API (type tests)', () => {
  it('docs/ARCHITECTURE.md "The @ofw/domain contract": catalogue and money functions keep their signatures (money is a number in major units)', () => {
    expectTypeOf(getPackage).parameters.toEqualTypeOf<[number]>();
    expectTypeOf(getPackage).returns.toEqualTypeOf<Package | undefined>();
    expectTypeOf(monthlyPrice).returns.toEqualTypeOf<number>();
    expectTypeOf(quote).returns.toHaveProperty('charged').toEqualTypeOf<number>();
  });

  it('PaymentsConfig is the one home of the GET /payments/config shape, driver-discriminated', () => {
    expectTypeOf<PaymentsConfig>().toEqualTypeOf<ReturnType<typeof PaymentsConfigSchema.parse>>();
    expectTypeOf<PaymentsConfig['driver']>().toEqualTypeOf<'sandbox' | 'braintree'>();
    expectTypeOf<Extract<PaymentsConfig, { driver: 'sandbox' }>>().toHaveProperty('sandboxUrl').toEqualTypeOf<string>();
    expectTypeOf<PaymentsConfig['flags']>().toEqualTypeOf<FeatureFlags>();
  });

  it('BillingAddress (an order’s), CardBrand (a brand id) and TokenizedCard have their home here', () => {
    expectTypeOf<BillingAddress>().toEqualTypeOf<ReturnType<typeof BillingAddressSchema.parse>>();
    expectTypeOf<BillingAddress>().toHaveProperty('countryCodeAlpha2').toEqualTypeOf<string>();
    expectTypeOf<'visa'>().toExtend<CardBrand>();
    expectTypeOf<'not-a-brand'>().not.toExtend<CardBrand>();
    expectTypeOf<TokenizedCard>().toHaveProperty('nonce').toEqualTypeOf<string>();
  });
});
