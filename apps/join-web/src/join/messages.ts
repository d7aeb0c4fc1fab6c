import { defineMessages } from '../i18n/define-messages.js';

/**
 * Every user-facing string of the join, with stable ids (`area.thing`). English (en-US) defaults live here;
 * `pnpm i18n:extract` writes them to src/i18n/lang/en-US.json, and en-GB, es-US and es-MX translate every id
 * (`pnpm i18n:check` fails on a missing or unused id).
 */
export const appMessages = defineMessages({
  brand: { id: 'app.brand', defaultMessage: 'OurFamilyWizard' },
  skipToContent: { id: 'app.skipToContent', defaultMessage: 'Skip to main content' },
  language: { id: 'app.language', defaultMessage: 'Language' },
  loading: { id: 'app.loading', defaultMessage: 'Loading…' },
  notFoundTitle: { id: 'app.notFound.title', defaultMessage: 'Page not found' },
  notFoundBody: { id: 'app.notFound.body', defaultMessage: 'The page you are looking for does not exist.' },
  backToJoin: { id: 'app.backToJoin', defaultMessage: 'Back to sign up' },
  unexpectedError: {
    id: 'app.error.unexpected',
    defaultMessage: 'An unexpected error occurred, please try again later.',
  },
  tryAgain: { id: 'app.tryAgain', defaultMessage: 'Try again' },
  pageTitle: { id: 'app.pageTitle', defaultMessage: '{step} – Join OurFamilyWizard' },
});

/** Problems any step can get from join-api (issue 12), explained in the page instead of "unexpected error". */
export const problemMessages = defineMessages({
  /** 429 `rate_limited` with a Retry-After under a minute. */
  rateLimitedSeconds: {
    id: 'app.error.rateLimited.seconds',
    defaultMessage: 'Too many attempts. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
  },
  /** 429 `rate_limited` with a Retry-After of a minute or more (rounded up to whole minutes). */
  rateLimitedMinutes: {
    id: 'app.error.rateLimited.minutes',
    defaultMessage: 'Too many attempts. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.',
  },
  /** 429 `rate_limited` without a Retry-After. */
  rateLimited: {
    id: 'app.error.rateLimited',
    defaultMessage: 'Too many attempts. Please wait a few minutes and try again.',
  },
  /** 422 `currency_not_offered`: the plan is priced in another currency than the parent's country's. */
  currencyNotOffered: {
    id: 'app.error.currencyNotOffered',
    defaultMessage:
      "This plan is not sold in your country's currency. Go back and choose a plan again; nothing was charged.",
  },
  /** POST /signups 401 for a pro referral token that was used, revoked or has expired. */
  referralInvalid: {
    id: 'app.error.referralInvalid',
    defaultMessage: 'This referral link is no longer valid. You can still join OurFamilyWizard without it.',
  },
  /** The way from a dead referral link to the regular join. */
  joinWithoutReferral: { id: 'app.joinWithoutReferral', defaultMessage: 'Join without the referral' },
});

export const stepMessages = defineMessages({
  progress: { id: 'steps.progress', defaultMessage: 'Sign-up progress' },
  describe: { id: 'steps.describe', defaultMessage: 'Step {number} of {total}: {name}' },
  details: { id: 'steps.details', defaultMessage: 'Your details' },
  package: { id: 'steps.package', defaultMessage: 'Choose your plan' },
  terms: { id: 'steps.terms', defaultMessage: 'Terms and conditions' },
  payment: { id: 'steps.payment', defaultMessage: 'Payment' },
  account: { id: 'steps.account', defaultMessage: 'Create your login' },
  continue: { id: 'steps.continue', defaultMessage: 'Continue' },
  back: { id: 'steps.back', defaultMessage: 'Back' },
});

