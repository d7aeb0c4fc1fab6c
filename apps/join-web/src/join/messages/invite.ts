import { defineMessages } from '../../i18n/define-messages.js';

export const inviteMessages = /* @__PURE__ */ defineMessages({
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
  invalid: {
    id: 'invite.invalid',
    description: 'Shown when an invitation link is refused by the server: it expired, was used, or was replaced.',
    defaultMessage:
      'This invitation link no longer works: it may have expired, been used already, or been replaced by a newer invitation.',
  },
  invalidHowTo: {
    id: 'invite.invalid.howTo',
    description: 'Link under an invalid invitation to the page that explains how to get a new invitation.',
    defaultMessage: 'How to get a new invitation',
  },
  requestWhy: {
    id: 'invite.request.why',
    description: 'Page for an unusable invitation: why an invitation link stops working.',
    defaultMessage:
      'An invitation link works once, for a limited time, and a newer invitation replaces an older one. Your co-parent can send a new one at any time.',
  },
  requestStepsTitle: {
    id: 'invite.request.stepsTitle',
    description: 'Heading of the steps to get a new invitation.',
    defaultMessage: 'How to get a new invitation',
  },
  requestStepSignIn: {
    id: 'invite.request.step.signIn',
    description: 'Step 1 of getting a new invitation.',
    defaultMessage: 'Ask your co-parent to sign in to their OurFamilyWizard account.',
  },
  requestStepSend: {
    id: 'invite.request.step.send',
    description: 'Step 2 of getting a new invitation.',
    defaultMessage:
      'Ask them to send a new invitation to the email address you use, and check that they typed it right.',
  },
  requestStepOpen: {
    id: 'invite.request.step.open',
    description: 'Step 3 of getting a new invitation.',
    defaultMessage:
      'Open the link in the newest invitation email. If it does not arrive, look in your spam or junk folder.',
  },
});
