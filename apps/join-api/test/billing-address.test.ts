import { subdivisionOptions } from '@ofw/domain';
import { describe, expect, it } from 'vitest';
import { acceptedBillingAddress } from '../src/services/billing-address.js';
import { ServiceError } from '../src/services/errors.js';

const POSTAL = { US: '98101', CA: 'K1A 0B1', AU: '2000' } as const;
const address = (countryCodeAlpha2: keyof typeof POSTAL, region: string) => ({
  streetAddress: '1 Main St',
  locality: 'Springfield',
  region,
  postalCode: POSTAL[countryCodeAlpha2],
  countryCodeAlpha2,
});

describe("a billing address's state, province or territory (US, CA, AU)", () => {
  it("every choice join-web's list offers is accepted and stored as that code, so a parent's choice is never refused", () => {
    for (const country of ['US', 'CA', 'AU'] as const)
      for (const { code } of subdivisionOptions(country, 'es-MX'))
        expect(acceptedBillingAddress(address(country, code)).region).toBe(code);
  });

  it("a code of another country's list is refused on the region, so what is stored is one of the list's codes", () => {
    for (const [country, region] of [
      ['AU', 'QC'],
      ['CA', 'NSW'],
      ['US', 'ON'],
    ] as const) {
      let error: unknown;
      try {
        acceptedBillingAddress(address(country, region), 'billingAddress');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).reason).toBe('billing_address_invalid');
      expect((error as ServiceError).errors).toEqual([
        { field: 'billingAddress.region', message: "Not one of this country's states, provinces or territories" },
      ]);
    }
  });
});