export const detailsMessages = defineMessages({
  intro: { id: 'details.intro', defaultMessage: 'Tell us about yourself to start your OurFamilyWizard subscription.' },
  proReferral: { id: 'details.proReferral', defaultMessage: 'You were referred by {name}.' },
  firstName: { id: 'details.firstName', defaultMessage: 'First name' },
  lastName: { id: 'details.lastName', defaultMessage: 'Last name' },
  email: { id: 'details.email', defaultMessage: 'Email' },
  phoneCode: { id: 'details.phoneCode', defaultMessage: 'Country code' },
  phoneNumber: { id: 'details.phoneNumber', defaultMessage: 'Phone number' },
  country: { id: 'details.country', defaultMessage: 'Country' },
  countryHint: {
    id: 'details.countryHint',
    defaultMessage: 'We chose this from your phone number. Change it if it is wrong.',
  },
  countryGroupCommon: { id: 'details.countryGroup.common', defaultMessage: 'Common countries' },
  countryGroupAll: { id: 'details.countryGroup.all', defaultMessage: 'All countries' },
  selectPlaceholder: { id: 'details.selectPlaceholder', defaultMessage: 'Select…' },
  phoneCodeOption: { id: 'details.phoneCodeOption', defaultMessage: '{country} ({code})' },
  checkingPhone: { id: 'details.checkingPhone', defaultMessage: 'Checking your phone number…' },
  errorFirstName: { id: 'details.error.firstName', defaultMessage: 'Enter your first name.' },
  errorLastName: { id: 'details.error.lastName', defaultMessage: 'Enter your last name.' },
  errorEmail: { id: 'details.error.email', defaultMessage: 'Enter a valid email address, like name@example.com.' },
  errorPhone: { id: 'details.error.phone', defaultMessage: 'Enter a phone number of 4 to 20 digits.' },
  errorCountry: { id: 'details.error.country', defaultMessage: 'Choose the country you live in.' },
  errorCountryUnsupported: {
    id: 'details.error.countryUnsupported',
    defaultMessage: 'Sign-up is not available in this country yet.',
  },
  errorEmailTaken: { id: 'details.error.emailTaken', defaultMessage: 'An account with this email already exists.' },
});

export const packageMessages = defineMessages({
  intro: { id: 'package.intro', defaultMessage: 'Compare the plans and pick the one that suits your family.' },
  plans: { id: 'package.plans', defaultMessage: 'Plans' },
  loading: { id: 'package.loading', defaultMessage: 'Loading plans…' },
  length: { id: 'package.length', defaultMessage: 'Subscription length' },
  oneYear: { id: 'package.oneYear', defaultMessage: '1 year' },
  twoYears: { id: 'package.twoYears', defaultMessage: '2 years' },
  select: { id: 'package.select', defaultMessage: 'Select' },
  selected: { id: 'package.selected', defaultMessage: 'Selected' },
  perMonth: { id: 'package.perMonth', defaultMessage: '{price}/month' },
  term: {
    id: 'package.term',
    defaultMessage: '{years, plural, one {for # year, billed once} other {for # years, billed once}}',
  },
  vat: { id: 'package.vat', defaultMessage: 'Includes {vat} VAT' },
  discount: { id: 'package.discount', defaultMessage: 'Save {amount} ({percent}%)' },
  was: { id: 'package.was', defaultMessage: 'Was' },
  prorated: { id: 'package.prorated', defaultMessage: 'Upgrade today for {price} (prorated)' },
  upgradeIntro: {
    id: 'package.upgradeIntro',
    defaultMessage: 'You already have a subscription. Upgrading charges only the prorated difference.',
  },
  /** Issue 11 defect 1: with a current subscription, only upgrades can be chosen; said near the plans. */
  upgradesOnly: {
    id: 'package.upgradesOnly',
    defaultMessage: 'Only an upgrade can be bought: the plan you have and plans that cost less cannot be chosen.',
  },
  /** Issue 11 defect 1: on a plan card that is not an upgrade of the plan held (its select button is disabled). */
  notAnUpgrade: {
    id: 'package.notAnUpgrade',
    defaultMessage: 'Not available: you already have this plan or a higher one.',
  },
  mostPopular: { id: 'package.mostPopular', defaultMessage: 'Most popular' },
  none: { id: 'package.none', defaultMessage: 'No plans are available for your country right now.' },
  byoHeading: { id: 'package.byo.heading', defaultMessage: 'Build your own plan' },
  byoIntro: { id: 'package.byo.intro', defaultMessage: 'Start with the essentials and add only what you need.' },
  byoBase: { id: 'package.byo.base', defaultMessage: 'Base subscription: {price}' },
  byoMyFiles: { id: 'package.byo.myfiles', defaultMessage: 'My Files storage' },
  byoTonemeter: { id: 'package.byo.tonemeter', defaultMessage: 'ToneMeter' },
  byoPayments: { id: 'package.byo.payments', defaultMessage: 'Unlimited OFWpay payments' },
  byoCalls: { id: 'package.byo.calls', defaultMessage: 'Calls' },
  byoNone: { id: 'package.byo.none', defaultMessage: 'None' },
  byoOption: { id: 'package.byo.option', defaultMessage: '{name} (+{price})' },
  byoTotal: { id: 'package.byo.total', defaultMessage: 'Total: {total}' },
  byoSelect: { id: 'package.byo.select', defaultMessage: 'Select my plan' },
  /** Issue 11 defect 1: a build-your-own selection that is not an upgrade of the plan held. */
  byoNotAnUpgrade: {
    id: 'package.byo.notAnUpgrade',
    defaultMessage:
      'This selection is not an upgrade of the plan you have. Add options or choose a longer subscription.',
  },
  proFor: { id: 'package.proFor', defaultMessage: 'Plans offered through {name}' },
});

