import { checkBillingAddress, type BillingAddress } from '@ofw/domain';
import { ServiceError } from './errors.js';

const MESSAGES = {
  region: {
    required: 'Required for this country',
    invalid: "Not one of this country's states, provinces or territories",
  },
  postalCode: { required: 'Required', invalid: 'Not a postal code of this country' },
} as const;

/**
 * A billing address that passed `BillingAddressSchema` (its shape), checked with the country rules join-web's form
 * applies too (@ofw/domain `checkBillingAddress`: the postal code of the country, the state, province or territory
 * required in the US, Canada and Australia and optional elsewhere) and written canonically (`SW1A 1AA`, `NY`,
 * `12345-6789`; empty `region` / `extendedAddress` left out) — what the gateway gets and the parent's row stores.
 *
 * @param field - where the address is in the request body, for the problem's field names (`billingAddress` in an
 *   order; none when the body is the address).
 * @throws ServiceError `billing_address_invalid` (422 `validation_failed`) naming each field at fault, e.g.
 *   `billingAddress.postalCode`.
 */
export function acceptedBillingAddress(address: BillingAddress, field?: string): BillingAddress {
  const checked = checkBillingAddress(address);
  if (checked.ok) return checked.address;
  throw new ServiceError('billing_address_invalid', 'The billing address is not written as its country writes it.', {
    errors: checked.issues.map((i) => ({
      field: field ? `${field}.${i.field}` : i.field,
      message: MESSAGES[i.field][i.reason],
    })),
  });
}
