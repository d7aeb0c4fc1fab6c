import { defineMessages } from '../i18n/define-messages.js';

/**
 * Every user-facing string of the join, with stable ids (`area.thing`) and a translator `description` (where and how
 * the text is shown, what each {argument} holds). English (en-US) defaults live here; `pnpm i18n:extract` writes them
 * to src/i18n/lang/en-US.json (with the descriptions to src/i18n/extracted/en-US.json), and en-GB, es-US and es-MX
 * translate every id (`pnpm i18n:verify`, formatjs verify, fails on a missing or unused id or other placeholders).
 */
export const appMessages = defineMessages({
  brand: {
    id: 'app.brand',
    description: 'Product name in the page header; a brand name, normally left untranslated.',
    defaultMessage: 'OurFamilyWizard',
  },
  skipToContent: {
    id: 'app.skipToContent',
    description: 'Link for keyboard and screen-reader users that jumps past the header to the page content.',
    defaultMessage: 'Skip to main content',
  },
  language: {
    id: 'app.language',
    description: 'Label of the drop-down that switches the language of the sign-up pages.',
    defaultMessage: 'Language',
  },
  loading: {
    id: 'app.loading',
    description: 'Shown while a page of the sign-up is loading.',
    defaultMessage: 'Loading…',
  },
  notFoundTitle: {
    id: 'app.notFound.title',
    description: 'Heading of the page shown for an address that does not exist.',
    defaultMessage: 'Page not found',
  },
  notFoundBody: {
    id: 'app.notFound.body',
    description: 'Text of the page shown for an address that does not exist.',
    defaultMessage: 'The page you are looking for does not exist.',
  },
  backToJoin: {
    id: 'app.backToJoin',
    description: 'Link from an error or invitation page back to the start of the sign-up.',
    defaultMessage: 'Back to sign up',
  },
  unexpectedError: {
    id: 'app.error.unexpected',
    description: 'Error banner for a failure the page cannot explain; the user may retry later.',
    defaultMessage: 'An unexpected error occurred, please try again later.',
  },
  tryAgain: {
    id: 'app.tryAgain',
    description: 'Button that retries the action that just failed.',
    defaultMessage: 'Try again',
  },
  pageTitle: {
    id: 'app.pageTitle',
    description: 'Browser tab title; {step} is the name of the current sign-up step, e.g. "Your details".',
    defaultMessage: '{step} – Join OurFamilyWizard',
  },
});

/** Problems any step can get from join-api (issue 12), explained in the page instead of "unexpected error". */
export const problemMessages = defineMessages({
  /** 429 `rate_limited` with a Retry-After under a minute. */
  rateLimitedSeconds: {
    id: 'app.error.rateLimited.seconds',
    description:
      'Error banner after a 429 (too many attempts) when the server asks to wait less than a minute; {seconds} is the wait in whole seconds.',
    defaultMessage: 'Too many attempts. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
  },
  /** 429 `rate_limited` with a Retry-After of a minute or more (rounded up to whole minutes). */
  rateLimitedMinutes: {
    id: 'app.error.rateLimited.minutes',
    description:
      'Error banner after a 429 (too many attempts) when the server asks to wait a minute or more; {minutes} is the wait rounded up to whole minutes.',
    defaultMessage: 'Too many attempts. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.',
  },
  /** 429 `rate_limited` without a Retry-After. */
  rateLimited: {
    id: 'app.error.rateLimited',
    description: 'Error banner after a 429 (too many attempts) when the server gives no wait time.',
    defaultMessage: 'Too many attempts. Please wait a few minutes and try again.',
  },
  /** 422 `currency_not_offered`: the plan is priced in another currency than the parent's country's. */
  currencyNotOffered: {
    id: 'app.error.currencyNotOffered',
    description:
      'Error banner when the chosen plan is priced in a currency the parent’s country does not pay in; the parent goes back to choose a plan.',
    defaultMessage:
      "This plan is not sold in your country's currency. Go back and choose a plan again; nothing was charged.",
  },
  /** POST /signups 401 for a pro referral token that was used, revoked or has expired. */
  referralInvalid: {
    id: 'app.error.referralInvalid',
    description:
      'Shown instead of the join when a professional’s referral link was already used, revoked or has expired.',
    defaultMessage: 'This referral link is no longer valid. You can still join OurFamilyWizard without it.',
  },
  /** The way from a dead referral link to the regular join. */
  joinWithoutReferral: {
    id: 'app.joinWithoutReferral',
    description:
      'Link under the invalid-referral message that leads to the regular join (without the professional’s referral).',
    defaultMessage: 'Join without the referral',
  },
});

