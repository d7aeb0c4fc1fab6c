import type { BillingAddress } from '@ofw/domain';
import { describe, expectTypeOf, it } from 'vitest';
import { VenmoLogo, type BillingAddressValue, type VenmoLogoProps } from '../src/index.js';

describe('@ofw/ui public API (type tests)', () => {
  it('the one VenmoLogo takes size or width, colour, title and other SVG props', () => {
    expectTypeOf(VenmoLogo).parameter(0).toEqualTypeOf<VenmoLogoProps>();
    expectTypeOf<{ size: 'small'; color: 'black'; 'aria-hidden': 'true' }>().toExtend<VenmoLogoProps>();
    expectTypeOf<{ width: number }>().toExtend<VenmoLogoProps>();
    expectTypeOf<{ size: 'huge' }>().not.toExtend<VenmoLogoProps>();
  });

  it('BillingAddressValue is derived from @ofw/domain’s BillingAddress (one home): its fields but the country, as typed (strings; address line 2 optional)', () => {
    expectTypeOf<keyof BillingAddressValue>().toEqualTypeOf<Exclude<keyof BillingAddress, 'countryCodeAlpha2'>>();
    expectTypeOf<BillingAddressValue['region']>().toEqualTypeOf<string>();
    expectTypeOf<BillingAddressValue['extendedAddress']>().toEqualTypeOf<string | undefined>();
  });
});
