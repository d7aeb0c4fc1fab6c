import { defineMessages } from '../../i18n/define-messages.js';

export const faqMessages = /* @__PURE__ */ defineMessages({
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