export const termsMessages = defineMessages({
  intro: { id: 'terms.intro', defaultMessage: 'By continuing you agree to the following:' },
  service: { id: 'terms.service', defaultMessage: 'The OurFamilyWizard Terms of Service and Privacy Policy.' },
  renewal: {
    id: 'terms.renewal',
    defaultMessage: 'Your subscription lasts for the length you chose and does not renew automatically.',
  },
  records: {
    id: 'terms.records',
    defaultMessage: 'Messages and entries cannot be edited or deleted once sent, so they can serve as records.',
  },
  coparent: {
    id: 'terms.coparent',
    defaultMessage: 'Your co-parent needs their own subscription to join your family account.',
  },
  refunds: { id: 'terms.refunds', defaultMessage: 'You can ask for a full refund within 30 days of purchase.' },
});

export const paymentMessagesUi = defineMessages({
  intro: {
    id: 'payment.intro',
    defaultMessage: 'Pay securely by card. Card details go straight to our payment provider.',
  },
  summary: { id: 'payment.summary', defaultMessage: 'Order summary' },
  plan: { id: 'payment.plan', defaultMessage: '{plan}, {years, plural, one {# year} other {# years}}' },
  total: { id: 'payment.total', defaultMessage: 'Total due today: {total}' },
  vat: { id: 'payment.vat', defaultMessage: 'Includes {vat} VAT' },
  /** Issue 11: an upgrade's credit for the unused time of the plan held (quote().credit). */
  credit: { id: 'payment.credit', defaultMessage: 'Credit for your current plan: {amount}' },
  discount: { id: 'payment.discount', defaultMessage: 'Coupon discount: {amount} ({percent}%)' },
  card: { id: 'payment.card', defaultMessage: 'Card details' },
  cardNumber: { id: 'payment.cardNumber', defaultMessage: 'Card number' },
  expirationDate: { id: 'payment.expirationDate', defaultMessage: 'Expiration date' },
  cvv: { id: 'payment.cvv', defaultMessage: 'CVV' },
  cardNumberError: { id: 'payment.error.cardNumber', defaultMessage: 'Enter a valid card number.' },
  expirationDateError: { id: 'payment.error.expirationDate', defaultMessage: 'Enter a valid expiration date (MM/YY).' },
  cvvError: { id: 'payment.error.cvv', defaultMessage: 'Enter the security code from your card.' },
  cardLoading: { id: 'payment.cardLoading', defaultMessage: 'Loading secure card fields…' },
  cardLoadFailed: {
    id: 'payment.cardLoadFailed',
    defaultMessage: 'The secure card form could not be loaded. Please reload the page and try again.',
  },
  billing: { id: 'payment.billing', defaultMessage: 'Billing address' },
  streetAddress: { id: 'payment.streetAddress', defaultMessage: 'Street address' },
  city: { id: 'payment.city', defaultMessage: 'City' },
  state: { id: 'payment.state', defaultMessage: 'State' },
  zip: { id: 'payment.zip', defaultMessage: 'ZIP code' },
  province: { id: 'payment.province', defaultMessage: 'Province' },
  county: { id: 'payment.county', defaultMessage: 'County' },
  region: { id: 'payment.region', defaultMessage: 'State or territory' },
  postcode: { id: 'payment.postcode', defaultMessage: 'Postcode' },
  postalCode: { id: 'payment.postalCode', defaultMessage: 'Postal code' },
  required: { id: 'payment.error.required', defaultMessage: 'This field is required.' },
  pay: { id: 'payment.pay', defaultMessage: 'Pay {amount}' },
  paying: { id: 'payment.paying', defaultMessage: 'Processing your payment…' },
  resuming: {
    id: 'payment.resuming',
    defaultMessage: 'Checking the payment you started before the page reloaded…',
  },
  errorTitle: { id: 'payment.errorTitle', defaultMessage: 'Payment not completed' },
  inDoubt: {
    id: 'payment.error.inDoubt',
    defaultMessage: 'We could not confirm your payment. Try again: you will not be charged twice.',
  },
  fixCard: { id: 'payment.error.fixCard', defaultMessage: 'Check the highlighted card details.' },
  /** join-api 409 `not_an_upgrade`: with a current subscription only an upgrade can be bought (issue 11). */
  notAnUpgrade: {
    id: 'payment.error.notAnUpgrade',
    defaultMessage:
      'You already have a subscription. Only an upgrade to a higher plan can be bought; nothing was charged.',
  },
  /** join-api 422 `payment_method_expired`: the nonce was unknown, expired or already used (issue 10). */
  cardExpired: {
    id: 'payment.error.cardExpired',
    defaultMessage: 'This card could not be charged. Enter the card details again.',
  },
  wallets: { id: 'payment.wallets', defaultMessage: 'Or pay with' },
  payPal: { id: 'payment.payPal', defaultMessage: 'Check out with PayPal' },
  venmo: { id: 'payment.venmo', defaultMessage: 'Check out with Venmo' },
  applePay: { id: 'payment.applePay', defaultMessage: 'Check out with Apple Pay' },
  threeDSCanceled: {
    id: 'payment.threeDS.canceled',
    defaultMessage: 'Card verification was canceled. You have not been charged.',
  },
  /** Issue 11 defect 5: tokenization gave no BIN, so 3D Secure cannot run; the card is refused, not charged. */
  noBin: {
    id: 'payment.error.noBin',
    defaultMessage: 'This card cannot be verified with your bank, so it was not charged. Please use a different card.',
  },
  threeDSFailed: {
    id: 'payment.threeDS.failed',
    defaultMessage: 'Your bank could not verify the card. Please try again or use a different card.',
  },
});

