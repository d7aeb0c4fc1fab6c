import { defineMessages } from '../../i18n/define-messages.js';

export const termsMessages = /* @__PURE__ */ defineMessages({
  intro: {
    id: 'terms.intro',
    description: 'Sentence before the list of terms the parent accepts by continuing.',
    defaultMessage: 'By continuing you agree to the following:',
  },
  service: {
    id: 'terms.service',
    description:
      'Item of the terms list: the product’s legal documents. <terms>…</terms> and <privacy>…</privacy> become links to the Terms of Service and the Privacy Policy: keep both tags around the document names.',
    defaultMessage: 'The OurFamilyWizard <terms>Terms of Service</terms> and <privacy>Privacy Policy</privacy>.',
  },
  newTab: {
    id: 'terms.newTab',
    description: 'Read by screen readers after a legal document link of the terms list, which opens in a new tab.',
    defaultMessage: '(opens in a new tab)',
  },
  coparent: {
    id: 'terms.coparent',
    description: 'Item of the terms list: the other parent pays for their own subscription.',
    defaultMessage: 'Your co-parent needs their own subscription to join your family account.',
  },
  plan: {
    id: 'terms.plan',
    description:
      'Item of the terms list: the plan chosen, its price and its term (what the product charges). Placeholder wording for the legal team to replace; it must promise nothing the product does not do (no refunds, nothing about renewal).',
    defaultMessage: '{plan}: {price} for {years, plural, one {# year} other {# years}}, billed once when you pay.',
  },
  termEnd: {
    id: 'terms.termEnd',
    description:
      'Item of the terms list: what happens at the end of the term (the subscription is current for the term, then expired). Placeholder wording for the legal team to replace; say nothing about renewal or refunds.',
    defaultMessage:
      'Your subscription is current for {years, plural, one {# year} other {# years}} from the day you pay and expires at the end of that term.',
  },
});
