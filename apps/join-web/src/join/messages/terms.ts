import { defineMessages } from '../../i18n/define-messages.js';

export const termsMessages = /* @__PURE__ */ defineMessages({
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
