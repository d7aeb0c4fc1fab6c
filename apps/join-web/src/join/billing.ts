import { BillingAddressRequestSchema } from '@ofw/api-client';
import { isUK } from '@ofw/domain';
import type { BillingAddressValue } from '@ofw/ui';
import type { IntlShape } from 'react-intl';
import { paymentMessagesUi } from './messages.js';
import { zodIssuesToMessages } from './zod-messages.js';

/** Localized error per billing-address field. */
export type BillingErrors = Partial<Record<keyof BillingAddressValue, string>>;

/** Region and postal-code wording by country ("State"/"ZIP code" in the US, "County"/"Postcode" in the UK…). */
export function billingLabels(intl: IntlShape, country: string | undefined) {
  const c = country?.toUpperCase();
  const region = isUK(c)
    ? paymentMessagesUi.county
    : c === 'CA'
      ? paymentMessagesUi.province
      : c === 'AU' || c === 'NZ'
        ? paymentMessagesUi.region
        : paymentMessagesUi.state;
  const postal =
    c === 'US' || !c ? paymentMessagesUi.zip : isUK(c) ? paymentMessagesUi.postcode : paymentMessagesUi.postalCode;
  return {
    legend: intl.formatMessage(paymentMessagesUi.billing),
    streetAddress: intl.formatMessage(paymentMessagesUi.streetAddress),
    locality: intl.formatMessage(paymentMessagesUi.city),
    region: intl.formatMessage(region),
    postalCode: intl.formatMessage(postal),
  };
}

/**
 * Checks the billing address with api-client's `BillingAddressRequestSchema` (the rules join-api applies: every field
 * required, a postal code of at least 2 characters, after trimming); localized errors per field.
 */
export function validateBilling(intl: IntlShape, b: BillingAddressValue): BillingErrors {
  const parsed = BillingAddressRequestSchema.safeParse(billingRequest(b, undefined));
  const required = paymentMessagesUi.required;
  return zodIssuesToMessages(intl, parsed.error?.issues, {
    streetAddress: required,
    locality: required,
    region: required,
    postalCode: required,
  });
}

/**
 * The billing address as join-api and the provider take it (`BillingAddressRequest`, 3D Secure's billing address):
 * every field trimmed, the country as an upper-case ISO alpha-2 code (US when the join state has none yet).
 */
export function billingRequest(b: BillingAddressValue, country: string | undefined) {
  return {
    streetAddress: b.streetAddress.trim(),
    locality: b.locality.trim(),
    region: b.region.trim(),
    postalCode: b.postalCode.trim(),
    countryCodeAlpha2: (country ?? 'US').toUpperCase(),
  };
}
