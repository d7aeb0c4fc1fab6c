import { isUK } from '@ofw/domain';
import type { BillingAddressValue } from '@ofw/ui';
import type { IntlShape } from 'react-intl';
import { paymentMessagesUi } from './messages.js';

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

/** Required-field check of the billing address; localized errors per field. */
export function validateBilling(intl: IntlShape, b: BillingAddressValue): BillingErrors {
  const e: BillingErrors = {};
  for (const k of ['streetAddress', 'locality', 'region', 'postalCode'] as const) {
    if (!b[k].trim() || (k === 'postalCode' && b[k].trim().length < 2))
      e[k] = intl.formatMessage(paymentMessagesUi.required);
  }
  return e;
}
