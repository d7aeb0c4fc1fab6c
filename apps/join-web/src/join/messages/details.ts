import { defineMessages } from '../../i18n/define-messages.js';

export const detailsMessages = /* @__PURE__ */ defineMessages({
  intro: {
    id: 'details.intro',
    description: 'Introduction at the top of the details step.',
    defaultMessage: 'Tell us about yourself to start your OurFamilyWizard subscription.',
  },
  proReferral: {
    id: 'details.proReferral',
    description:
      'Shown when a professional (e.g. a lawyer or mediator) sent the parent to sign up; {name} is that professional’s name.',
    defaultMessage: 'You were referred by {name}.',
  },
  firstName: {
    id: 'details.firstName',
    description: 'Label of the first (given) name field.',
    defaultMessage: 'First name',
  },
  lastName: {
    id: 'details.lastName',
    description: 'Label of the last name (family name) field.',
    defaultMessage: 'Last name',
  },
  email: { id: 'details.email', description: 'Label of the email address field.', defaultMessage: 'Email' },
  phoneCode: {
    id: 'details.phoneCode',
    description: 'Label of the drop-down with the international dialling code of the phone number (e.g. +1, +44).',
    defaultMessage: 'Country code',
  },
  phoneNumber: {
    id: 'details.phoneNumber',
    description: 'Label of the phone number field (without the country code).',
    defaultMessage: 'Phone number',
  },
  country: {
    id: 'details.country',
    description: 'Label of the drop-down for the country the parent lives in.',
    defaultMessage: 'Country',
  },
  countryHint: {
    id: 'details.countryHint',
    description:
      'Hint under the country drop-down when the country was pre-selected from the phone number’s country code.',
    defaultMessage: 'We chose this from your phone number. Change it if it is wrong.',
  },
  countryGroupCommon: {
    id: 'details.countryGroup.common',
    description: 'Heading of the group of frequently chosen countries at the top of the country drop-down.',
    defaultMessage: 'Common countries',
  },
  countryGroupAll: {
    id: 'details.countryGroup.all',
    description: 'Heading of the group with every country in the country drop-down.',
    defaultMessage: 'All countries',
  },
  selectPlaceholder: {
    id: 'details.selectPlaceholder',
    description: 'Empty first option of a drop-down before anything is chosen.',
    defaultMessage: 'Select…',
  },
  phoneCodeOption: {
    id: 'details.phoneCodeOption',
    description:
      'One option of the dialling-code drop-down; {country} is the country name, {code} the dialling code such as +44.',
    defaultMessage: '{country} ({code})',
  },
  checkingPhone: {
    id: 'details.checkingPhone',
    description: 'Shown while the server checks the phone number after Continue is pressed.',
    defaultMessage: 'Checking your phone number…',
  },
  errorFirstName: {
    id: 'details.error.firstName',
    description: 'Error under the first name field when it is empty.',
    defaultMessage: 'Enter your first name.',
  },
  errorLastName: {
    id: 'details.error.lastName',
    description: 'Error under the last name field when it is empty.',
    defaultMessage: 'Enter your last name.',
  },
  errorEmail: {
    id: 'details.error.email',
    description:
      'Error under the email field when the address is not valid; keep the example address in a form that is valid.',
    defaultMessage: 'Enter a valid email address, like name@example.com.',
  },
  errorPhone: {
    id: 'details.error.phone',
    description: 'Error under the phone number field when it does not have 4 to 20 digits.',
    defaultMessage: 'Enter a phone number of 4 to 20 digits.',
  },
  errorCountry: {
    id: 'details.error.country',
    description: 'Error under the country drop-down when no country is chosen.',
    defaultMessage: 'Choose the country you live in.',
  },
  errorCountryUnsupported: {
    id: 'details.error.countryUnsupported',
    description: 'Error under the country drop-down when the chosen country has no plans on sale.',
    defaultMessage: 'Sign-up is not available in this country yet.',
  },
  errorEmailTaken: {
    id: 'details.error.emailTaken',
    description: 'Error under the email field when an account already uses this email address.',
    defaultMessage: 'An account with this email already exists.',
  },
});
