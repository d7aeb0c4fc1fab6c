import { defineMessages } from '../../i18n/define-messages.js';

/** The "Check your e-mail" step: the one-time code that proves the parent's address (docs/IDENTITY.md). */
export const emailMessages = /* @__PURE__ */ defineMessages({
  intro: {
    id: 'email.intro',
    description:
      'First sentence of the step that confirms the e-mail address; {email} is the address the parent typed.',
    defaultMessage: 'We sent a 6-digit code to {email}. Enter it below to confirm that this address is yours.',
  },
  sending: {
    id: 'email.sending',
    description: 'Shown while the code e-mail is being sent on the step that confirms the e-mail address.',
    defaultMessage: 'Sending your code…',
  },
  codeLabel: {
    id: 'email.codeLabel',
    description: 'Label of the field where the parent types or pastes the 6-digit code from the e-mail.',
    defaultMessage: 'Code from the e-mail',
  },
  codeHint: {
    id: 'email.codeHint',
    description:
      'Help text under the code field; {minutes} is how long the code works (10). The code arrives by e-mail.',
    defaultMessage: 'The code works for {minutes} minutes. Check your spam folder if it does not arrive.',
  },
  confirm: {
    id: 'email.confirm',
    description: 'Button that sends the code the parent entered, to confirm the e-mail address.',
    defaultMessage: 'Confirm',
  },
  resend: {
    id: 'email.resend',
    description: 'Button that e-mails a new code (the earlier one stops working).',
    defaultMessage: 'Send a new code',
  },
  resendIn: {
    id: 'email.resendIn',
    description: 'The "Send a new code" button while it waits; {seconds} is the number of seconds left.',
    defaultMessage: 'Send a new code in {seconds, plural, one {# second} other {# seconds}}',
  },
  resent: {
    id: 'email.resent',
    description: 'Announced after a new code was sent; {email} is the address.',
    defaultMessage: 'A new code is on its way to {email}.',
  },
  changeEmail: {
    id: 'email.changeEmail',
    description:
      'Link-style button for a parent who typed the wrong address: it signs out and starts the sign-up again.',
    defaultMessage: 'Wrong address? Start again with another one',
  },
  invalid: {
    id: 'email.invalid',
    description: 'Error of the code field when what was entered is not 6 digits.',
    defaultMessage: 'Enter the 6 digits from the e-mail.',
  },
  incorrect: {
    id: 'email.incorrect',
    description: 'Error of the code field after a wrong code; {tries} is how many more tries the code takes.',
    defaultMessage:
      'That code is not right. {tries, plural, one {You can try # more time.} other {You can try # more times.}}',
  },
  expired: {
    id: 'email.expired',
    description: 'Error of the code field when the code is older than 10 minutes (or was replaced by a newer one).',
    defaultMessage: 'This code has expired. Send a new code and enter it.',
  },
  tooManyTries: {
    id: 'email.tooManyTries',
    description: 'Error of the code field after 5 wrong tries: the code no longer works.',
    defaultMessage: 'Too many wrong tries for this code. Send a new code and enter it.',
  },
  verified: {
    id: 'email.verified',
    description: 'Shown on the e-mail step when the address is confirmed.',
    defaultMessage: 'Your e-mail address is confirmed.',
  },
  existingTitle: {
    id: 'email.existing.title',
    description: 'Heading shown after the right code when this address already has an OurFamilyWizard account.',
    defaultMessage: 'You already have an account',
  },
  existingCurrent: {
    id: 'email.existing.current',
    description:
      'After the right code: the address has an account with a subscription that is still running, so nothing is paid here.',
    defaultMessage:
      'This address already has an OurFamilyWizard account with a current subscription. Sign in to use it; you can upgrade your plan from your account. Nothing was charged.',
  },
  existingOther: {
    id: 'email.existing.other',
    description:
      'After the right code: the address has an account whose subscription is not running; the parent can sign in or go on.',
    defaultMessage:
      'This address already has an OurFamilyWizard account. Sign in to use it, or go on to create a new subscription.',
  },
  signIn: {
    id: 'email.signIn',
    description: 'Link to the sign-in page of OurFamilyWizard, for a parent who already has an account.',
    defaultMessage: 'Sign in',
  },
});
