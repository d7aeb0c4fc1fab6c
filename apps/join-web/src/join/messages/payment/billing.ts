import { defineMessages } from '../../../i18n/define-messages.js';

/** The billing address of the payment step: each country's field names and their errors. */
export const paymentBillingMessages = /* @__PURE__ */ defineMessages({
  billing: {
    id: 'payment.billing',
    description: 'Heading of the billing address part of the payment form.',
    defaultMessage: 'Billing address',
  },
  streetAddress: {
    id: 'payment.streetAddress',
    description: 'Label of the street address field of the billing address.',
    defaultMessage: 'Street address',
  },
  city: {
    id: 'payment.city',
    description: 'Label of the city (or town) field of the billing address.',
    defaultMessage: 'City',
  },
  state: {
    id: 'payment.state',
    description: 'Label of the state field of a billing address in the United States.',
    defaultMessage: 'State',
  },
  zip: {
    id: 'payment.zip',
    description: 'Label of the ZIP code field of a billing address in the United States.',
    defaultMessage: 'ZIP code',
  },
  regionChoose: {
    id: 'payment.regionChoose',
    description:
      'Empty first choice of the state, province or territory list of a billing address (US, Canada, Australia), shown until one is chosen.',
    defaultMessage: 'Choose…',
  },
  region: {
    id: 'payment.region',
    description: 'Label of the state or territory field of a billing address in Australia.',
    defaultMessage: 'State or territory',
  },
  postcode: {
    id: 'payment.postcode',
    description: 'Label of the postcode field of a billing address in the United Kingdom.',
    defaultMessage: 'Postcode',
  },
  postalCode: {
    id: 'payment.postalCode',
    description: 'Label of the postal code field of a billing address in other countries (e.g. Canada).',
    defaultMessage: 'Postal code',
  },
  addressLine2: {
    id: 'payment.addressLine2',
    description:
      'Label of the optional second line of the billing address (flat, apartment, suite, building); may be left empty.',
    defaultMessage: 'Address line 2 (optional)',
  },
  townOrCity: {
    id: 'payment.townOrCity',
    description: 'Label of the town or city field of a billing address in the UK, Ireland and New Zealand.',
    defaultMessage: 'Town or city',
  },
  provinceOrTerritory: {
    id: 'payment.provinceOrTerritory',
    description: 'Label of the province or territory field of a billing address in Canada (required).',
    defaultMessage: 'Province or territory',
  },
  countyOptional: {
    id: 'payment.countyOptional',
    description: 'Label of the county field of a billing address in the UK or Ireland; it may be left empty.',
    defaultMessage: 'County (optional)',
  },
  regionOptional: {
    id: 'payment.regionOptional',
    description: 'Label of the region field of a billing address in New Zealand; it may be left empty.',
    defaultMessage: 'Region (optional)',
  },
  eircode: {
    id: 'payment.eircode',
    description:
      'Label of the postal code field of a billing address in Ireland (the Irish postcode is called Eircode).',
    defaultMessage: 'Eircode',
  },
  zipInvalid: {
    id: 'payment.error.zip',
    description: 'Error under the ZIP code field (US) when it is not a ZIP code. Keep the example codes as they are.',
    defaultMessage: 'Enter a ZIP code like 12345 or 12345-6789.',
  },
  postcodeInvalid: {
    id: 'payment.error.postcode',
    description: 'Error under the postcode field (UK) when it is not a UK postcode; {example} is one (SW1A 1AA).',
    defaultMessage: 'Enter a postcode like {example}.',
  },
  postcode4Invalid: {
    id: 'payment.error.postcode4',
    description: 'Error under the postcode field (Australia, New Zealand) when it is not 4 digits; {example} is one.',
    defaultMessage: 'Enter a 4-digit postcode, like {example}.',
  },
  postalCodeInvalid: {
    id: 'payment.error.postalCode',
    description: 'Error under the postal code field (Canada) when it is not a Canadian postal code; {example} is one.',
    defaultMessage: 'Enter a postal code like {example}.',
  },
  eircodeInvalid: {
    id: 'payment.error.eircode',
    description: 'Error under the Eircode field (Ireland) when it is not an Eircode; {example} is one (D02 X285).',
    defaultMessage: 'Enter an Eircode like {example}.',
  },
  postalCodeOtherInvalid: {
    id: 'payment.error.postalCodeOther',
    description: 'Error under the postal code field of another country when it cannot be a postal code.',
    defaultMessage: 'Enter a valid postal code.',
  },
  stateInvalid: {
    id: 'payment.error.state',
    description: 'Error under the state field (US) when it names no US state. Keep NY and New York as they are.',
    defaultMessage: 'Enter a US state, like NY or New York.',
  },
  provinceInvalid: {
    id: 'payment.error.province',
    description: 'Error under the province field (Canada) when it names none. Keep ON and Ontario as they are.',
    defaultMessage: 'Enter a province or territory, like ON or Ontario.',
  },
  stateOrTerritoryInvalid: {
    id: 'payment.error.stateOrTerritory',
    description:
      'Error under the state or territory field (Australia) when it names none. Keep NSW and New South Wales as they are.',
    defaultMessage: 'Enter a state or territory, like NSW or New South Wales.',
  },
  required: {
    id: 'payment.error.required',
    description: 'Error under a billing address field that is empty.',
    defaultMessage: 'This field is required.',
  },
});