export const stepMessages = defineMessages({
  progress: {
    id: 'steps.progress',
    description: 'Accessible name of the list of sign-up steps at the top of the page.',
    defaultMessage: 'Sign-up progress',
  },
  describe: {
    id: 'steps.describe',
    description:
      'Screen-reader description of the current step; {number} and {total} are step numbers (e.g. 2 and 5), {name} the step name.',
    defaultMessage: 'Step {number} of {total}: {name}',
  },
  details: {
    id: 'steps.details',
    description: 'Name of the first sign-up step, where the parent enters name, email, phone and country.',
    defaultMessage: 'Your details',
  },
  package: {
    id: 'steps.package',
    description: 'Name of the sign-up step where the parent picks a subscription plan.',
    defaultMessage: 'Choose your plan',
  },
  terms: {
    id: 'steps.terms',
    description: 'Name of the sign-up step where the parent accepts the terms and conditions.',
    defaultMessage: 'Terms and conditions',
  },
  payment: {
    id: 'steps.payment',
    description: 'Name of the sign-up step where the parent pays by card or wallet.',
    defaultMessage: 'Payment',
  },
  account: {
    id: 'steps.account',
    description: 'Name of the last sign-up step, where the parent chooses a username, password and security questions.',
    defaultMessage: 'Create your login',
  },
  continue: {
    id: 'steps.continue',
    description: 'Button that saves the current step and goes to the next one.',
    defaultMessage: 'Continue',
  },
  back: {
    id: 'steps.back',
    description: 'Button that goes back to the previous sign-up step.',
    defaultMessage: 'Back',
  },
});