export const accountMessages = defineMessages({
  intro: { id: 'account.intro', defaultMessage: 'Payment received. Choose how you will sign in to OurFamilyWizard.' },
  introNoPayment: { id: 'account.introNoPayment', defaultMessage: 'Choose how you will sign in to OurFamilyWizard.' },
  credentials: { id: 'account.credentials', defaultMessage: 'Sign-in details' },
  username: { id: 'account.username', defaultMessage: 'Username' },
  usernameHint: { id: 'account.usernameHint', defaultMessage: '3 to 64 letters, digits or . _ @ + -' },
  password: { id: 'account.password', defaultMessage: 'Password' },
  passwordHint: { id: 'account.passwordHint', defaultMessage: 'At least 12 characters.' },
  securityQuestions: { id: 'account.securityQuestions', defaultMessage: 'Security questions' },
  securityQuestion: { id: 'account.securityQuestion', defaultMessage: 'Security question {number}' },
  answer: { id: 'account.answer', defaultMessage: 'Answer {number}' },
  chooseQuestion: { id: 'account.chooseQuestion', defaultMessage: 'Choose a question' },
  coParentQuestion: { id: 'account.coParent.question', defaultMessage: 'Do you know your co-parent’s email address?' },
  coParentYes: { id: 'account.coParent.yes', defaultMessage: 'Yes' },
  coParentNo: { id: 'account.coParent.no', defaultMessage: 'No' },
  coParentEmail: { id: 'account.coParent.email', defaultMessage: 'Co-parent’s email address' },
  finish: { id: 'account.finish', defaultMessage: 'Finish' },
  finishing: { id: 'account.finishing', defaultMessage: 'Creating your account…' },
  errorUsername: { id: 'account.error.username', defaultMessage: 'Use 3 to 64 letters, digits or . _ @ + -' },
  errorUsernameTaken: { id: 'account.error.usernameTaken', defaultMessage: 'This username is taken. Choose another.' },
  errorPassword: { id: 'account.error.password', defaultMessage: 'Use at least 12 characters.' },
  errorQuestion: { id: 'account.error.question', defaultMessage: 'Choose a question.' },
  errorAnswer: { id: 'account.error.answer', defaultMessage: 'Enter an answer.' },
  errorCoParentEmail: { id: 'account.error.coParentEmail', defaultMessage: 'Enter a valid email address.' },
  notComplete: {
    id: 'account.notComplete',
    defaultMessage: 'Your sign-up is not complete yet. Check the earlier steps.',
  },
});

