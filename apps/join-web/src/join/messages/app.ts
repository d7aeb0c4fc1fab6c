import { defineMessages } from '../../i18n/define-messages.js';

export const appMessages = /* @__PURE__ */ defineMessages({
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

/** A step's request failed and can be retried (README "Recoverable failures"); shown with a Try again button. */
export const failureMessages = /* @__PURE__ */ defineMessages({
  loadFailed: {
    id: 'app.error.loadFailed',
    description:
      'Error on a sign-up step whose content (plans, payment form, questions…) could not be loaded; a Try again button follows.',
    defaultMessage: 'This step could not be loaded. Check your connection and try again.',
  },
  saveFailed: {
    id: 'app.error.saveFailed',
    description: 'Error when what the parent entered on a sign-up step could not be saved; a Try again button follows.',
    defaultMessage: 'What you entered could not be saved. Check your connection and try again.',
  },
  timeout: {
    id: 'app.error.timeout',
    description: 'Error when the server did not answer in time (about 20 seconds); a Try again button follows.',
    defaultMessage: 'The server took too long to answer. Check your connection and try again.',
  },
});

/** The header's session line on every step after the sign-up: who is signed in, and a way out. */
export const sessionMessages = /* @__PURE__ */ defineMessages({
  signedInAs: {
    id: 'app.session.signedInAs',
    description:
      'Header text on the sign-up steps after the account was created; {email} is the parent’s email address.',
    defaultMessage: 'Signed in as {email}.',
  },
  notYou: {
    id: 'app.session.notYou',
    description: 'Header text just before the Sign out button, for someone who finds another person’s sign-up open.',
    defaultMessage: 'Not you?',
  },
  signOut: {
    id: 'app.session.signOut',
    description: 'Header button that ends the session, forgets the sign-up in this tab and starts an empty one.',
    defaultMessage: 'Sign out',
  },
  signOutFailed: {
    id: 'app.session.signOutFailed',
    description:
      'Error in the header when signing out failed (no connection or the server did not answer); Sign out can be pressed again.',
    defaultMessage: 'We could not sign you out. Check your connection and press Sign out again.',
  },
});

/** Problems any step can get from join-api, explained in the page instead of "unexpected error". */
export const problemMessages = /* @__PURE__ */ defineMessages({
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
  /** 409 `not_paid_yet`: the co-parent is invited only once the subscription is paid. */
  notPaidYet: {
    id: 'app.error.notPaidYet',
    description:
      'Error banner on the last step when the server refuses to invite the co-parent because the payment is not complete yet.',
    defaultMessage:
      'Your co-parent can be invited once your payment is complete. Go back to the payment step to finish it.',
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

export const stepMessages = /* @__PURE__ */ defineMessages({
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
  email: {
    id: 'steps.email',
    description: 'Name of the sign-up step where the parent enters the code e-mailed to them, to confirm the address.',
    defaultMessage: 'Check your e-mail',
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

/** Shown while a step's chunk or the card fields load (the payment step's, also by JoinStepper on the first screen). */
export const loadingMessages = /* @__PURE__ */ defineMessages({
  cardLoading: {
    id: 'payment.cardLoading',
    description: 'Shown while the secure card fields of the payment provider load.',
    defaultMessage: 'Loading secure card fields…',
  },
});