export const detailsMessages = defineMessages({
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

export const packageMessages = defineMessages({
  intro: {
    id: 'package.intro',
    description: 'Introduction at the top of the plan step.',
    defaultMessage: 'Compare the plans and pick the one that suits your family.',
  },
  plans: { id: 'package.plans', description: 'Accessible name of the list of plan cards.', defaultMessage: 'Plans' },
  loading: {
    id: 'package.loading',
    description: 'Shown while the plans and prices load.',
    defaultMessage: 'Loading plans…',
  },
  length: {
    id: 'package.length',
    description: 'Label of the switch between a 1-year and a 2-year subscription.',
    defaultMessage: 'Subscription length',
  },
  oneYear: {
    id: 'package.oneYear',
    description: 'Option of the subscription length switch: a one-year subscription.',
    defaultMessage: '1 year',
  },
  twoYears: {
    id: 'package.twoYears',
    description: 'Option of the subscription length switch: a two-year subscription.',
    defaultMessage: '2 years',
  },
  select: {
    id: 'package.select',
    description: 'Button on a plan card that chooses that plan.',
    defaultMessage: 'Select',
  },
  selected: {
    id: 'package.selected',
    description: 'Button text on the plan card that is already chosen.',
    defaultMessage: 'Selected',
  },
  perMonth: {
    id: 'package.perMonth',
    description:
      'Monthly equivalent of a plan’s price on its card; {price} is a formatted amount with currency, e.g. $8.33.',
    defaultMessage: '{price}/month',
  },
  term: {
    id: 'package.term',
    description:
      'Under a plan’s price: the subscription lasts {years} years and is paid once up front (no monthly billing).',
    defaultMessage: '{years, plural, one {for # year, billed once} other {for # years, billed once}}',
  },
  vat: {
    id: 'package.vat',
    description:
      'Under a price in pounds: how much VAT (UK value added tax) the price includes; {vat} is a formatted amount, e.g. £20.00.',
    defaultMessage: 'Includes {vat} VAT',
  },
  discount: {
    id: 'package.discount',
    description:
      'Coupon saving on a plan card; {amount} is the formatted amount saved, {percent} the whole-number discount percentage (15 for 15 %), which the ::percent skeleton scales by 0.01 and formats as the locale does: keep the skeleton, write no % sign.',
    defaultMessage: 'Save {amount} ({percent, number, ::percent scale/0.01})',
  },
  was: {
    id: 'package.was',
    description: 'Label before the struck-through original price of a discounted plan.',
    defaultMessage: 'Was',
  },
  prorated: {
    id: 'package.prorated',
    description:
      'On a plan card for a parent who already has a subscription: the price to upgrade now; {price} is a formatted amount that only charges for the rest of the current subscription.',
    defaultMessage: 'Upgrade today for {price} (prorated)',
  },
  upgradeIntro: {
    id: 'package.upgradeIntro',
    description: 'Introduction of the plan step for a parent who already has a subscription and can only upgrade.',
    defaultMessage: 'You already have a subscription. Upgrading charges only the prorated difference.',
  },
  /** Issue 11 defect 1: with a current subscription, only upgrades can be chosen; said near the plans. */
  upgradesOnly: {
    id: 'package.upgradesOnly',
    description: 'Note beside the plans for a parent with a subscription: lower or equal plans are disabled.',
    defaultMessage: 'Only an upgrade can be bought: the plan you have and plans that cost less cannot be chosen.',
  },
  /** Issue 11 defect 1: on a plan card that is not an upgrade of the plan held (its select button is disabled). */
  notAnUpgrade: {
    id: 'package.notAnUpgrade',
    description: 'On a disabled plan card: the parent already has this plan or a better one.',
    defaultMessage: 'Not available: you already have this plan or a higher one.',
  },
  mostPopular: {
    id: 'package.mostPopular',
    description: 'Badge on the plan card most parents choose.',
    defaultMessage: 'Most popular',
  },
  none: {
    id: 'package.none',
    description: 'Shown instead of plan cards when nothing is on sale in the parent’s country.',
    defaultMessage: 'No plans are available for your country right now.',
  },
  byoHeading: {
    id: 'package.byo.heading',
    description: 'Heading of the section where the parent builds a custom plan from a base subscription and add-ons.',
    defaultMessage: 'Build your own plan',
  },
  byoIntro: {
    id: 'package.byo.intro',
    description: 'Introduction of the build-your-own plan section.',
    defaultMessage: 'Start with the essentials and add only what you need.',
  },
  byoBase: {
    id: 'package.byo.base',
    description: 'Price of the base subscription in the build-your-own section; {price} is a formatted amount.',
    defaultMessage: 'Base subscription: {price}',
  },
  byoMyFiles: {
    id: 'package.byo.myfiles',
    description:
      'Name of the add-on that gives storage for uploaded documents; "My Files" is the name of the feature in the product.',
    defaultMessage: 'My Files storage',
  },
  byoTonemeter: {
    id: 'package.byo.tonemeter',
    description: 'Name of an add-on (a tone checker for messages); a product name, normally left untranslated.',
    defaultMessage: 'ToneMeter',
  },
  byoPayments: {
    id: 'package.byo.payments',
    description: 'Name of the add-on for unlimited payments between co-parents with OFWpay (a product name).',
    defaultMessage: 'Unlimited OFWpay payments',
  },
  byoCalls: {
    id: 'package.byo.calls',
    description: 'Name of the add-on for voice and video calls between co-parents.',
    defaultMessage: 'Calls',
  },
  byoNone: {
    id: 'package.byo.none',
    description: 'Option of an add-on drop-down meaning the add-on is not included.',
    defaultMessage: 'None',
  },
  byoOption: {
    id: 'package.byo.option',
    description:
      'One option of an add-on drop-down; {name} is the option (e.g. 5 GB), {price} its formatted extra cost.',
    defaultMessage: '{name} (+{price})',
  },
  byoTotal: {
    id: 'package.byo.total',
    description: 'Total price of the build-your-own selection; {total} is a formatted amount.',
    defaultMessage: 'Total: {total}',
  },
  byoSelect: {
    id: 'package.byo.select',
    description: 'Button that chooses the build-your-own plan as configured.',
    defaultMessage: 'Select my plan',
  },
  /** Issue 11 defect 1: a build-your-own selection that is not an upgrade of the plan held. */
  byoNotAnUpgrade: {
    id: 'package.byo.notAnUpgrade',
    description: 'Error in the build-your-own section when the selection is not better than the parent’s current plan.',
    defaultMessage:
      'This selection is not an upgrade of the plan you have. Add options or choose a longer subscription.',
  },
  proFor: {
    id: 'package.proFor',
    description: 'Heading of the plans a professional offers; {name} is the professional’s name or organization.',
    defaultMessage: 'Plans offered through {name}',
  },
});

export const termsMessages = defineMessages({
  intro: {
    id: 'terms.intro',
    description: 'Sentence before the list of terms the parent accepts by continuing.',
    defaultMessage: 'By continuing you agree to the following:',
  },
  service: {
    id: 'terms.service',
    description: 'Item of the terms list: the product’s legal documents (names of the documents).',
    defaultMessage: 'The OurFamilyWizard Terms of Service and Privacy Policy.',
  },
  renewal: {
    id: 'terms.renewal',
    description: 'Item of the terms list: the subscription ends after the chosen length and is not renewed.',
    defaultMessage: 'Your subscription lasts for the length you chose and does not renew automatically.',
  },
  records: {
    id: 'terms.records',
    description: 'Item of the terms list: messages and journal entries are permanent so they can be used as evidence.',
    defaultMessage: 'Messages and entries cannot be edited or deleted once sent, so they can serve as records.',
  },
  coparent: {
    id: 'terms.coparent',
    description: 'Item of the terms list: the other parent pays for their own subscription.',
    defaultMessage: 'Your co-parent needs their own subscription to join your family account.',
  },
  refunds: {
    id: 'terms.refunds',
    description: 'Item of the terms list: refund period after buying.',
    defaultMessage: 'You can ask for a full refund within 30 days of purchase.',
  },
});

export const paymentMessagesUi = defineMessages({
  intro: {
    id: 'payment.intro',
    description: 'Introduction at the top of the payment step.',
    defaultMessage: 'Pay securely by card. Card details go straight to our payment provider.',
  },
  summary: {
    id: 'payment.summary',
    description: 'Heading of the box listing what is bought and the total.',
    defaultMessage: 'Order summary',
  },
  plan: {
    id: 'payment.plan',
    description: 'Line of the order summary; {plan} is the plan name, {years} the subscription length in years.',
    defaultMessage: '{plan}, {years, plural, one {# year} other {# years}}',
  },
  total: {
    id: 'payment.total',
    description: 'Total charged now in the order summary; {total} is a formatted amount.',
    defaultMessage: 'Total due today: {total}',
  },
  vat: {
    id: 'payment.vat',
    description:
      'Order summary line for prices in pounds: VAT (UK value added tax) included in the total; {vat} is a formatted amount.',
    defaultMessage: 'Includes {vat} VAT',
  },
  /** Issue 11: an upgrade's credit for the unused time of the plan held (quote().credit). */
  credit: {
    id: 'payment.credit',
    description:
      'Order summary line for an upgrade: the value of the unused time of the current plan, taken off the price; {amount} is a formatted amount.',
    defaultMessage: 'Credit for your current plan: {amount}',
  },
  discount: {
    id: 'payment.discount',
    description:
      'Order summary line: the coupon saving; {amount} is the formatted amount, {percent} the whole-number discount percentage (15 for 15 %), which the ::percent skeleton scales by 0.01 and formats as the locale does: keep the skeleton, write no % sign.',
    defaultMessage: 'Coupon discount: {amount} ({percent, number, ::percent scale/0.01})',
  },
  card: { id: 'payment.card', description: 'Heading of the card payment form.', defaultMessage: 'Card details' },
  cardNumber: {
    id: 'payment.cardNumber',
    description: 'Label of the card number field.',
    defaultMessage: 'Card number',
  },
  expirationDate: {
    id: 'payment.expirationDate',
    description: 'Label of the card’s expiry date field (month and year printed on the card).',
    defaultMessage: 'Expiration date',
  },
  cvv: {
    id: 'payment.cvv',
    description: 'Label of the card security code field; CVV is the code printed on the back of the card.',
    defaultMessage: 'CVV',
  },
  cardNumberError: {
    id: 'payment.error.cardNumber',
    description: 'Error under the card number field when the number is not valid.',
    defaultMessage: 'Enter a valid card number.',
  },
  expirationDateError: {
    id: 'payment.error.expirationDate',
    description:
      'Error under the expiry date field; MM/YY shows the expected format (month/year), translate the letters.',
    defaultMessage: 'Enter a valid expiration date (MM/YY).',
  },
  cvvError: {
    id: 'payment.error.cvv',
    description: 'Error under the card security code field when it is missing or not valid.',
    defaultMessage: 'Enter the security code from your card.',
  },
  cardLoading: {
    id: 'payment.cardLoading',
    description: 'Shown while the secure card fields of the payment provider load.',
    defaultMessage: 'Loading secure card fields…',
  },
  cardLoadFailed: {
    id: 'payment.cardLoadFailed',
    description: 'Error when the payment provider’s secure card fields cannot be loaded.',
    defaultMessage: 'The secure card form could not be loaded. Please reload the page and try again.',
  },
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
  province: {
    id: 'payment.province',
    description: 'Label of the province field of a billing address in Canada.',
    defaultMessage: 'Province',
  },
  county: {
    id: 'payment.county',
    description: 'Label of the county field of a billing address in the United Kingdom.',
    defaultMessage: 'County',
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
  required: {
    id: 'payment.error.required',
    description: 'Error under a billing address field that is empty.',
    defaultMessage: 'This field is required.',
  },
  pay: {
    id: 'payment.pay',
    description: 'Button that submits the card payment; {amount} is the formatted amount charged.',
    defaultMessage: 'Pay {amount}',
  },
  paying: {
    id: 'payment.paying',
    description: 'Shown while the payment is processed.',
    defaultMessage: 'Processing your payment…',
  },
  resuming: {
    id: 'payment.resuming',
    description: 'Shown after a page reload while the app checks whether a payment that was started went through.',
    defaultMessage: 'Checking the payment you started before the page reloaded…',
  },
  errorTitle: {
    id: 'payment.errorTitle',
    description: 'Heading of the error box when a payment failed.',
    defaultMessage: 'Payment not completed',
  },
  inDoubt: {
    id: 'payment.error.inDoubt',
    description: 'Error when the app cannot tell whether the payment went through; retrying is safe.',
    defaultMessage: 'We could not confirm your payment. Try again: you will not be charged twice.',
  },
  fixCard: {
    id: 'payment.error.fixCard',
    description: 'Error above the card form when some card fields are invalid; the invalid fields are highlighted.',
    defaultMessage: 'Check the highlighted card details.',
  },
  /** join-api 409 `not_an_upgrade`: with a current subscription only an upgrade can be bought (issue 11). */
  notAnUpgrade: {
    id: 'payment.error.notAnUpgrade',
    description:
      'Error after paying when the server refused the purchase because it is not an upgrade of the current subscription.',
    defaultMessage:
      'You already have a subscription. Only an upgrade to a higher plan can be bought; nothing was charged.',
  },
  /** join-api 422 `payment_method_expired`: the nonce was unknown, expired or already used (issue 10). */
  cardExpired: {
    id: 'payment.error.cardExpired',
    description: 'Error when the card details expired before the payment; the parent enters the card again.',
    defaultMessage: 'This card could not be charged. Enter the card details again.',
  },
  wallets: {
    id: 'payment.wallets',
    description: 'Heading before the PayPal, Venmo and Apple Pay buttons.',
    defaultMessage: 'Or pay with',
  },
  payPal: {
    id: 'payment.payPal',
    description: 'Accessible label of the PayPal button.',
    defaultMessage: 'Check out with PayPal',
  },
  venmo: {
    id: 'payment.venmo',
    description: 'Accessible label of the Venmo button.',
    defaultMessage: 'Check out with Venmo',
  },
  applePay: {
    id: 'payment.applePay',
    description: 'Accessible label of the Apple Pay button.',
    defaultMessage: 'Check out with Apple Pay',
  },
  threeDSCanceled: {
    id: 'payment.threeDS.canceled',
    description: 'Error when the parent closed the bank’s card verification (3D Secure) window.',
    defaultMessage: 'Card verification was canceled. You have not been charged.',
  },
  /** Issue 11 defect 5: tokenization gave no BIN, so 3D Secure cannot run; the card is refused, not charged. */
  noBin: {
    id: 'payment.error.noBin',
    description: 'Error when the card cannot go through the bank’s verification (3D Secure); the card is refused.',
    defaultMessage: 'This card cannot be verified with your bank, so it was not charged. Please use a different card.',
  },
  threeDSFailed: {
    id: 'payment.threeDS.failed',
    description: 'Error when the bank’s card verification (3D Secure) failed.',
    defaultMessage: 'Your bank could not verify the card. Please try again or use a different card.',
  },
});

export const accountMessages = defineMessages({
  intro: {
    id: 'account.intro',
    description: 'Introduction of the account step after a successful payment.',
    defaultMessage: 'Payment received. Choose how you will sign in to OurFamilyWizard.',
  },
  introNoPayment: {
    id: 'account.introNoPayment',
    description: 'Introduction of the account step when no payment was needed (e.g. a professional paid).',
    defaultMessage: 'Choose how you will sign in to OurFamilyWizard.',
  },
  credentials: {
    id: 'account.credentials',
    description: 'Heading of the username and password fields.',
    defaultMessage: 'Sign-in details',
  },
  username: { id: 'account.username', description: 'Label of the username field.', defaultMessage: 'Username' },
  usernameHint: {
    id: 'account.usernameHint',
    description:
      'Hint under the username field: the allowed length and characters (the characters . _ @ + - stay as they are).',
    defaultMessage: '3 to 64 letters, digits or . _ @ + -',
  },
  password: { id: 'account.password', description: 'Label of the password field.', defaultMessage: 'Password' },
  passwordHint: {
    id: 'account.passwordHint',
    description: 'Hint under the password field: minimum length.',
    defaultMessage: 'At least 12 characters.',
  },
  securityQuestions: {
    id: 'account.securityQuestions',
    description: 'Heading of the security questions used to recover the account.',
    defaultMessage: 'Security questions',
  },
  securityQuestion: {
    id: 'account.securityQuestion',
    description: 'Label of a security question drop-down; {number} is its position (1, 2 or 3).',
    defaultMessage: 'Security question {number}',
  },
  answer: {
    id: 'account.answer',
    description: 'Label of the answer field of a security question; {number} is its position (1, 2 or 3).',
    defaultMessage: 'Answer {number}',
  },
  chooseQuestion: {
    id: 'account.chooseQuestion',
    description: 'Empty first option of a security question drop-down.',
    defaultMessage: 'Choose a question',
  },
  coParentQuestion: {
    id: 'account.coParent.question',
    description: 'Question whether the parent knows the other parent’s email address (to invite them).',
    defaultMessage: 'Do you know your co-parent’s email address?',
  },
  coParentYes: {
    id: 'account.coParent.yes',
    description: 'Answer "yes" to the co-parent email question.',
    defaultMessage: 'Yes',
  },
  coParentNo: {
    id: 'account.coParent.no',
    description: 'Answer "no" to the co-parent email question.',
    defaultMessage: 'No',
  },
  coParentEmail: {
    id: 'account.coParent.email',
    description: 'Label of the other parent’s email address field.',
    defaultMessage: 'Co-parent’s email address',
  },
  finish: {
    id: 'account.finish',
    description: 'Button that creates the account and ends the sign-up.',
    defaultMessage: 'Finish',
  },
  finishing: {
    id: 'account.finishing',
    description: 'Shown while the account is created.',
    defaultMessage: 'Creating your account…',
  },
  errorUsername: {
    id: 'account.error.username',
    description: 'Error under the username field when it breaks the rules (the characters . _ @ + - stay as they are).',
    defaultMessage: 'Use 3 to 64 letters, digits or . _ @ + -',
  },
  errorUsernameTaken: {
    id: 'account.error.usernameTaken',
    description: 'Error under the username field when another account uses it.',
    defaultMessage: 'This username is taken. Choose another.',
  },
  errorPassword: {
    id: 'account.error.password',
    description: 'Error under the password field when it is too short.',
    defaultMessage: 'Use at least 12 characters.',
  },
  errorQuestion: {
    id: 'account.error.question',
    description: 'Error under a security question drop-down when no question is chosen.',
    defaultMessage: 'Choose a question.',
  },
  errorAnswer: {
    id: 'account.error.answer',
    description: 'Error under a security answer field when it is empty.',
    defaultMessage: 'Enter an answer.',
  },
  errorCoParentEmail: {
    id: 'account.error.coParentEmail',
    description: 'Error under the co-parent email field when the address is not valid.',
    defaultMessage: 'Enter a valid email address.',
  },
  notComplete: {
    id: 'account.notComplete',
    description: 'Shown on the account step when an earlier step is unfinished.',
    defaultMessage: 'Your sign-up is not complete yet. Check the earlier steps.',
  },
});

export const faqMessages = defineMessages({
  heading: {
    id: 'faq.heading',
    description: 'Heading of the frequently asked questions below the sign-up form.',
    defaultMessage: 'Frequently asked questions',
  },
  q1: {
    id: 'faq.q1',
    description: 'FAQ question about whether the other parent pays.',
    defaultMessage: 'Does my co-parent need to pay too?',
  },
  a1: {
    id: 'faq.a1',
    description: 'FAQ answer: each parent pays for their own subscription.',
    defaultMessage:
      'Yes. Each parent has their own subscription. Your co-parent can join your family with an invitation.',
  },
  q2: {
    id: 'faq.q2',
    description: 'FAQ question about changing plan after buying.',
    defaultMessage: 'Can I change my plan later?',
  },
  a2: {
    id: 'faq.a2',
    description: 'FAQ answer: upgrading costs only the price difference for the time left.',
    defaultMessage: 'Yes. You can upgrade at any time and pay only the prorated difference.',
  },
  q3: { id: 'faq.q3', description: 'FAQ question about payment security.', defaultMessage: 'Is my payment secure?' },
  a3: {
    id: 'faq.a3',
    description: 'FAQ answer: card details go to the payment provider, not to us.',
    defaultMessage:
      'Yes. Card details are entered in fields hosted by our payment provider and never reach our servers.',
  },
  q4: {
    id: 'faq.q4',
    description: 'FAQ question about a declined payment.',
    defaultMessage: 'What if my payment is declined?',
  },
  a4: {
    id: 'faq.a4',
    description: 'FAQ answer: a declined payment charges nothing.',
    defaultMessage: 'Nothing is charged. Check the card details or use another card, and try again.',
  },
});

export const inviteMessages = defineMessages({
  loading: {
    id: 'invite.loading',
    description: 'Shown while an invitation link is checked.',
    defaultMessage: 'Checking your invitation…',
  },
  coParents: {
    id: 'invite.coParents',
    description: 'Shown to an invited parent; {names} is the name or names of the family members who invited them.',
    defaultMessage: 'You are joining the family of {names}.',
  },
  requestTitle: {
    id: 'invite.request.title',
    description: 'Heading of the page shown for an invitation link that expired or was used.',
    defaultMessage: 'Ask for a new invitation',
  },
  requestBody: {
    id: 'invite.request.body',
    description: 'Text of the page shown for an invitation link that expired or was used.',
    defaultMessage:
      'This invitation link is no longer valid. Ask your co-parent to send you a new invitation from their OurFamilyWizard account.',
  },
  requestOrJoin: {
    id: 'invite.request.orJoin',
    description: 'Link under an expired invitation to sign up without an invitation.',
    defaultMessage: 'You can also sign up on your own.',
  },
  loadFailed: {
    id: 'invite.loadFailed',
    description: 'Error when the invitation cannot be loaded.',
    defaultMessage: 'We could not load your invitation. Please try again later.',
  },
});
