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
});