export const faqMessages = defineMessages({
  heading: { id: 'faq.heading', defaultMessage: 'Frequently asked questions' },
  q1: { id: 'faq.q1', defaultMessage: 'Does my co-parent need to pay too?' },
  a1: {
    id: 'faq.a1',
    defaultMessage:
      'Yes. Each parent has their own subscription. Your co-parent can join your family with an invitation.',
  },
  q2: { id: 'faq.q2', defaultMessage: 'Can I change my plan later?' },
  a2: { id: 'faq.a2', defaultMessage: 'Yes. You can upgrade at any time and pay only the prorated difference.' },
  q3: { id: 'faq.q3', defaultMessage: 'Is my payment secure?' },
  a3: {
    id: 'faq.a3',
    defaultMessage:
      'Yes. Card details are entered in fields hosted by our payment provider and never reach our servers.',
  },
  q4: { id: 'faq.q4', defaultMessage: 'What if my payment is declined?' },
  a4: {
    id: 'faq.a4',
    defaultMessage: 'Nothing is charged. Check the card details or use another card, and try again.',
  },
});

export const inviteMessages = defineMessages({
  loading: { id: 'invite.loading', defaultMessage: 'Checking your invitation…' },
  coParents: { id: 'invite.coParents', defaultMessage: 'You are joining the family of {names}.' },
  requestTitle: { id: 'invite.request.title', defaultMessage: 'Ask for a new invitation' },
  requestBody: {
    id: 'invite.request.body',
    defaultMessage:
      'This invitation link is no longer valid. Ask your co-parent to send you a new invitation from their OurFamilyWizard account.',
  },
  requestOrJoin: { id: 'invite.request.orJoin', defaultMessage: 'You can also sign up on your own.' },
  loadFailed: { id: 'invite.loadFailed', defaultMessage: 'We could not load your invitation. Please try again later.' },
});
