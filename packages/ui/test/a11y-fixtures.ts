/** Props shared by the accessibility tests (a11y-*.test.tsx). */

/** BillingInformation's labels, US wording (spec §2 billing information). */
export const billingLabels = {
  legend: 'Billing address',
  streetAddress: 'Street address',
  locality: 'City',
  region: 'State',
  postalCode: 'ZIP code',
};
/** A package card's package: Premium, $216.00 in all, $18.00 a month (spec §2 package choice). */
export const pkg = {
  id: 2053,
  selectButtonId: 'select-package-2053',
  name: 'Premium',
  totalPrice: '$216.00',
  monthlyPrice: '$18.00/month',
};
