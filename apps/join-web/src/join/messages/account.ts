import { defineMessages } from '../../i18n/define-messages.js';

export const accountMessages = /* @__PURE__ */ defineMessages({
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
    description: 'Error under a security answer field when it is empty or shorter than 3 characters.',
    defaultMessage: 'Enter an answer of at least 3 characters.',
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
